//! Behaviour of the compiler beyond the golden fixture: logoc 1.3's quirks and errors as the
//! reference describes them, the other versions, and the limits.

use super::*;

fn v13(src: &str) -> Vec<u8> {
    match compile(src.as_bytes(), LogoVersion::V1_3) {
        Ok(c) => c.data,
        Err(e) => panic!("{src:?}: {}", e.message),
    }
}

/// `src` compiles in 1.3 to exactly `want`.
#[track_caller]
fn compiles_to(src: &str, want: &[u8]) {
    assert_eq!(v13(src), want);
}

fn in_version(src: &str, v: LogoVersion) -> Vec<u8> {
    match compile(src.as_bytes(), v) {
        Ok(c) => c.data,
        Err(e) => panic!("{src:?} in {}: {}", v.as_str(), e.message),
    }
}

fn err(src: &str, v: LogoVersion) -> LogoError {
    match compile(src.as_bytes(), v) {
        Ok(c) => panic!("{src:?} compiled to {:?}", c.data),
        Err(e) => e,
    }
}

fn main_of(body: &str) -> String {
    format!("to main\n{body}\nend\n")
}

#[test]
fn reference_layout_example_u05() {
    // reference §3.3: the callee starts with its parameter count at offset 9.
    let src = "to main\nshow double 21\nend\nto double :v\noutput v * 2\nend\n";
    let want = [1, 21, 110, 0, 9, 1, 2, 99, 0, 1, 6, 0, 1, 2, 25, 8, 7];
    compiles_to(src, &want);
}

#[test]
fn reports_the_compile_errors_the_reference_reproduced() {
    let cases: &[(&str, LogoErrorCode, usize)] = &[
        (
            "to main\nshow add 3 4\nend\nto add :a :b\noutput :a + :b\nend\n",
            LogoErrorCode::Syntax,
            5,
        ),
        (
            "to main\nREPEAT 3 [ beep ]\nend\n",
            LogoErrorCode::Syntax,
            2,
        ),
        (
            "to main\nbeep\nshow y\nend\n",
            LogoErrorCode::UnknownName,
            3,
        ),
        ("to main\nshow -5\nend\n", LogoErrorCode::Syntax, 2),
        ("to main\nset order 1\nend\n", LogoErrorCode::Syntax, 2),
        ("to main\nshow random\nend\n", LogoErrorCode::Syntax, 3),
        ("to main\nbeep\nEND\n", LogoErrorCode::Syntax, 3),
    ];
    for (src, code, line) in cases {
        let e = err(src, LogoVersion::V1_3);
        assert_eq!((e.code, e.line), (*code, *line), "{src:?}: {}", e.message);
        assert!(
            e.message.starts_with(&format!("Line {line}: ")),
            "{}",
            e.message
        );
    }
}

#[test]
fn error_messages_name_the_token_and_the_unknown_name() {
    let e = err(&main_of("show :a"), LogoVersion::V1_3);
    assert_eq!(e.message, "Line 2: Syntax error at ':a'");
    let e = err(&main_of("beep\nshow y + 1"), LogoVersion::V1_3);
    assert_eq!(e.message, "Line 3: I don't know the expression 'y'");
    let e = err("to main\nbeep\n", LogoVersion::V1_3);
    assert_eq!(e.message, "Line 3: Syntax error at the end of the program");
}

#[test]
fn a_global_exists_only_after_its_first_set() {
    assert_eq!(
        err(&main_of("set x x + 1"), LogoVersion::V1_3).code,
        LogoErrorCode::UnknownName
    );
    // Slots follow the order of the first `set`, across procedures.
    let src = "to main\nset b 1\nset a 2\nshow a\nend\nto f\nshow b\nend\n";
    compiles_to(
        src,
        &[
            1, 0, 1, 1, 35, 1, 1, 1, 2, 35, 1, 1, 36, 1, 2, 99, 0, 0, 1, 0, 36, 1, 2, 99, 7,
        ],
    );
}

#[test]
fn parameters_shadow_globals_and_are_read_without_a_colon() {
    let src = "to main\nset n 7\nf 1\nend\nto f :n\nshow n\nend\n";
    let want = [1, 0, 1, 7, 35, 1, 1, 110, 0, 11, 0, 1, 6, 0, 1, 2, 99, 7];
    compiles_to(src, &want);
}

#[test]
fn a_call_binds_tighter_than_any_operator() {
    let src = "to main\nshow f 1 + 2\nend\nto f :x\noutput x\nend\n";
    // (f 1) + 2
    let want = [1, 1, 110, 0, 12, 1, 2, 23, 1, 2, 99, 0, 1, 6, 0, 8, 7];
    compiles_to(src, &want);
    // Earlier inputs of a call take whole expressions; the last takes one operand:
    // (g (1 + 2) 3) * 4
    let src = "to main\nshow g 1 + 2 3 * 4\nend\nto g :a :b\noutput a\nend\n";
    compiles_to(
        src,
        &[
            1, 3, 1, 1, 1, 2, 23, 110, 0, 17, 1, 4, 25, 1, 2, 99, 0, 2, 6, 0, 8, 7,
        ],
    );
}

#[test]
fn operator_precedence_follows_logoc() {
    // not takes + - * / % but not comparisons: (not (1 + 2)) = 3
    let want = [1, 1, 1, 2, 23, 34, 1, 3, 28, 3, 2, 12, 4, 10, 0];
    compiles_to(&main_of("if not 1 + 2 = 3 [ beep ]"), &want);
    // one-input reporters take one operand: (random 5) * 2
    let want = [1, 5, 22, 1, 2, 25, 1, 2, 99, 0];
    compiles_to(&main_of("show random 5 * 2"), &want);
    // left associative: (10 - 3) - 2; and/or are loosest
    let want = [1, 10, 1, 3, 24, 1, 2, 24, 1, 1, 29, 1, 1, 31, 1, 2, 99, 0];
    compiles_to(&main_of("show 10 - 3 - 2 > 1 and 1"), &want);
    // i2cread: the address takes a whole expression, the register one operand
    let want = [1, 2, 1, 80, 1, 1, 23, 108, 1, 2, 99, 0];
    compiles_to(&main_of("show i2cread 80 + 1 2"), &want);
}

#[test]
fn words_of_the_to_line_count_as_parameters() {
    // logoc reads `; flash it` as three more inputs of `blink`.
    let src = "to main\nblink 1 2 3\nend\nto blink ; flash it\nbeep\nend\n";
    assert_eq!(v13(src), vec![1, 3, 1, 2, 1, 1, 110, 0, 10, 0, 3, 12, 7]);
    assert_eq!(
        err(
            "to main\nblink\nend\nto blink ; flash it\nbeep\nend\n",
            LogoVersion::V1_3
        )
        .code,
        LogoErrorCode::Syntax
    );
}

#[test]
fn an_end_with_a_comment_breaks_the_procedure_structure() {
    let e = err(
        "to main\nbeep\nend ; main\nto foo\nbeep\nend\n",
        LogoVersion::V1_3,
    );
    assert_eq!((e.code, e.line), (LogoErrorCode::Procedure, 4));
}

#[test]
fn the_last_definition_of_a_name_is_called() {
    let src = "to main\nf\nend\nto f\nbeep\nend\nto f\nledon\nend\n";
    assert_eq!(v13(src), vec![110, 0, 7, 0, 0, 12, 7, 0, 85, 7]);
}

#[test]
fn calls_to_procedures_with_more_than_six_inputs_fail() {
    let src = "to main\nf 1 2 3 4 5 6 7\nend\nto f :a :b :c :d :e :g :h\nbeep\nend\n";
    let e = err(src, LogoVersion::V1_3);
    assert_eq!((e.code, e.line), (LogoErrorCode::TooManyInputs, 2));
    // Defining one is fine as long as nobody calls it.
    let src = "to main\nbeep\nend\nto f :a :b :c :d :e :g :h\nbeep\nend\n";
    assert_eq!(v13(src), vec![12, 0, 7, 12, 7]);
}

#[test]
fn numbers_pick_their_width_and_stop_at_65535() {
    compiles_to(
        &main_of("show 255\nshow 256\nshow 65535"),
        &[
            1, 255, 1, 2, 99, 2, 1, 0, 1, 2, 99, 2, 255, 255, 1, 2, 99, 0,
        ],
    );
    let e = err(&main_of("beep\nshow 70000"), LogoVersion::V1_3);
    assert_eq!((e.code, e.line), (LogoErrorCode::NumberRange, 3));
}

#[test]
fn show_text_uses_the_short_mode_up_to_five_characters_in_1_3() {
    let want = [111, 5, 97, 98, 99, 100, 101, 1, 3, 99, 0];
    compiles_to(&main_of("show \"abcde\""), &want);
    let want = [111, 6, 97, 98, 99, 100, 101, 102, 1, 5, 99, 0];
    compiles_to(&main_of("show \"abcdef\""), &want);
    assert_eq!(v13(&main_of("show \"\"")), vec![111, 0, 1, 3, 99, 0]);
}

#[test]
fn text_is_utf8_and_at_most_255_bytes() {
    compiles_to(&main_of("say \"ไ\""), &[111, 3, 0xE0, 0xB9, 0x84, 234, 0]);
    let long = "x".repeat(256);
    let e = err(&main_of(&format!("say \"{long}\"")), LogoVersion::V1_3);
    assert_eq!(e.code, LogoErrorCode::TextTooLong);
}

#[test]
fn lists_of_256_bytes_or_more_are_long_lists() {
    let body = "beep ".repeat(254);
    assert_eq!(v13(&main_of(&format!("forever [ {body}]")))[..2], [3, 255]);
    let body = "beep ".repeat(255);
    assert_eq!(
        v13(&main_of(&format!("forever [ {body}]")))[..3],
        [109, 1, 0]
    );
}

#[test]
fn ifstatechange_ids_are_given_when_the_command_ends() {
    // The inner command ends first, so it gets 0.
    assert_eq!(
        v13(&main_of(
            "ifstatechange switch1 [ ifstatechange switch2 [ beep ] ]"
        )),
        vec![1, 1, 1, 1, 56, 3, 11, 1, 0, 1, 2, 56, 3, 2, 12, 4, 48, 4, 48, 0]
    );
}

#[test]
fn list_lengths_overcount_in_1_3_only() {
    // logoc's text form leaves an empty item when a list starts with `waituntil` or
    // `forever`; the enclosing list counts it. 1.3 reproduces that, 1.4 and 2.1 do not.
    let src = main_of("forever [ if sensor1 > 500 [ waituntil [ sensor1 < 100 ] beep ] ]");
    let tail = [
        1, 1, 55, 2, 1, 244, 29, 3, 12, 3, 7, 1, 1, 55, 1, 100, 30, 5, 14, 12, 4, 10, 4, 15, 0,
    ];
    let mut want13 = vec![3, 24];
    want13.extend_from_slice(&tail);
    assert_eq!(v13(&src), want13);
    let mut want14 = vec![3, 23];
    want14.extend_from_slice(&tail);
    assert_eq!(in_version(&src, LogoVersion::V1_4), want14);
    assert_eq!(in_version(&src, LogoVersion::V2_1), want14);
}

#[test]
fn stray_characters_are_skipped_like_logoc() {
    assert_eq!(v13("to main\nbeep! , ?\nend\n"), vec![12, 0]);
}

#[test]
fn crlf_sources_compile_like_lf_sources() {
    let lf = "to main\nrepeat 2 [ beep ]\nend\nto f :a\nshow a\nend\n";
    assert_eq!(v13(&lf.replace('\n', "\r\n")), v13(lf));
}

#[test]
fn autorun_comes_from_the_first_procedure_name() {
    let c = compile(b"to AUTORUN\nbeep\nend\n", LogoVersion::V1_3);
    assert!(c.map(|c| c.auto_run).unwrap_or(false));
    let c = compile(
        b"to main\nbeep\nend\nto autorun\nbeep\nend\n",
        LogoVersion::V1_3,
    );
    assert!(!c.map(|c| c.auto_run).unwrap_or(true));
}

#[test]
fn the_byte_code_must_fit_in_2048_bytes() {
    // 2 bytes of LONG_LIST overhead aside, each `beep` is one byte.
    let fits = main_of(&format!("forever [ {}]", "beep ".repeat(2048 - 6)));
    assert_eq!(v13(&fits).len(), 2048);
    let over = main_of(&format!("forever [ {}]", "beep ".repeat(2048 - 5)));
    let e = err(&over, LogoVersion::V1_3);
    assert_eq!(e.code, LogoErrorCode::TooLarge);
    assert_eq!(
        e.message,
        "The Logo code is too large! I don't have enough memory to hold it"
    );
}

#[test]
fn empty_programs_and_bad_encodings_are_errors() {
    for src in ["", "   \n; only a comment\n"] {
        assert_eq!(err(src, LogoVersion::V1_3).code, LogoErrorCode::Empty);
    }
    let e = compile(b"to main\nshow \"\xff\"\nend\n", LogoVersion::V1_3).expect_err("bad utf-8");
    assert_eq!((e.code, e.line), (LogoErrorCode::Encoding, 2));
}

#[test]
fn unknown_versions_are_errors_not_fallbacks() {
    let e = compile_with(b"to main\nbeep\nend\n", "1.5").expect_err("unknown");
    assert_eq!(e.code, LogoErrorCode::UnknownVersion);
    assert_eq!(
        e.message,
        "Unknown Logo version '1.5'; use 1.2, 1.3, 1.4 or 2.1"
    );
    assert!(compile_with(b"to main\nbeep\nend\n", "2.1").is_ok());
}

#[test]
fn the_filter_runs_before_compiling_in_every_version() {
    for v in LogoVersion::ALL {
        let e = err("to main\nbeep\ncloud record \"9x\" 5\nend\n", v);
        assert_eq!((e.code, e.line), (LogoErrorCode::InvalidInput, 3));
        assert_eq!(
            e.message,
            "There is an invalid input in command \"cloud record\""
        );
    }
    assert_eq!(
        check_input(b"public cloud record \"a b\" 1").map_err(|e| e.message),
        Err("There is an invalid input in command \"public cloud record\"".to_string())
    );
}

/// `src` compiles to `want` in 1.4 and 2.1, and 1.2 and 1.3 refuse its line 2 as
/// unsupported; gives those two versions with their errors.
fn from_1_4_on(src: &str, want: &[u8]) -> Vec<(LogoVersion, LogoError)> {
    assert_eq!(in_version(src, LogoVersion::V1_4), want);
    assert_eq!(in_version(src, LogoVersion::V2_1), want);
    [LogoVersion::V1_2, LogoVersion::V1_3]
        .into_iter()
        .map(|v| {
            let e = err(src, v);
            assert_eq!(
                (e.code, e.line),
                (LogoErrorCode::Unsupported, 2),
                "{}",
                e.message
            );
            (v, e)
        })
        .collect()
}

#[test]
fn cloud_record_compiles_from_1_4() {
    let src = main_of("cloud record \"temp\" sensor1\npublic cloud record \"room_2 sensor2 + 1");
    let want = vec![
        1, 1, 55, 111, 4, 116, 101, 109, 112, 240, // value, name, CLOUD_RECORD
        1, 2, 55, 1, 1, 23, 111, 6, 114, 111, 111, 109, 95, 50, 241, 0,
    ];
    from_1_4_on(&src, &want);
    // Without a quoted name it is a syntax error.
    assert_eq!(
        err(&main_of("cloud record 5"), LogoVersion::V1_4).code,
        LogoErrorCode::Syntax
    );
}

#[test]
fn setanswer_compiles_from_1_4_and_stays_a_name_in_1_3() {
    let src = main_of("setanswer 42\nsetanswer sensor1 / 4");
    let want = vec![1, 42, 242, 1, 1, 55, 1, 4, 26, 242, 0];
    for (v, e) in from_1_4_on(&src, &want) {
        assert_eq!(
            e.message,
            format!(
                "Line 2: 'setanswer' is not available in Logo {}",
                v.as_str()
            )
        );
    }
    // A program's own procedure of that name is called, in every version (as logoc would).
    let own = "to main\nsetanswer 7\nend\nto setanswer :v\nbeep\nend\n";
    for v in [LogoVersion::V1_3, LogoVersion::V1_4, LogoVersion::V2_1] {
        assert_eq!(
            in_version(own, v),
            vec![1, 7, 110, 0, 6, 0, 1, 12, 7],
            "{}",
            v.as_str()
        );
    }
    // And a global of that name stays a global where the command does not exist.
    let want = [1, 0, 1, 3, 35, 1, 0, 36, 1, 2, 99, 0];
    compiles_to(&main_of("set setanswer 3\nshow setanswer"), &want);
}

#[test]
fn logo_1_2_uses_the_legacy_numbering() {
    let v = LogoVersion::V1_2;
    // sensors and switches: one opcode per port
    assert_eq!(
        in_version(&main_of("show sensor1 + sensor3\nif switch2 [ beep ]"), v),
        vec![55, 73, 23, 1, 2, 99, 58, 3, 2, 12, 4, 10, 0]
    );
    // motor selectors, and TALK_TO_MOTOR for the other sets
    assert_eq!(
        in_version(&main_of("a, on\nab, on\nabcd, off\nac, rd"), v),
        vec![46, 49, 48, 49, 66, 51, 1, 5, 90, 54, 0]
    );
    // calls: bit 7 set, 14-bit address; inputs pushed last first; LTHING reads them
    assert_eq!(
        in_version(
            "to main\nshow add 3 4\nend\nto add :a :b\noutput a + b\nend\n",
            v
        ),
        vec![1, 4, 1, 3, 0x80, 10, 1, 2, 99, 0, 2, 6, 0, 6, 1, 23, 8, 7]
    );
    // >= and <= become not (<) and not (>); random takes no input
    assert_eq!(
        in_version(&main_of("if 1 >= 2 [ beep ]\nshow random % 6"), v),
        vec![1, 1, 1, 2, 30, 34, 3, 2, 12, 4, 10, 22, 1, 6, 27, 1, 2, 99, 0]
    );
    // text for show: up to 4 characters in order (padded), else reversed with its length
    assert_eq!(
        in_version(&main_of("show \"hi\""), v),
        vec![1, 104, 1, 105, 1, 32, 1, 32, 1, 3, 99, 0]
    );
    assert_eq!(
        in_version(&main_of("show \"hello\""), v),
        vec![1, 111, 1, 108, 1, 108, 1, 101, 1, 104, 1, 5, 1, 5, 99, 0]
    );
    // gototrack writes register 1
    assert_eq!(
        in_version(&main_of("gototrack 2"), v),
        vec![1, 2, 1, 48, 23, 1, 1, 1, 184, 107, 1, 10, 16, 0]
    );
    // talk_to_motor works there (logoc 1.3 crashes on it)
    assert_eq!(
        in_version(&main_of("talk_to_motor 3"), v),
        vec![1, 3, 90, 0]
    );
}

#[test]
fn logo_1_2_rejects_what_the_legacy_set_lacks() {
    for (body, line) in [
        ("ifstatechange switch1 [ beep ]", 2),
        ("beep\ntalkto n5", 3),
        ("show aon?", 2),
        ("show apower", 2),
        ("show readsensor 1", 2),
        ("settickrate 10", 2),
        ("say \"hi\"", 2),
        ("usecamera", 2),
        ("sendmessage \"t\" 1", 2),
        ("record 1 \"f\"", 2),
        ("show random 10", 2),
    ] {
        let e = err(&main_of(body), LogoVersion::V1_2);
        assert!(
            matches!(e.code, LogoErrorCode::Unsupported | LogoErrorCode::Syntax),
            "{body}: {:?}",
            e
        );
        assert_eq!(e.line, line, "{body}: {}", e.message);
    }
    let e = err(&main_of("record 1 \"f\""), LogoVersion::V1_2);
    assert_eq!(
        e.message,
        "Line 2: 'record' with a file name is not available in Logo 1.2"
    );
    let long = main_of(&format!("forever [ {}]", "beep ".repeat(255)));
    let e = err(&long, LogoVersion::V1_2);
    assert_eq!((e.code, e.line), (LogoErrorCode::ListTooLong, 2));
}

#[test]
fn talk_to_motor_is_an_error_from_1_3_on() {
    for v in [LogoVersion::V1_3, LogoVersion::V1_4, LogoVersion::V2_1] {
        assert_eq!(
            err(&main_of("talk_to_motor 3"), v).code,
            LogoErrorCode::Unsupported
        );
    }
}

#[test]
fn every_error_about_a_line_says_so_in_its_message() {
    for src in [
        "to main\n\n\nshow ]\nend\n",
        "to main\nbeep\nshow zz\nend\n",
        "to main\nshow 99999\nend\n",
    ] {
        let e = err(src, LogoVersion::V1_3);
        assert!(e.line > 0);
        assert!(
            e.message.starts_with(&format!("Line {}: ", e.line)),
            "{}",
            e.message
        );
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let n = 10_000;
    for (src, code) in [
        (
            main_of(&format!("show {}1{}", "(".repeat(n), ")".repeat(n))),
            LogoErrorCode::TooDeep,
        ),
        (
            main_of(&format!("show {}1", "not ".repeat(n))),
            LogoErrorCode::TooDeep,
        ),
        (
            main_of(&format!("{}beep{}", "forever [ ".repeat(n), " ]".repeat(n))),
            LogoErrorCode::TooDeep,
        ),
        (
            main_of(&format!("show 1{}", " + 1".repeat(100 * n))),
            LogoErrorCode::TooLarge,
        ),
    ] {
        // A thread with the WebAssembly stack size (1 MiB).
        let result = std::thread::Builder::new()
            .stack_size(1 << 20)
            .spawn(move || compile(src.as_bytes(), LogoVersion::V1_3).map_err(|e| e.code))
            .map(|h| h.join());
        assert!(matches!(result, Ok(Ok(Err(c))) if c == code));
    }
    // 256 levels still compile.
    let src = main_of(&format!("show {}1{}", "(".repeat(255), ")".repeat(255)));
    assert_eq!(v13(&src), vec![1, 1, 1, 2, 99, 0]);
}

fn mistake_of(src: &str) -> Mistake {
    match compile_located(src.as_bytes(), LogoVersion::V1_3) {
        Ok(c) => panic!("{src:?} compiled to {:?}", c.data),
        Err(e) => e
            .mistake
            .unwrap_or_else(|| panic!("{src:?}: no mistake for {}", e.error.message)),
    }
}

fn on_line(line: usize, column: usize, text: &str) -> Mistake {
    Mistake {
        line,
        column,
        end_line: line,
        end_column: column + text.encode_utf16().count(),
        text: text.to_string(),
    }
}

#[test]
fn a_statement_short_of_inputs_is_the_mistake_not_the_next_line_where_logoc_stops() {
    let src = "to main\nbeep\nfoo 1\nend\n\nto foo :a :b\nbeep\nend\n";
    let e = compile_located(src.as_bytes(), LogoVersion::V1_3).expect_err("foo 1");
    // logoc's words stay (golden fixture); the mistake is `foo 1`, a line earlier.
    assert_eq!(e.error.message, "Line 4: Syntax error at 'end'");
    assert_eq!(e.mistake, Some(on_line(3, 0, "foo 1")));
    assert_eq!(
        mistake_of("to main\nshow random\nend\n"),
        on_line(2, 0, "show random")
    );
    assert_eq!(
        mistake_of("to main\n  repeat 3\nbeep\nend\n"),
        on_line(2, 2, "repeat 3")
    );
    assert_eq!(mistake_of("to main\nwait\nend"), on_line(2, 0, "wait"));
    assert_eq!(mistake_of("to main\nonfor"), on_line(2, 0, "onfor"));
}

#[test]
fn an_unclosed_list_is_blamed_on_the_statement_that_opened_it() {
    let src = "to main\nrepeat 4 [ beep\nwait 1\nend\n";
    assert_eq!(
        err(src, LogoVersion::V1_3).message,
        "Line 4: Syntax error at 'end'"
    );
    assert_eq!(mistake_of(src), on_line(2, 0, "repeat 4 ["));
    assert_eq!(
        mistake_of("to main\nforever [\n  if sensor1 > 5 [ on\nend\n"),
        on_line(3, 2, "if sensor1 > 5 [")
    );
    // The `]` closes the innermost list: the `forever` one is left open.
    assert_eq!(
        mistake_of("to main\nforever [\n  if sensor1 > 5 [ on\n]\nend\n"),
        on_line(2, 0, "forever [")
    );
}

#[test]
fn a_procedure_without_its_end_is_blamed_on_its_to_line() {
    assert_eq!(mistake_of("to main\nbeep\n"), on_line(1, 0, "to main"));
}

#[test]
fn other_mistakes_are_the_token_logoc_stops_at_in_utf16_columns() {
    assert_eq!(mistake_of(&main_of("show :a")), on_line(2, 5, ":a"));
    assert_eq!(mistake_of(&main_of("beep\nshow y + 1")), on_line(3, 5, "y"));
    assert_eq!(
        mistake_of(&main_of("REPEAT 3 [ beep ]")),
        on_line(2, 0, "REPEAT")
    );
    // Thai text before the word: three UTF-16 units, nine bytes.
    assert_eq!(mistake_of(&main_of("show \"ไทย\" y")), on_line(2, 11, "y"));
    // The golden fixture's error: the parameter used with its colon, on its own line.
    let src = "to main\nshow add 3 4\nend\n\nto add :a :b\noutput :a + :b\nend\n";
    assert_eq!(mistake_of(src), on_line(6, 7, ":a"));
}

#[test]
fn errors_after_the_parse_have_no_mistake() {
    let long = main_of(&"beep ".repeat(3000));
    let e = compile_located(long.as_bytes(), LogoVersion::V1_3).expect_err("too large");
    assert_eq!(e.error.code, LogoErrorCode::TooLarge);
    assert_eq!(e.mistake, None);
}

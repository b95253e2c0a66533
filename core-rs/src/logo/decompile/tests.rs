//! Decompiler behaviour on chosen programs and malformed byte code. The golden samples and
//! random programs are in `tests/logo_decompile.rs`.

use super::*;
use crate::logo::compile;

fn v13(src: &str) -> Vec<u8> {
    compile(src.as_bytes(), LogoVersion::V1_3)
        .expect("compiles")
        .data
}

fn round_trip(src: &str, version: LogoVersion) -> Decompiled {
    let c = compile(src.as_bytes(), version).expect("compiles");
    let d = decompile(&c.data, version, c.auto_run).expect("decompiles");
    assert!(d.exact, "{src}\n---\n{}", d.text);
    d
}

fn err(code: &[u8]) -> DecompileError {
    decompile(code, LogoVersion::V1_3, false).expect_err("fails")
}

#[test]
fn prints_readable_logo() {
    let d = round_trip(
        "to main\nforever [ if sensor1 > 500 [ ab, on ] ]\nend\n",
        LogoVersion::V1_3,
    );
    assert_eq!(
        d.text,
        "to main\nforever [ if sensor1 > 500 [ ab, on ] ]\nend\n"
    );
    let d = round_trip(
        "to autorun\nshow add 3 4\nend\n\nto add :a :b\noutput a + b\nend\n",
        LogoVersion::V1_3,
    );
    assert_eq!(
        d.text,
        "to autorun\nshow proc1 3 4\nend\n\nto proc1 :p1 :p2\noutput p1 + p2\nend\n"
    );
    assert_eq!(d.procedures, 2);
}

#[test]
fn parenthesizes_where_the_compiler_would_group_differently() {
    for src in [
        "show (1 + 2) * 3",
        "show 1 - (2 - 3)",
        "show (not 1) + 2",
        "show 1 * not 2 = 3",
        "show not (1 + 2 = 3)",
        "show f (1 + 2) 3",
        "show f 1 (2 + 3)",
        "show (f 1 2) + 3",
        "show random (4 + 1)",
        "show lowbyte not 5",
        "show i2cread 80 + 1 (2 * 3)",
        "if (key \"a\" = \"b\") and 1 [ beep ]",
        "show (1 < 2) = (3 > 4)",
        "show 1 and 2 or 3 xor 4",
        "show 1 and (2 or 3)",
        "show fact (n - 1) - 1",
    ] {
        let prog = format!(
            "to main\nset n 5\n{src}\nend\nto f :a :b\noutput a\nend\nto fact :x\noutput x\nend\n"
        );
        round_trip(&prog, LogoVersion::V1_3);
    }
}

#[test]
fn keeps_stop_dead_code_and_uncalled_procedures() {
    let d = round_trip(
        "to main\nbeep\nend\nto helper\nstop\nbeep\nend\nto other :x\noutput x\nend\nto last\nbeep\nstop\nend\n",
        LogoVersion::V1_3,
    );
    assert_eq!(d.procedures, 4);
    assert!(d.text.contains("to proc1\nstop\nbeep\nend\n"), "{}", d.text);
    assert!(d.text.contains("to proc3\nbeep\nstop\nend\n"), "{}", d.text);
}

#[test]
fn folds_voice_commands_back() {
    let d = round_trip(
        "to main\nplay\nnexttrack\ngototrack 1 + 2\nerasetracks\nend\n",
        LogoVersion::V1_3,
    );
    assert_eq!(
        d.text,
        "to main\nplay\nnexttrack\ngototrack 1 + 2\nerasetracks\nend\n"
    );
}

#[test]
fn the_first_procedure_may_call_itself_with_inputs() {
    let d = round_trip(
        "to main :n\nif n > 0 [ show n main (n - 1) ]\nend\n",
        LogoVersion::V1_4,
    );
    assert!(d.text.starts_with("to main :p1\n"), "{}", d.text);
}

#[test]
fn list_lengths_follow_the_version() {
    // The if list's first command is `forever`: logoc 1.3 counts one byte more in the
    // enclosing repeat list.
    let src = "to main\nrepeat 2 [ if 1 [ forever [ beep ] ] ]\nend\n";
    let c13 = v13(src);
    let c14 = compile(src.as_bytes(), LogoVersion::V1_4)
        .expect("compiles")
        .data;
    assert_ne!(c13, c14);
    round_trip(src, LogoVersion::V1_3);
    round_trip(src, LogoVersion::V1_4);
    let e = decompile(&c13, LogoVersion::V1_4, false).expect_err("1.3 bytes are not 1.4");
    assert_eq!((e.code, e.offset), (ErrorCode::ListLength, 2));
}

#[test]
fn cloud_record_and_text_commands() {
    round_trip(
        "to main\ncloud record \"temp\" sensor1\npublic cloud record \"t2\" 5\nsay \"hello\"\nsendmail \"a\" \"b\" \"c\"\nsendsms \"1\" \"x\"\nshowlogplot 3 \"f\"\nrecord 5 \"f\"\nsendmessage \"t\" \"v\"\nsendmessage \"t\" 1 + 2\ntalkto n7\ntalkto 300\nend\n",
        LogoVersion::V1_4,
    );
}

#[test]
fn erased_flash_after_the_program_is_ignored() {
    let mut area = v13("to main\nbeep\nend\nto f\nstop\nend\n");
    area.resize(2048, 0xFF);
    let d = decompile(&area, LogoVersion::V1_3, false).expect("decompiles");
    assert!(d.exact);
    assert_eq!(d.procedures, 2);
    assert_eq!(err(&[0xFF; 10]).code, ErrorCode::Empty);
}

#[test]
fn byte_code_no_program_compiles_to_is_inexact() {
    // LONG_LIST where a short list fits; NUM16 for a small number.
    for code in [
        &[109u8, 0, 2, 12, 4, 15, 0][..],
        &[2, 0, 5, 1, 2, 99, 0][..],
        &[111, 5, 104, 101, 108, 108, 111, 1, 5, 99, 0][..],
        &[0, 0, 7][..],
    ] {
        let d = decompile(code, LogoVersion::V1_3, false).expect("decompiles");
        assert!(!d.exact, "{code:?}: {}", d.text);
    }
}

#[test]
fn malformed_byte_code_gives_typed_errors() {
    let cases: &[(&[u8], ErrorCode, usize)] = &[
        (&[57, 0], ErrorCode::BadOpcode, 0),
        (&[12], ErrorCode::Truncated, 1),
        (&[1], ErrorCode::Truncated, 1),
        (&[111, 5, 104, 0], ErrorCode::Truncated, 0),
        (&[1, 5, 0], ErrorCode::Stack, 2),
        (&[3, 2, 12, 4, 9, 0], ErrorCode::Stack, 4),
        (&[1, 3, 3, 3, 12, 4, 9, 0], ErrorCode::ListLength, 2),
        (&[1, 1, 1, 2, 13, 0], ErrorCode::NotExpressible, 4),
        (&[110, 0, 9, 0], ErrorCode::BadCall, 0),
        (&[110, 0, 6, 0, 0, 1, 0, 1, 2, 99, 7], ErrorCode::BadCall, 6),
        (&[1, 0, 1, 3, 99, 0], ErrorCode::NotExpressible, 4),
        (&[4, 0], ErrorCode::Structure, 0),
        (&[0, 12], ErrorCode::Truncated, 2),
        (&[3, 1, 0, 0], ErrorCode::Structure, 2),
    ];
    for (code, want, offset) in cases {
        let e = err(code);
        assert_eq!((e.code, e.offset), (*want, *offset), "{code:?}: {e}");
        assert!(!e.message.is_empty());
    }
    assert_eq!(err(&[]).code, ErrorCode::Empty);
    assert_eq!(err(&[12; 2049]).code, ErrorCode::TooLarge);
    let e = decompile(&[12, 0], LogoVersion::V1_2, false).expect_err("legacy");
    assert_eq!(e.code, ErrorCode::UnsupportedVersion);
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    // 300 nested lists: LIST n … EOL around a beep.
    let mut code = vec![12u8];
    for _ in 0..300 {
        let n = code.len() + 1;
        let mut wrapped = if n < 256 {
            vec![3, n as u8]
        } else {
            vec![109, (n >> 8) as u8, n as u8]
        };
        wrapped.extend_from_slice(&code);
        wrapped.extend_from_slice(&[4, 15]);
        code = wrapped;
    }
    code.push(0);
    let e = decompile(&code, LogoVersion::V1_4, false).expect_err("too deep");
    assert_eq!(e.code, ErrorCode::TooDeep);
    // 600 operators in a chain nest too.
    let mut code = vec![1, 1];
    for _ in 0..600 {
        code.extend_from_slice(&[1, 1]);
    }
    code.extend_from_slice(&[23; 600]);
    code.extend_from_slice(&[1, 2, 99, 0]);
    assert_eq!(err(&code).code, ErrorCode::TooDeep);
}

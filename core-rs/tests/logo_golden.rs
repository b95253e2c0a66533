//! Every sample of the Logo 1.3 golden fixture (bytes produced by logoc 1.3) compiles to
//! exactly the same bytes and autorun state, and every compile-error sample fails.

mod common;

use gogo_core::logo::{compile, LogoErrorCode, LogoVersion};

#[test]
fn every_golden_sample_matches_logoc_1_3() {
    let samples = common::golden_samples();
    assert!(samples.len() >= 40, "fixture has {} samples", samples.len());
    let mut failures = Vec::new();
    for s in &samples {
        let result = compile(s.logo.as_bytes(), LogoVersion::V1_3);
        match (s.expect.as_str(), &result) {
            ("ok", Ok(c)) => {
                let want = s.data.as_ref().expect("ok sample has data");
                if &c.data != want {
                    failures.push(format!(
                        "{}: bytes differ\n  want {:?}\n  got  {:?}",
                        s.id, want, c.data
                    ));
                }
                if Some(c.auto_run) != s.auto_run {
                    failures.push(format!("{}: autoRunState {}", s.id, c.auto_run));
                }
            }
            ("compile_error", Err(e)) => {
                if let Some(m) = &s.message {
                    if &e.message != m {
                        failures.push(format!("{}: message {:?}, want {:?}", s.id, e.message, m));
                    }
                }
                if e.line == 0 {
                    failures.push(format!("{}: no line number", s.id));
                }
            }
            (expect, r) => failures.push(format!("{}: expected {expect}, got {r:?}", s.id)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn golden_ids_are_unique() {
    let samples = common::golden_samples();
    let mut ids: Vec<&str> = samples.iter().map(|s| s.id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), samples.len());
}

#[test]
fn the_error_sample_reports_the_syntax_error_with_its_line() {
    let samples = common::golden_samples();
    let s08b = samples.iter().find(|s| s.id == "s08b").expect("s08b");
    let e = compile(s08b.logo.as_bytes(), LogoVersion::V1_3).expect_err("fails");
    assert_eq!(e.code, LogoErrorCode::Syntax);
    assert_eq!(e.line, 6);
}

#[test]
fn golden_programs_compile_the_same_in_1_4_and_2_1() {
    // None of the samples nests a list that starts with `forever` or `waituntil` inside
    // another list, so the only 1.3-only quirk never shows and 1.4/2.1 agree with 1.3.
    for s in common::golden_samples().iter().filter(|s| s.expect == "ok") {
        let v13 = compile(s.logo.as_bytes(), LogoVersion::V1_3).expect("1.3");
        for v in [LogoVersion::V1_4, LogoVersion::V2_1] {
            let other = compile(s.logo.as_bytes(), v).expect("compiles");
            assert_eq!(other, v13, "{} in {}", s.id, v.as_str());
        }
    }
}

#[test]
fn the_2k_benchmark_program_compiles_in_the_1_3_family() {
    let src = include_bytes!("fixtures/logo-2k-program.logo");
    for v in [LogoVersion::V1_3, LogoVersion::V1_4, LogoVersion::V2_1] {
        let c = compile(src, v).expect("compiles");
        assert!(c.auto_run);
        assert!(
            c.data.len() > 500 && c.data.len() <= 2048,
            "{}",
            c.data.len()
        );
    }
    // It uses text commands, which the legacy set lacks.
    let e = compile(src, LogoVersion::V1_2).expect_err("1.2 has no STRING");
    assert_eq!(e.code, LogoErrorCode::Unsupported);
}

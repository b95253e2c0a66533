//! The decompiler's round trip: for every golden sample and for thousands of random valid
//! programs (generate Logo, compile, decompile, recompile) the recompiled bytes equal the
//! original bytes; random and mutated byte code never panics and gives text or a typed
//! error. Seeded, so a failure is reproducible.

mod common;

use common::Rng;
use gogo_core::logo::decompile::decompile;
use gogo_core::logo::{compile, LogoErrorCode, LogoVersion};
use std::panic::{catch_unwind, AssertUnwindSafe};

#[test]
fn every_golden_sample_decompiles_to_text_that_compiles_to_the_same_bytes() {
    let mut checked = 0;
    for s in common::golden_samples() {
        let data = match (&s.data, s.expect.as_str()) {
            (Some(d), "ok") => d,
            _ => continue,
        };
        let auto_run = s.auto_run.unwrap_or(false);
        let d = decompile(data, LogoVersion::V1_3, auto_run)
            .unwrap_or_else(|e| panic!("{}: {e}\n{}", s.id, s.logo));
        let again = compile(d.text.as_bytes(), LogoVersion::V1_3)
            .unwrap_or_else(|e| panic!("{}: {}\n{}", s.id, e.message, d.text));
        assert_eq!(&again.data, data, "{}:\n{}", s.id, d.text);
        assert_eq!(again.auto_run, auto_run, "{}", s.id);
        assert!(d.exact, "{}", s.id);
        checked += 1;
    }
    assert!(checked >= 39, "{checked} samples");
}

/// Random programs that the compiler accepts, using every kind of statement and
/// expression the 1.3 grammar has.
struct Gen<'r> {
    rng: &'r mut Rng,
    version: LogoVersion,
    procs: Vec<(String, usize)>,
    params: Vec<String>,
    globals: Vec<String>,
    in_procedure: bool,
}

#[rustfmt::skip]
const REPORTERS: &[&str] = &[
    "timer", "sensor1", "sensor8", "switch3", "seconds", "year", "recall", "aon?", "bcw?",
    "abcdoff?", "cthatway?", "dpower", "newir?", "tickcount", "getpos", "ir", "serial",
    "newserial?", "facefound?", "screentapped?", "rfidtagfound?", "cameraison", "readrfid",
    "intkey \"speed\"", "key \"color\" = \"red\"",
];
#[rustfmt::skip]
const COMMANDS: &[&str] = &[
    "beep", "on", "off", "rd", "cw", "ccw", "thisway", "thatway", "ledon", "ledoff", "resett",
    "resetdp", "cls", "stopall", "rtc_init", "talk_to_7seg_1", "talk_to_lcd_2", "cleartick",
    "a,", "ab,", "abcd,", "bd,", "c, on", "play", "nexttrack", "prevtrack", "erasetracks",
    "usecamera", "takesnapshot", "clearkeys", "say \"hi there\"", "playsound \"a.wav\"",
    "showimage \"x\"", "newrecordfile \"log\"", "sendmail \"a@b\" \"s\" \"body\"",
    "sendsms \"123\" \"hi\"", "showlogplot \"f\"", "show \"hi\"", "show \"hello\"",
    "show \"hello world\"", "sendmessage \"t\" \"v\"", "talkto n5", "talkto n300", "stop",
];
#[rustfmt::skip]
const ONE_INPUT: &[&str] = &[
    "wait", "onfor", "setpower", "seth", "lt", "rt", "setdp", "erase", "record", "show",
    "setpos", "settickrate", "talkto", "gototrack", "writerfid", "sendmessage \"t\"",
];
#[rustfmt::skip]
const OPS: &[&str] = &["+", "-", "*", "/", "%", "<", "<=", ">", ">=", "=", "and", "or", "xor"];

impl<'r> Gen<'r> {
    fn expr(&mut self, depth: usize) -> String {
        let pool: Vec<String> = self.params.iter().chain(&self.globals).cloned().collect();
        let pick = if depth == 0 {
            self.rng.below(3)
        } else {
            self.rng.below(11)
        };
        match pick {
            0 => {
                let limit = if self.rng.chance(80) { 256 } else { 65536 };
                self.rng.below(limit).to_string()
            }
            1 if !pool.is_empty() => self.rng.pick(&pool).clone(),
            1 | 2 => self.rng.pick(REPORTERS).to_string(),
            3 | 4 => {
                let op = *self.rng.pick(OPS);
                format!("{} {op} {}", self.expr(depth - 1), self.expr(depth - 1))
            }
            5 => format!("( {} )", self.expr(depth - 1)),
            6 => {
                let f = *self.rng.pick(&[
                    "not",
                    "random",
                    "lowbyte",
                    "highbyte",
                    "readsensor",
                    "readswitch",
                ]);
                format!("{f} {}", self.expr(depth - 1))
            }
            7 | 8 if !self.procs.is_empty() => {
                let (name, n) = self.rng.pick(&self.procs).clone();
                let call = format!("{name} {}", self.call_args(n, depth - 1));
                if self.rng.chance(50) {
                    format!("( {call} )")
                } else {
                    call
                }
            }
            9 => format!("i2cread {} {}", self.expr(depth - 1), self.expr(0)),
            _ => format!("not ( {} )", self.expr(depth - 1)),
        }
    }

    /// A call's inputs: the last one takes a single operand, so a compound one goes in
    /// parentheses; earlier ones are whole expressions, sometimes parenthesized anyway.
    fn call_args(&mut self, n: usize, depth: usize) -> String {
        let mut args = Vec::new();
        for i in 0..n {
            let a = self.expr(depth);
            let simple = !a.contains(' ');
            args.push(if (i + 1 == n && !simple) || self.rng.chance(20) {
                format!("( {a} )")
            } else {
                a
            });
        }
        args.join(" ")
    }

    fn block(&mut self, depth: usize) -> String {
        if self.rng.chance(1) {
            // A long list (LONG_LIST).
            return format!("[ {} ]", vec!["beep"; 260 + self.rng.below(20)].join(" "));
        }
        let n = 1 + self.rng.below(3);
        let body: Vec<String> = (0..n).map(|_| self.stmt(depth.saturating_sub(1))).collect();
        format!("[ {} ]", body.join(" "))
    }

    fn stmt(&mut self, depth: usize) -> String {
        let pick = if depth == 0 {
            self.rng.below(4)
        } else {
            self.rng.below(14)
        };
        match pick {
            0 => {
                let c = *self.rng.pick(COMMANDS);
                if c == "stop" && !self.in_procedure && self.rng.chance(50) {
                    "beep".to_string()
                } else {
                    c.to_string()
                }
            }
            1 | 2 => {
                let c = *self.rng.pick(ONE_INPUT);
                format!("{c} {}", self.expr(2))
            }
            3 => {
                let name = format!("g{}", self.rng.below(5));
                let s = format!("set {name} {}", self.expr(2));
                if !self.globals.contains(&name) {
                    self.globals.push(name);
                }
                s
            }
            4 => format!("forever {}", self.block(depth)),
            5 => format!("waituntil [ {} ]", self.expr(2)),
            6 => format!("repeat {} {}", self.expr(1), self.block(depth)),
            7 => format!("if {} {}", self.expr(2), self.block(depth)),
            8 => format!(
                "ifelse {} {} {}",
                self.expr(2),
                self.block(depth),
                self.block(depth)
            ),
            9 => format!("ifstatechange {} {}", self.expr(1), self.block(depth)),
            10 if !self.procs.is_empty() => {
                let (name, n) = self.rng.pick(&self.procs).clone();
                format!("{name} {}", self.call_args(n, 2))
            }
            11 if self.in_procedure => format!("output {}", self.expr(2)),
            12 if self.version != LogoVersion::V1_3 => {
                let public = if self.rng.chance(50) { "public " } else { "" };
                format!("{public}cloud record \"temp\" {}", self.expr(2))
            }
            13 => format!(
                "i2cwrite {} {} {}",
                self.expr(1),
                self.expr(1),
                self.expr(1)
            ),
            _ if self.rng.chance(50) => format!("showlogplot {} \"plot\"", self.expr(1)),
            _ => format!("record {} \"file\"", self.expr(1)),
        }
    }

    fn program(rng: &'r mut Rng, version: LogoVersion) -> String {
        let mut g = Gen {
            rng,
            version,
            procs: Vec::new(),
            params: Vec::new(),
            globals: Vec::new(),
            in_procedure: false,
        };
        let count = 1 + g.rng.below(5);
        let mut procs: Vec<(String, usize)> = (0..count)
            .map(|i| (format!("f{i}"), if i == 0 { 0 } else { g.rng.below(5) }))
            .collect();
        if g.rng.chance(5) && count > 2 {
            // A name defined twice: the later definition is the one called.
            procs[2].0 = procs[1].0.clone();
            procs[2].1 = procs[1].1;
        }
        if g.rng.chance(10) {
            procs[0].0 = "autorun".to_string();
        }
        // Only some procedures are called; the others are dead code.
        g.procs = procs[1..]
            .iter()
            .filter(|_| g.rng.chance(70))
            .cloned()
            .collect();
        let mut out = String::new();
        for (i, (name, n)) in procs.iter().enumerate() {
            g.in_procedure = i > 0;
            g.params = (0..*n).map(|k| format!("in{k}")).collect();
            let inputs: String = g.params.iter().map(|p| format!(" :{p}")).collect();
            out.push_str(&format!("to {name}{inputs}\n"));
            for _ in 0..1 + g.rng.below(6) {
                let depth = 1 + g.rng.below(3);
                out.push_str(&g.stmt(depth));
                out.push('\n');
            }
            out.push_str("end\n");
        }
        out
    }
}

#[test]
fn random_programs_round_trip_through_the_decompiler() {
    let mut rng = Rng::new(0xDEC0_4B11);
    let versions = [LogoVersion::V1_3, LogoVersion::V1_4, LogoVersion::V2_1];
    let (mut checked, mut rejected) = (0usize, 0usize);
    for case in 0..8_000 {
        let version = versions[case % 3];
        let src = Gen::program(&mut rng, version);
        let c = match compile(src.as_bytes(), version) {
            Ok(c) => c,
            Err(e) => {
                assert!(
                    matches!(e.code, LogoErrorCode::TooLarge),
                    "case {case}: the generator wrote a bad program: {}\n{src}",
                    e.message
                );
                rejected += 1;
                continue;
            }
        };
        let d = decompile(&c.data, version, c.auto_run)
            .unwrap_or_else(|e| panic!("case {case} ({}): {e}\n{src}", version.as_str()));
        let again = compile(d.text.as_bytes(), version).unwrap_or_else(|e| {
            panic!(
                "case {case} ({}): {}\n{src}\n---\n{}",
                version.as_str(),
                e.message,
                d.text
            )
        });
        assert_eq!(
            again.data,
            c.data,
            "case {case} ({}):\n{src}\n---\n{}",
            version.as_str(),
            d.text
        );
        assert_eq!(again.auto_run, c.auto_run, "case {case}");
        assert!(d.exact, "case {case}");
        checked += 1;
    }
    assert!(checked > 7_000, "{checked} checked, {rejected} too large");
}

#[test]
fn random_and_mutated_byte_code_never_panics() {
    let mut rng = Rng::new(0x0DEC_0DE5);
    let mut seeds: Vec<Vec<u8>> = common::golden_samples()
        .into_iter()
        .filter_map(|s| s.data)
        .collect();
    for _ in 0..50 {
        if let Ok(c) = compile(
            Gen::program(&mut rng, LogoVersion::V1_4).as_bytes(),
            LogoVersion::V1_4,
        ) {
            seeds.push(c.data);
        }
    }
    let (mut ok, mut errors) = (0usize, 0usize);
    for case in 0..20_000 {
        let code: Vec<u8> = if case % 4 == 0 {
            (0..rng.below(64))
                .map(|_| (rng.next_u64() & 0xFF) as u8)
                .collect()
        } else {
            let mut c = rng.pick(&seeds).clone();
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(c.len() + 1);
                match rng.below(3) {
                    0 if at < c.len() => c[at] = (rng.next_u64() & 0xFF) as u8,
                    1 if at < c.len() => {
                        c.remove(at);
                    }
                    _ => c.insert(at, (rng.next_u64() & 0xFF) as u8),
                }
            }
            c
        };
        let version = [LogoVersion::V1_3, LogoVersion::V1_4][rng.below(2)];
        let result = catch_unwind(AssertUnwindSafe(|| decompile(&code, version, false)));
        match result {
            Err(_) => panic!("case {case}: panicked on {code:?}"),
            Ok(Ok(d)) => {
                ok += 1;
                if d.exact {
                    // Trailing 0xFF (erased flash) is not part of the program.
                    let end = code.iter().rposition(|&b| b != 0xFF).map_or(0, |i| i + 1);
                    let again = compile(d.text.as_bytes(), version).expect("exact text compiles");
                    assert_eq!(again.data, &code[..end], "case {case}");
                }
            }
            Ok(Err(e)) => {
                errors += 1;
                assert!(!e.message.is_empty(), "case {case}");
                assert!(e.offset <= code.len().max(2048), "case {case}: {e}");
            }
        }
    }
    assert!(ok > 500 && errors > 500, "{ok} decompiled, {errors} errors");
}

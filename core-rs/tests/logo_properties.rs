//! Property tests: the Logo compiler and the input filter never panic, and always answer
//! with bytes or a message, on 100,000 random and mutated inputs each (seeded, so a failure
//! is reproducible).

mod common;

use common::Rng;
use gogo_core::logo::filter::{CLOUD_RECORD_MESSAGE, PUBLIC_CLOUD_RECORD_MESSAGE};
use gogo_core::logo::opcodes::{op, InstructionSet};
use gogo_core::logo::{check_input, compile, LogoErrorCode, LogoVersion, MAX_BYTE_CODE_LENGTH};
use std::panic::{catch_unwind, AssertUnwindSafe};

const CASES: usize = 100_000;

/// Words a Logo program is made of, valid or not.
#[rustfmt::skip]
const WORDS: &[&str] = &[
    "to", "end", "main", "foo", ":a", ":b", "a", "b", "x", "y", "set", "repeat", "forever",
    "if", "ifelse", "ifstatechange", "waituntil", "[", "]", "(", ")", "+", "-", "*", "/", "%",
    "<", "<=", ">", ">=", "=", "and", "or", "xor", "not", "beep", "on", "off", "cw", "ccw",
    "rd", "wait", "show", "output", "stop", "random", "sensor1", "switch2", "readsensor",
    "lowbyte", "i2cread", "i2cwrite", "ab,", "abcd,", "aon?", "apower", "cccw?", "talkto", "n5",
    "timer", "record", "recall", "\"hi\"", "\"hello world\"", "\"", "key", "intkey",
    "sendmessage", "say", "play", "gototrack", "settickrate", "tickcount", "cloud", "record",
    "public", "cloud record", "0", "7", "255", "256", "65535", "65536", "999999", "order",
    "notes", "REPEAT", "END", ";", "; note", "\n", "\n", "\n", "\r\n", "\t", "ไทย", "€",
    "\u{0}", "to main\n", "end\n",
];

/// A random program: either token soup or a loosely structured one.
fn random_program(rng: &mut Rng) -> Vec<u8> {
    let mut s = String::new();
    if rng.chance(50) {
        for _ in 0..rng.below(60) {
            s.push_str(rng.pick::<&str>(WORDS));
            s.push(if rng.chance(80) { ' ' } else { '\n' });
        }
    } else {
        for p in 0..1 + rng.below(3) {
            s.push_str(&format!("to {}", ["main", "foo", "bar", "autorun"][p % 4]));
            for i in 0..rng.below(3) {
                s.push_str(&format!(" :{}", ["a", "b", "c"][i]));
            }
            s.push('\n');
            for _ in 0..1 + rng.below(12) {
                s.push_str(rng.pick::<&str>(WORDS));
                s.push(' ');
            }
            s.push_str("\nend\n");
        }
    }
    s.into_bytes()
}

/// A golden program with a few byte-level edits (including invalid UTF-8).
fn mutated_program(rng: &mut Rng, seeds: &[Vec<u8>]) -> Vec<u8> {
    let mut s = rng.pick(seeds).clone();
    for _ in 0..1 + rng.below(4) {
        let at = if s.is_empty() {
            0
        } else {
            rng.below(s.len() + 1)
        };
        match rng.below(5) {
            0 if !s.is_empty() => {
                let end = (at + 1 + rng.below(8)).min(s.len());
                s.drain(at.min(s.len())..end);
            }
            1 => {
                let w = rng.pick(WORDS).as_bytes().to_vec();
                s.splice(at..at, w);
            }
            2 => s.insert(at, (rng.next_u64() & 0xFF) as u8),
            3 if !s.is_empty() => {
                let from = rng.below(s.len());
                let end = (from + rng.below(16)).min(s.len());
                let chunk = s[from..end].to_vec();
                s.splice(at..at, chunk);
            }
            _ => s.extend_from_slice(rng.pick(WORDS).as_bytes()),
        }
    }
    s
}

/// A program that is valid Logo 1.3 (or close to it): procedures with inputs, globals set
/// before use, nested lists, calls with the right number of inputs.
struct ValidGen<'r> {
    rng: &'r mut Rng,
    procs: Vec<(String, usize)>,
    params: Vec<String>,
    globals: Vec<String>,
}

#[rustfmt::skip]
const REPORTERS: &[&str] = &[
    "timer", "sensor1", "sensor8", "switch3", "seconds", "recall", "aon?", "bcw?", "apower",
    "newir?", "tickcount", "getpos", "ir",
];
#[rustfmt::skip]
const COMMANDS: &[&str] = &[
    "beep", "on", "off", "rd", "cw", "ccw", "ledon", "ledoff", "resett", "cls", "a,", "ab,",
    "abcd,", "bd,", "play", "cleartick", "stopall",
];
#[rustfmt::skip]
const ONE_INPUT: &[&str] = &[
    "wait", "onfor", "setpower", "seth", "lt", "rt", "setdp", "erase", "record", "show",
    "setpos", "settickrate", "talkto", "gototrack",
];
#[rustfmt::skip]
const OPS: &[&str] = &[
    "+", "-", "*", "/", "%", "<", "<=", ">", ">=", "=", "and", "or", "xor",
];

impl<'r> ValidGen<'r> {
    fn expr(&mut self, depth: usize) -> String {
        let pool: Vec<String> = self.params.iter().chain(&self.globals).cloned().collect();
        match if depth == 0 {
            self.rng.below(3)
        } else {
            self.rng.below(9)
        } {
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
                let f = *self
                    .rng
                    .pick(&["not", "random", "lowbyte", "highbyte", "readsensor"]);
                format!("{f} {}", self.expr(depth - 1))
            }
            7 if !self.procs.is_empty() => {
                let (name, n) = self.rng.pick(&self.procs).clone();
                let args: Vec<String> = (0..n).map(|_| self.expr(depth - 1)).collect();
                format!("( {name} {} )", args.join(" "))
            }
            _ => format!("i2cread {} {}", self.expr(depth - 1), self.expr(0)),
        }
    }

    fn block(&mut self, depth: usize) -> String {
        let n = 1 + self.rng.below(3);
        let body: Vec<String> = (0..n).map(|_| self.stmt(depth.saturating_sub(1))).collect();
        format!("[ {} ]", body.join(" "))
    }

    fn stmt(&mut self, depth: usize) -> String {
        match if depth == 0 {
            self.rng.below(3)
        } else {
            self.rng.below(12)
        } {
            0 => self.rng.pick(COMMANDS).to_string(),
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
                let args: Vec<String> = (0..n).map(|_| format!("( {} )", self.expr(1))).collect();
                format!("{name} {}", args.join(" "))
            }
            _ => format!(
                "show \"{}\"",
                "abcdefg".get(..self.rng.below(8)).unwrap_or("")
            ),
        }
    }

    fn program(rng: &'r mut Rng) -> String {
        let mut g = ValidGen {
            rng,
            procs: Vec::new(),
            params: Vec::new(),
            globals: Vec::new(),
        };
        let count = 1 + g.rng.below(4);
        let procs: Vec<(String, usize)> = (0..count)
            .map(|i| (format!("p{i}"), if i == 0 { 0 } else { g.rng.below(4) }))
            .collect();
        // Every procedure but the entry one may be called.
        g.procs = procs[1..].to_vec();
        let mut out = String::new();
        for (name, n) in procs {
            g.params = (0..n).map(|k| format!("in{k}")).collect();
            let inputs: String = g.params.iter().map(|p| format!(" :{p}")).collect();
            out.push_str(&format!("to {name}{inputs}\n"));
            for _ in 0..1 + g.rng.below(5) {
                let depth = 1 + g.rng.below(3);
                out.push_str(&g.stmt(depth));
                out.push('\n');
            }
            out.push_str("end\n");
        }
        out
    }
}

/// Walks 1.3-set byte code with the opcode table: every byte is a known opcode or one of
/// its operands, every list ends with EOL or EOLR where its length says, and every call
/// lands on a procedure's parameter-count byte. Programs must not use `stop` (a STOP
/// outside lists then ends a procedure).
fn check_structure(code: &[u8]) -> Result<(), String> {
    let mut starts = vec![0usize];
    let mut calls = Vec::new();
    let mut open_lists: Vec<usize> = Vec::new(); // where each open list's end byte is
    let mut pc = 0;
    while pc < code.len() {
        let info = InstructionSet::V13
            .lookup(code[pc])
            .ok_or(format!("unknown opcode {} at {pc}", code[pc]))?;
        let size = info
            .operand
            .size(&code[pc + 1..])
            .ok_or(format!("{} at {pc} runs past the end", info.name))?;
        let list_len = match (info.code, size) {
            (op::LIST, 1) => Some(usize::from(code[pc + 1])),
            (op::LONG_LIST, 2) => Some(usize::from(code[pc + 1]) << 8 | usize::from(code[pc + 2])),
            _ => None,
        };
        if let Some(n) = list_len {
            let end = pc + size + n;
            if !matches!(code.get(end), Some(&op::EOL) | Some(&op::EOLR)) {
                return Err(format!("list at {pc} does not end at {end}"));
            }
            open_lists.push(end);
        }
        if info.code == op::CALL {
            calls.push(usize::from(code[pc + 1]) << 8 | usize::from(code[pc + 2]));
        }
        if open_lists.last() == Some(&pc) {
            open_lists.pop();
        } else if open_lists.is_empty() && matches!(info.code, op::STOP | op::CODE_END) {
            // The end of a procedure; the next one starts with its parameter count.
            if pc + 1 < code.len() {
                starts.push(pc + 1);
                pc += 1;
            }
        }
        pc += 1 + size;
    }
    if !open_lists.is_empty() {
        return Err("a list is not closed".to_string());
    }
    match calls.iter().find(|c| !starts[1..].contains(c)) {
        Some(c) => Err(format!("a call to {c}, not a procedure start ({starts:?})")),
        None => Ok(()),
    }
}

#[test]
fn valid_programs_compile_to_well_formed_byte_code() {
    let mut rng = Rng::new(0xB17E_C0DE);
    let mut compiled = 0;
    for case in 0..20_000 {
        let src = ValidGen::program(&mut rng);
        match compile(src.as_bytes(), LogoVersion::V1_4) {
            Ok(c) => {
                compiled += 1;
                if let Err(e) = check_structure(&c.data) {
                    panic!("case {case}: {e}\n{src}\n{:?}", c.data);
                }
                // 1.3 differs from 1.4 only in list lengths, never in size.
                let v13 = compile(src.as_bytes(), LogoVersion::V1_3).expect("1.3 compiles too");
                assert_eq!(v13.data.len(), c.data.len(), "case {case}");
            }
            Err(e) => assert!(
                matches!(e.code, LogoErrorCode::TooLarge),
                "case {case}: {}\n{src}",
                e.message
            ),
        }
    }
    assert!(compiled > 15_000, "only {compiled} compiled");
}

#[test]
fn the_compiler_never_panics_and_always_answers() {
    let seeds: Vec<Vec<u8>> = common::golden_samples()
        .into_iter()
        .map(|s| s.logo.into_bytes())
        .collect();
    let mut rng = Rng::new(0x5EED_1060);
    let (mut compiled, mut errors) = (0usize, 0usize);
    for case in 0..CASES {
        let src = match case % 4 {
            0 => random_program(&mut rng),
            1 => ValidGen::program(&mut rng).into_bytes(),
            2 => {
                let valid = vec![ValidGen::program(&mut rng).into_bytes()];
                mutated_program(&mut rng, &valid)
            }
            _ => mutated_program(&mut rng, &seeds),
        };
        let version = LogoVersion::ALL[rng.below(4)];
        let result = catch_unwind(AssertUnwindSafe(|| compile(&src, version)));
        match result {
            Err(_) => panic!(
                "case {case}: panicked on {:?} ({})",
                String::from_utf8_lossy(&src),
                version.as_str()
            ),
            Ok(Ok(c)) => {
                compiled += 1;
                assert!(!c.data.is_empty() && c.data.len() <= MAX_BYTE_CODE_LENGTH);
                let last = *c.data.last().unwrap_or(&255);
                assert!(last == 0 || last == 7, "case {case}: ends with {last}");
            }
            Ok(Err(e)) => {
                errors += 1;
                assert!(!e.message.is_empty(), "case {case}: empty message");
                if e.line > 0 && e.code != LogoErrorCode::InvalidInput {
                    assert!(
                        e.message.starts_with(&format!("Line {}: ", e.line)),
                        "case {case}: {}",
                        e.message
                    );
                }
            }
        }
    }
    // Both paths are exercised.
    assert!(compiled > CASES / 100, "only {compiled} compiled");
    assert!(errors > CASES / 100, "only {errors} errors");
}

/// The filter's rule, written independently: a name is valid when it is non-empty, does
/// not start with a digit, and holds only ASCII letters, digits and underscores.
fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && !name.as_bytes()[0].is_ascii_digit()
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

#[rustfmt::skip]
const NAME_CHARS: &[&str] = &[
    "a", "Z", "_", "0", "9", "x", " ", "-", ".", "!", "ก", "é", "\t", "$",
];

#[test]
fn the_filter_never_panics_and_judges_names_by_the_rule() {
    let mut rng = Rng::new(0xF117E5);
    for case in 0..CASES {
        if case % 2 == 0 {
            // A single cloud record command with a random name in the closed-quote form.
            let mut name = String::new();
            for _ in 0..rng.below(6) {
                name.push_str(rng.pick::<&str>(NAME_CHARS));
            }
            let public = rng.chance(50);
            let keyword = if public {
                *rng.pick(&["public cloud record", "PUBLIC Cloud  RECORD"])
            } else {
                *rng.pick(&["cloud record", "Cloud\tRecord"])
            };
            let lines = rng.below(3);
            let src = format!("{}{keyword} \"{name}\" sensor1\n", "beep\n".repeat(lines));
            let result = check_input(src.as_bytes());
            if valid_name(&name) {
                assert_eq!(result, Ok(()), "case {case}: {src:?}");
            } else {
                let e = result.expect_err("invalid name rejected");
                let want = if public {
                    PUBLIC_CLOUD_RECORD_MESSAGE
                } else {
                    CLOUD_RECORD_MESSAGE
                };
                assert_eq!((e.message.as_str(), e.line), (want, lines + 1), "{src:?}");
            }
        } else {
            // Arbitrary bytes around the keywords.
            let mut src = Vec::new();
            for _ in 0..rng.below(20) {
                match rng.below(4) {
                    0 => src.extend_from_slice(rng.pick(WORDS).as_bytes()),
                    1 => src.push((rng.next_u64() & 0xFF) as u8),
                    2 => src.extend_from_slice(rng.pick(NAME_CHARS).as_bytes()),
                    _ => src.push(b' '),
                }
            }
            let result = catch_unwind(|| check_input(&src));
            match result {
                Err(_) => panic!(
                    "case {case}: panicked on {:?}",
                    String::from_utf8_lossy(&src)
                ),
                Ok(Ok(())) => {}
                Ok(Err(e)) => assert!(
                    matches!(
                        e.code,
                        LogoErrorCode::InvalidInput | LogoErrorCode::Encoding
                    ),
                    "case {case}: {e:?}"
                ),
            }
        }
    }
}

#[test]
fn compiling_is_deterministic() {
    let mut rng = Rng::new(42);
    for _ in 0..2_000 {
        let src = random_program(&mut rng);
        assert_eq!(
            compile(&src, LogoVersion::V1_3),
            compile(&src, LogoVersion::V1_3)
        );
    }
}

//! Compile time is linear in the program: no 64 KB input, however hostile, takes more than
//! a small multiple of what a normal 64 KB program takes. The server compiles whatever anyone posts, so a superlinear corner (logoc's first
//! pass rescanned the rest of the program for every `to` line without an `end`: ~1 s for
//! 64 KB) is a denial of service.
//!
//! Timing is relative and robust to a busy machine: programs are compiled in alternation
//! and the best of several runs is compared, so load slows every side alike.

mod common;

use common::Rng;
use gogo_core::logo::{compile, LogoVersion};
use std::time::Instant;

const SIZE: usize = 64 * 1024;
/// Best-of runs per program.
const RUNS: usize = 7;
/// A hostile program may take at most this many times the normal one. Linear shapes
/// measure up to ~5× (they hold more tokens per byte); the quadratic first pass measured
/// up to 300×.
const MAX_RATIO: f64 = 16.0;

/// A real 2 KB program without its comments and indentation, repeated to `size` bytes.
fn normal_program(size: usize) -> String {
    let path = common::fixture_dir("").join("logo-2k-program.logo");
    let text = std::fs::read_to_string(&path).expect("logo-2k-program.logo");
    let dense: String = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with(';'))
        .map(|l| format!("{l}\n"))
        .collect();
    fill(&dense, size)
}

/// `unit` repeated to at most `size` bytes.
fn fill(unit: &str, size: usize) -> String {
    unit.repeat((size / unit.len()).max(1))
}

/// Whole lines `make(0)`, `make(1)`, … up to `size` bytes.
fn numbered(size: usize, make: impl Fn(usize) -> String) -> String {
    let mut s = String::new();
    for i in 0.. {
        let line = make(i);
        if s.len() + line.len() > size {
            break;
        }
        s.push_str(&line);
    }
    s
}

/// Hostile shapes at `size` bytes.
fn hostile_shapes(size: usize) -> Vec<(&'static str, String)> {
    let half = size / 2;
    let in_main = |unit: &str| format!("to main\n{}\nend\n", fill(unit, size - 16));
    let params = numbered(half, |i| format!(":x{i} "));
    vec![
        ("to lines without end", fill("to a\n", size)),
        (
            "long to lines without end",
            fill("to abcdefgh :x :y :z\n", size),
        ),
        ("end lines with comments", fill("to a\nend ; x\n", size)),
        ("empty procedures", fill("to a\nend\n", size)),
        (
            "distinct procedures",
            numbered(size, |i| format!("to p{i}\nbeep\nend\n")),
        ),
        (
            "calls to many procedures",
            format!(
                "{}to main\n{}end\n",
                numbered(half - 16, |i| format!("to p{i}\nbeep\nend\n")),
                numbered(half, |i| format!("p{}\n", i % (half / 20)))
            ),
        ),
        (
            "a wide to line",
            format!("to a {params}\n{}\nend\n", fill("show x1 ", half - 64)),
        ),
        (
            "names looked up past a wide to line",
            format!(
                "to main\nset g 1\nend\nto a {params}\n{}\nend\n",
                fill("show g ", half - 64)
            ),
        ),
        ("globals", in_main("set g 1\n")),
        ("open brackets", in_main("[")),
        ("open parentheses", in_main("(")),
        ("nested repeats", in_main("repeat 2 [")),
        ("operator chain", in_main("1 + ")),
        ("one long line", in_main("beep ")),
        ("quotes", fill("\" ", size)),
        ("cloud records", in_main("cloud record \"x 1\n")),
        (
            "a long comment",
            format!("to main\n;{}\nend\n", "a".repeat(size - 16)),
        ),
        (
            "a long word",
            format!("to main\n{}\nend\n", "a".repeat(size - 16)),
        ),
    ]
}

/// Line-level pieces random hostile programs are made of.
const PIECES: &[&str] = &[
    "to a\n",
    "to b :x :y\n",
    "TO\tc\n",
    "end\n",
    " END \n",
    "end ; c\n",
    "to\n",
    "[",
    "]",
    "(",
    ")",
    "repeat 3 [",
    "if x [",
    "show x\n",
    "set v 1\n",
    "a 1 2\n",
    "b\n",
    "\"q ",
    "; note\n",
    "cloud record \"n 1\n",
    "1 + ",
    "output 1\n",
    "\n",
    "waituntil [",
];

/// A random pattern of pieces (repeated to a program's size).
fn random_unit(rng: &mut Rng) -> String {
    (0..1 + rng.below(12)).map(|_| *rng.pick(PIECES)).collect()
}

fn millis(source: &str) -> f64 {
    let start = Instant::now();
    let result = compile(source.as_bytes(), LogoVersion::V1_3);
    let ms = start.elapsed().as_secs_f64() * 1e3;
    drop(result);
    ms
}

/// The best time of each program, compiled in alternation.
fn best_of(programs: &[&str]) -> Vec<f64> {
    let mut best = vec![f64::MAX; programs.len()];
    for _ in 0..RUNS {
        for (b, p) in best.iter_mut().zip(programs) {
            *b = b.min(millis(p));
        }
    }
    best
}

/// How much slower than the normal program `hostile` compiles, if too much.
fn measure(name: &str, hostile: &str, normal: &str) -> Option<String> {
    let t = best_of(&[hostile, normal]);
    let (h, n) = (t[0], t[1].max(0.05));
    (h / n > MAX_RATIO).then(|| {
        format!(
            "{name}: {h:.2} ms, a normal program {n:.2} ms ({:.1}×)",
            h / n
        )
    })
}

/// A failure counts only when it repeats: a burst of load on a shared machine can slow one
/// measurement, a superlinear compiler fails every one.
fn check(name: &str, hostile: &str, failures: &mut Vec<String>) {
    assert!(
        hostile.len() <= SIZE + 16,
        "{name}: {} bytes",
        hostile.len()
    );
    let normal = normal_program(SIZE);
    let mut last = None;
    for _ in 0..3 {
        last = measure(name, hostile, &normal);
        if last.is_none() {
            return;
        }
    }
    failures.extend(last);
}

#[test]
fn the_normal_program_runs_every_phase() {
    let err = compile(normal_program(SIZE).as_bytes(), LogoVersion::V1_3).unwrap_err();
    assert_eq!(
        err.message,
        "The Logo code is too large! I don't have enough memory to hold it"
    );
}

#[test]
fn no_hostile_64_kb_program_compiles_much_slower_than_a_normal_one() {
    let mut failures = Vec::new();
    for (name, source) in hostile_shapes(SIZE) {
        check(name, &source, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn random_64_kb_programs_compile_in_linear_time() {
    let mut rng = Rng::new(0x6c69_6e65_6172);
    let mut failures = Vec::new();
    for case in 0..60 {
        let unit = random_unit(&mut rng);
        check(
            &format!("random program {case} ({unit:?})"),
            &fill(&unit, SIZE),
            &mut failures,
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

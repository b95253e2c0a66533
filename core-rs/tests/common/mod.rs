//! Helpers shared by the integration tests: fixture listing, a small JSON reader for the
//! fixture files (the crate has no dependencies, serde included), FNV-1a 64, a seeded PRNG
//! for property tests, and the Logo golden samples.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::fs;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

/// The fixture folder `tests/fixtures/<kind>`.
pub fn fixture_dir(kind: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("fixtures")
        .join(kind)
}

/// Every `<name>.<ext>` in the fixture folder with its `<name>.expect.json`, sorted by name.
pub fn fixtures(kind: &str, ext: &str) -> Vec<(String, Vec<u8>, Json)> {
    let dir = fixture_dir(kind);
    let mut names: Vec<String> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().into_string().ok())
        .filter_map(|f| f.strip_suffix(&format!(".{ext}")).map(str::to_string))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let data = fs::read(dir.join(format!("{name}.{ext}"))).expect("fixture");
            let text = fs::read_to_string(dir.join(format!("{name}.expect.json")))
                .unwrap_or_else(|_| panic!("{name}.{ext} has no {name}.expect.json"));
            let json = Json::parse(&text).unwrap_or_else(|e| panic!("{name}.expect.json: {e}"));
            (name, data, json)
        })
        .collect()
}

/// FNV-1a 64 as 16 lowercase hex digits (same as scripts/fixtures/fnv.ts).
pub fn fnv1a64(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// Runs `count` seeded cases; the first that fails or panics fails the test, naming the
/// case and the seed that reproduce it.
pub fn run_cases(
    name: &str,
    count: usize,
    seed: u64,
    mut case: impl FnMut(&mut Rng) -> Result<(), String>,
) {
    let mut rng = Rng::new(seed);
    for i in 0..count {
        let r = catch_unwind(AssertUnwindSafe(|| case(&mut rng)));
        match r {
            Ok(Ok(())) => {}
            Ok(Err(e)) => panic!("{name}: case {i} (seed {seed:#x}) failed: {e}"),
            Err(_) => panic!("{name}: case {i} (seed {seed:#x}) panicked"),
        }
    }
}

/// SplitMix64: a tiny, good-quality PRNG; the seed makes every run reproducible.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in [0, n); n must be positive.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    pub fn byte(&mut self) -> u8 {
        self.next_u64() as u8
    }

    pub fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.byte()).collect()
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// A parsed JSON value.
#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<Json>),
    Obj(BTreeMap<String, Json>),
}

impl Json {
    pub fn parse(text: &str) -> Result<Json, String> {
        let mut p = Parser {
            s: text.as_bytes(),
            i: 0,
        };
        let v = p.value()?;
        p.ws();
        if p.i != p.s.len() {
            return Err(format!("trailing characters at {}", p.i));
        }
        Ok(v)
    }

    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(m) => m.get(key),
            _ => None,
        }
    }

    /// `self[key]`, panicking with the key's name when it is missing.
    pub fn at(&self, key: &str) -> &Json {
        self.get(key)
            .unwrap_or_else(|| panic!("missing key {key:?} in {self:?}"))
    }

    pub fn str(&self) -> &str {
        match self {
            Json::Str(s) => s,
            other => panic!("expected a string, found {other:?}"),
        }
    }

    pub fn num(&self) -> f64 {
        match self {
            Json::Num(n) => *n,
            other => panic!("expected a number, found {other:?}"),
        }
    }

    pub fn arr(&self) -> &[Json] {
        match self {
            Json::Arr(a) => a,
            other => panic!("expected an array, found {other:?}"),
        }
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Json::Null)
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Json::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[Json]> {
        match self {
            Json::Arr(a) => Some(a),
            _ => None,
        }
    }

    /// An array of numbers 0–255 as bytes.
    pub fn as_bytes(&self) -> Option<Vec<u8>> {
        self.as_array()?
            .iter()
            .map(|v| match v {
                Json::Num(n) if *n >= 0.0 && *n <= 255.0 && n.fract() == 0.0 => Some(*n as u8),
                _ => None,
            })
            .collect()
    }

    /// A `"0x..."` string or a number, as u32.
    pub fn u32(&self) -> u32 {
        match self {
            Json::Str(s) => {
                let digits = s.strip_prefix("0x").expect("0x-prefixed hex");
                u32::from_str_radix(digits, 16).expect("hex number")
            }
            Json::Num(n) => *n as u32,
            other => panic!("expected an address, found {other:?}"),
        }
    }
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl<'a> Parser<'a> {
    fn ws(&mut self) {
        while self.i < self.s.len() && matches!(self.s[self.i], b' ' | b'\n' | b'\r' | b'\t') {
            self.i += 1;
        }
    }

    fn eat(&mut self, c: u8) -> Result<(), String> {
        self.ws();
        if self.s.get(self.i) == Some(&c) {
            self.i += 1;
            Ok(())
        } else {
            Err(format!("expected '{}' at {}", c as char, self.i))
        }
    }

    fn value(&mut self) -> Result<Json, String> {
        self.ws();
        match self.s.get(self.i) {
            Some(b'{') => {
                self.i += 1;
                let mut m = BTreeMap::new();
                self.ws();
                if self.s.get(self.i) == Some(&b'}') {
                    self.i += 1;
                    return Ok(Json::Obj(m));
                }
                loop {
                    self.ws();
                    let k = self.string()?;
                    self.eat(b':')?;
                    let v = self.value()?;
                    m.insert(k, v);
                    self.ws();
                    match self.s.get(self.i) {
                        Some(b',') => self.i += 1,
                        Some(b'}') => {
                            self.i += 1;
                            return Ok(Json::Obj(m));
                        }
                        _ => return Err(format!("bad object at {}", self.i)),
                    }
                }
            }
            Some(b'[') => {
                self.i += 1;
                let mut a = Vec::new();
                self.ws();
                if self.s.get(self.i) == Some(&b']') {
                    self.i += 1;
                    return Ok(Json::Arr(a));
                }
                loop {
                    a.push(self.value()?);
                    self.ws();
                    match self.s.get(self.i) {
                        Some(b',') => self.i += 1,
                        Some(b']') => {
                            self.i += 1;
                            return Ok(Json::Arr(a));
                        }
                        _ => return Err(format!("bad array at {}", self.i)),
                    }
                }
            }
            Some(b'"') => Ok(Json::Str(self.string()?)),
            Some(b't') if self.s[self.i..].starts_with(b"true") => {
                self.i += 4;
                Ok(Json::Bool(true))
            }
            Some(b'f') if self.s[self.i..].starts_with(b"false") => {
                self.i += 5;
                Ok(Json::Bool(false))
            }
            Some(b'n') if self.s[self.i..].starts_with(b"null") => {
                self.i += 4;
                Ok(Json::Null)
            }
            Some(_) => {
                let start = self.i;
                while self.i < self.s.len()
                    && matches!(
                        self.s[self.i],
                        b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'
                    )
                {
                    self.i += 1;
                }
                std::str::from_utf8(&self.s[start..self.i])
                    .ok()
                    .and_then(|t| t.parse::<f64>().ok())
                    .map(Json::Num)
                    .ok_or_else(|| format!("bad value at {start}"))
            }
            None => Err("unexpected end".to_string()),
        }
    }

    fn string(&mut self) -> Result<String, String> {
        if self.s.get(self.i) != Some(&b'"') {
            return Err(format!("expected a string at {}", self.i));
        }
        self.i += 1;
        let mut out = String::new();
        loop {
            let start = self.i;
            while self.i < self.s.len() && self.s[self.i] != b'"' && self.s[self.i] != b'\\' {
                self.i += 1;
            }
            out.push_str(std::str::from_utf8(&self.s[start..self.i]).map_err(|e| e.to_string())?);
            match self.s.get(self.i) {
                Some(b'"') => {
                    self.i += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    let c = *self.s.get(self.i + 1).ok_or("bad escape")?;
                    self.i += 2;
                    match c {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'u' => {
                            let hex = std::str::from_utf8(&self.s[self.i..self.i + 4])
                                .map_err(|e| e.to_string())?;
                            let code = u32::from_str_radix(hex, 16).map_err(|e| e.to_string())?;
                            out.push(char::from_u32(code).unwrap_or('\u{fffd}'));
                            self.i += 4;
                        }
                        _ => return Err("bad escape".to_string()),
                    }
                }
                _ => return Err("unterminated string".to_string()),
            }
        }
    }
}

#[test]
fn json_reader_reads_nested_values() {
    let v = Json::parse(r#"{"a": [1, -2.5e1, "x\"y\u00e9"], "b": {"c": null, "d": true}}"#)
        .expect("valid json");
    assert_eq!(v.at("a").arr()[1].num(), -25.0);
    assert_eq!(v.at("a").arr()[2].str(), "x\"yé");
    assert!(v.at("b").at("c").is_null());
    assert!(Json::parse("[1,]").is_err());
}

pub fn parse_json(text: &str) -> Result<Json, String> {
    Json::parse(text)
}

/// The golden fixture as (id, logo, expect, data, autoRunState, message).
pub struct Sample {
    pub id: String,
    pub logo: String,
    pub expect: String,
    pub data: Option<Vec<u8>>,
    pub auto_run: Option<bool>,
    pub message: Option<String>,
}

pub fn golden_samples() -> Vec<Sample> {
    let text = include_str!("../fixtures/logo-1.3-golden.json");
    let json = parse_json(text).expect("fixture is JSON");
    json.get("samples")
        .and_then(Json::as_array)
        .expect("samples array")
        .iter()
        .map(|s| Sample {
            id: s.get("id").and_then(Json::as_str).expect("id").to_string(),
            logo: s
                .get("logo")
                .and_then(Json::as_str)
                .expect("logo")
                .to_string(),
            expect: s
                .get("expect")
                .and_then(Json::as_str)
                .expect("expect")
                .to_string(),
            data: s.get("data").and_then(Json::as_bytes),
            auto_run: s.get("autoRunState").and_then(Json::as_bool),
            message: s
                .get("compiler_message")
                .and_then(Json::as_str)
                .map(str::to_string),
        })
        .collect()
}

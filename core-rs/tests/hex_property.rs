//! Property tests for the Intel HEX parser: 100,000+ generated and mutated inputs, with a
//! fixed seed so a failure reproduces. Checks that the parser never panics, that every
//! image it returns is well formed, that random images written as HEX read back exactly,
//! and that the fast path and the line-by-line path agree on every input.

mod common;

use common::{fixtures, run_cases, Rng};
use gogo_core::hex::{self, HexError, MemoryImage, StartAddress, MAX_IMAGE_BYTES};
use std::panic::{catch_unwind, AssertUnwindSafe};

const SEED: u64 = 0x6060_c0de_2026;

#[derive(Clone, Copy, PartialEq)]
enum Addressing {
    None,
    Segment,
    Linear,
}

struct Options {
    record_size: usize,
    crlf: bool,
    addressing: Addressing,
    shuffle: bool,
    lowercase: bool,
    start: StartAddress,
}

fn record(kind: u8, offset: u16, data: &[u8]) -> String {
    let mut sum = data.len() as u8;
    sum = sum
        .wrapping_add((offset >> 8) as u8)
        .wrapping_add(offset as u8)
        .wrapping_add(kind);
    let mut line = format!(":{:02X}{:04X}{:02X}", data.len(), offset, kind);
    for &b in data {
        sum = sum.wrapping_add(b);
        line.push_str(&format!("{b:02X}"));
    }
    line.push_str(&format!("{:02X}", sum.wrapping_neg()));
    line
}

/// Writes segments (sorted, disjoint) as Intel HEX.
fn write_hex(segments: &[(u32, Vec<u8>)], o: &Options, rng: &mut Rng) -> String {
    // (upper value needed or None, record line)
    let mut records: Vec<(Option<u16>, String)> = Vec::new();
    for (addr, bytes) in segments {
        let mut i = 0usize;
        while i < bytes.len() {
            let a = addr + i as u32;
            let room = 0x1_0000 - (a & 0xFFFF) as usize;
            let n = o.record_size.min(bytes.len() - i).min(room);
            let upper = match o.addressing {
                Addressing::None => None,
                Addressing::Segment => Some(((a >> 16) << 12) as u16),
                Addressing::Linear => Some((a >> 16) as u16),
            };
            records.push((upper, record(0, a as u16, &bytes[i..i + n])));
            i += n;
        }
    }
    if o.shuffle {
        for i in (1..records.len()).rev() {
            let j = rng.below(i + 1);
            records.swap(i, j);
        }
    }
    let mut lines = Vec::new();
    let mut current: u16 = 0;
    for (upper, line) in records {
        if let Some(u) = upper {
            if u != current {
                let kind = if o.addressing == Addressing::Segment {
                    2
                } else {
                    4
                };
                lines.push(record(kind, 0, &u.to_be_bytes()));
                current = u;
            }
        }
        lines.push(line);
    }
    match o.start {
        StartAddress::None => {}
        StartAddress::Segment(v) => lines.push(record(3, 0, &v.to_be_bytes())),
        StartAddress::Linear(v) => lines.push(record(5, 0, &v.to_be_bytes())),
    }
    lines.push(record(1, 0, &[]));
    let eol = if o.crlf { "\r\n" } else { "\n" };
    let text = lines.join(eol) + eol;
    if o.lowercase {
        text.to_lowercase()
    } else {
        text
    }
}

/// A random image: 1..5 sorted, disjoint segments (sometimes adjacent) and how to write it.
fn random_image(rng: &mut Rng) -> (Vec<(u32, Vec<u8>)>, Options) {
    let addressing = match rng.below(3) {
        0 => Addressing::None,
        1 => Addressing::Segment,
        _ => Addressing::Linear,
    };
    let limit: u64 = match addressing {
        Addressing::None => 0x1_0000,
        Addressing::Segment => 0x10_0000,
        Addressing::Linear => 0x1_0000_0000,
    };
    let count = 1 + rng.below(5);
    let mut segments = Vec::new();
    let mut at: u64 = if rng.chance(20) {
        // Near the end of the address space.
        limit - 4096 + rng.below(1024) as u64
    } else {
        (rng.next_u64() % (limit / 2)) & !0x3
    };
    for _ in 0..count {
        let max = if rng.chance(10) { 2000 } else { 300 };
        let len = 1 + rng.below(max);
        if at + len as u64 > limit {
            break;
        }
        segments.push((at as u32, rng.bytes(len)));
        at += len as u64;
        at += match rng.below(3) {
            0 => 0, // adjacent: the ranges merge
            1 => rng.below(64) as u64,
            _ => rng.below(70_000) as u64,
        };
    }
    if segments.is_empty() {
        let n = 1 + rng.below(64);
        segments.push((0, rng.bytes(n)));
    }
    let start = match rng.below(3) {
        0 => StartAddress::None,
        1 => StartAddress::Segment(rng.next_u64() as u32),
        _ => StartAddress::Linear(rng.next_u64() as u32),
    };
    let options = Options {
        record_size: if rng.chance(50) {
            16
        } else {
            1 + rng.below(255)
        },
        crlf: rng.chance(50),
        addressing,
        shuffle: rng.chance(30),
        lowercase: rng.chance(10),
        start,
    };
    (segments, options)
}

/// Checks what must hold for every successful parse.
fn check_image(img: &MemoryImage) -> Result<(), String> {
    let r = &img.ranges;
    if r.is_empty() {
        return Err("no ranges".into());
    }
    if img.base != r[0].start {
        return Err("base is not the first range's start".into());
    }
    for w in r.windows(2) {
        // Sorted, disjoint, and adjacent ranges merged.
        if u64::from(w[0].start) + u64::from(w[0].len) >= u64::from(w[1].start) {
            return Err(format!("ranges not sorted/disjoint/merged: {w:x?}"));
        }
    }
    let last = r[r.len() - 1];
    let end = u64::from(last.start) + u64::from(last.len);
    if end > 1 << 32 {
        return Err("a range runs past 4 GiB".into());
    }
    if img.data.len() as u64 != end - u64::from(img.base) || img.data.len() > MAX_IMAGE_BYTES {
        return Err(format!(
            "data length {} does not match the span",
            img.data.len()
        ));
    }
    if r.iter().any(|x| x.len == 0) {
        return Err("empty range".into());
    }
    // Gaps hold 0xFF.
    for w in r.windows(2) {
        let from = (w[0].start + w[0].len - img.base) as usize;
        let to = (w[1].start - img.base) as usize;
        if img.data[from..to].iter().any(|&b| b != 0xFF) {
            return Err("a gap is not 0xFF".into());
        }
    }
    Ok(())
}

fn check_error(e: &HexError, text: &[u8]) -> Result<(), String> {
    let lines = text.split(|&b| b == b'\n').count();
    if e.line > lines {
        return Err(format!("line {} of a {lines}-line text", e.line));
    }
    if e.message.is_empty() {
        return Err("empty message".into());
    }
    Ok(())
}

/// The same text with a space before every line ending (and at the end), which sends every
/// line through the parser's line-by-line path instead of its fast path.
fn force_slow_path(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + text.len() / 16 + 2);
    for (i, line) in text.split(|&b| b == b'\n').enumerate() {
        if i > 0 {
            out.push(b'\n');
        }
        let (body, cr) = match line.split_last() {
            Some((b'\r', body)) => (body, true),
            _ => (line, false),
        };
        out.extend_from_slice(body);
        out.push(b' ');
        if cr {
            out.push(b'\r');
        }
    }
    out
}

/// Parses `text` and checks every property; `Err` describes the first one broken.
fn check_text(text: &[u8]) -> Result<Result<MemoryImage, HexError>, String> {
    let result = catch_unwind(AssertUnwindSafe(|| hex::parse(text)))
        .map_err(|_| "the parser panicked".to_string())?;
    match &result {
        Ok(img) => check_image(img)?,
        Err(e) => check_error(e, text)?,
    }
    let slow = catch_unwind(AssertUnwindSafe(|| hex::parse(&force_slow_path(text))))
        .map_err(|_| "the parser panicked on the line-by-line path".to_string())?;
    if slow != result {
        return Err(format!(
            "fast and line-by-line paths disagree: {:?} vs {:?}",
            result.as_ref().map(|i| (i.base, i.data.len())),
            slow.as_ref().map(|i| (i.base, i.data.len()))
        ));
    }
    Ok(result)
}

fn mutate(text: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut t = text.to_vec();
    for _ in 0..1 + rng.below(4) {
        let len = t.len();
        match rng.below(9) {
            0 if len > 0 => {
                let i = rng.below(len);
                t[i] ^= 1 << rng.below(8);
            }
            1 if len > 0 => {
                // A plausible character in a random place.
                let i = rng.below(len);
                let alphabet = b":0123456789ABCDEFaf\r\n G";
                t[i] = alphabet[rng.below(alphabet.len())];
            }
            2 => {
                let i = rng.below(len + 1);
                t.insert(i, rng.byte());
            }
            3 if len > 0 => {
                t.remove(rng.below(len));
            }
            4 => t.truncate(rng.below(len + 1)),
            5..=8 => {
                let mut lines: Vec<Vec<u8>> =
                    t.split(|&b| b == b'\n').map(|l| l.to_vec()).collect();
                let n = lines.len();
                let i = rng.below(n);
                match rng.below(4) {
                    0 => {
                        let l = lines[i].clone();
                        lines.insert(rng.below(n + 1), l); // duplicate a line
                    }
                    1 if n > 1 => {
                        lines.remove(i);
                    }
                    2 => {
                        let j = rng.below(n);
                        lines.swap(i, j);
                    }
                    _ => {
                        // A valid record of a random type and length.
                        let size = rng.below(8);
                        let data = rng.bytes(size);
                        let kind = rng.below(7) as u8;
                        let line = record(kind, rng.next_u64() as u16, &data).into_bytes();
                        lines.insert(rng.below(n + 1), line);
                    }
                }
                t = lines.join(&b'\n');
            }
            _ => {}
        }
    }
    t
}

#[test]
fn random_images_written_as_hex_read_back_exactly() {
    run_cases("round trip", 20_000, SEED, |rng| {
        let (segments, options) = random_image(rng);
        let text = write_hex(&segments, &options, rng);
        let img = check_text(text.as_bytes())?.map_err(|e| format!("{e}\n{text}"))?;
        // Expected image straight from the segments.
        let base = segments[0].0;
        let last = &segments[segments.len() - 1];
        let span = (last.0 - base) as usize + last.1.len();
        let mut want = vec![0xFFu8; span];
        for (a, b) in &segments {
            let at = (a - base) as usize;
            want[at..at + b.len()].copy_from_slice(b);
        }
        let used: usize = segments.iter().map(|s| s.1.len()).sum();
        if img.base != base || img.data != want || img.used_bytes() != used as u64 {
            return Err(format!("image differs (base {:#x} vs {base:#x})", img.base));
        }
        if img.start != options.start {
            return Err(format!("start {:?} vs {:?}", img.start, options.start));
        }
        Ok(())
    });
}

#[test]
fn mutated_files_never_panic_and_keep_every_invariant() {
    let seeds: Vec<Vec<u8>> = fixtures("hex", "hex").into_iter().map(|f| f.1).collect();
    run_cases("mutations", 60_000, SEED ^ 1, |rng| {
        let original = if rng.chance(50) {
            seeds[rng.below(seeds.len())].clone()
        } else {
            let (segments, options) = random_image(rng);
            write_hex(&segments, &options, rng).into_bytes()
        };
        let text = mutate(&original, rng);
        check_text(&text).map(|_| ())
    });
}

#[test]
fn random_bytes_never_panic() {
    run_cases("noise", 20_000, SEED ^ 2, |rng| {
        let n = rng.below(400);
        let text: Vec<u8> = if rng.chance(50) {
            rng.bytes(n)
        } else {
            // Mostly hex digits, colons and line endings: gets deeper into the parser.
            (0..n)
                .map(|_| {
                    let alphabet = b":0123456789ABCDEF0000000000\r\n";
                    alphabet[rng.below(alphabet.len())]
                })
                .collect()
        };
        check_text(&text).map(|_| ())
    });
}

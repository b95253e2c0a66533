//! Runs every Intel HEX fixture in tests/fixtures/hex against its `.expect.json`. The same
//! files run through the WebAssembly build in src/core/hex.node.test.ts.

mod common;

use common::{fixtures, fnv1a64, Json};
use gogo_core::hex::{self, StartAddress};

fn hex_of(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Compares one fixture; returns a description of the first difference.
fn check(text: &[u8], expect: &Json) -> Result<(), String> {
    let result = hex::parse(text);
    if let Some(want) = expect.get("error") {
        let e = match result {
            Ok(img) => {
                return Err(format!(
                    "parsed, but expected an error: base {:#x}",
                    img.base
                ))
            }
            Err(e) => e,
        };
        let want_line = match want.at("line") {
            Json::Null => 0,
            n => n.num() as usize,
        };
        if e.code.as_str() != want.at("code").str() || e.line != want_line {
            return Err(format!(
                "got {} at line {} ({}), expected {} at line {}",
                e.code.as_str(),
                e.line,
                e.message,
                want.at("code").str(),
                want_line
            ));
        }
        if e.message.is_empty() {
            return Err("the error has no message".to_string());
        }
        return Ok(());
    }
    let want = expect.at("image");
    let img = result.map_err(|e| format!("unexpected error: {e} ({})", e.code.as_str()))?;
    let got_ranges: Vec<(u32, u32)> = img.ranges.iter().map(|r| (r.start, r.len)).collect();
    let want_ranges: Vec<(u32, u32)> = want
        .at("ranges")
        .arr()
        .iter()
        .map(|r| (r.at("start").u32(), r.at("length").u32()))
        .collect();
    let (kind, value) = match img.start {
        StartAddress::None => ("none", 0),
        StartAddress::Segment(v) => ("segment", v),
        StartAddress::Linear(v) => ("linear", v),
    };
    let checks = [
        ("base", img.base == want.at("base").u32()),
        ("size", img.data.len() as f64 == want.at("size").num()),
        (
            "usedBytes",
            img.used_bytes() as f64 == want.at("usedBytes").num(),
        ),
        ("ranges", got_ranges == want_ranges),
        ("start.kind", kind == want.at("start").at("kind").str()),
        ("start.value", value == want.at("start").at("value").u32()),
        (
            "bytes",
            match (want.get("bytes"), want.get("fnv1a64")) {
                (Some(b), _) => hex_of(&img.data) == b.str(),
                (None, Some(h)) => fnv1a64(&img.data) == h.str(),
                (None, None) => false,
            },
        ),
    ];
    match checks.iter().find(|(_, ok)| !ok) {
        Some((field, _)) => Err(format!(
            "{field} differs: base {:#x}, size {}, ranges {:x?}, start {:?}",
            img.base,
            img.data.len(),
            got_ranges,
            img.start
        )),
        None => Ok(()),
    }
}

#[test]
fn every_hex_fixture_parses_to_its_expected_result() {
    let all = fixtures("hex", "hex");
    assert!(all.len() >= 25, "only {} fixtures found", all.len());
    let failures: Vec<String> = all
        .iter()
        .filter_map(|(name, text, expect)| {
            check(text, expect).err().map(|e| format!("{name}: {e}"))
        })
        .collect();
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn fixtures_cover_every_error_code() {
    let codes: Vec<String> = fixtures("hex", "hex")
        .iter()
        .filter_map(|(_, _, e)| e.get("error").map(|e| e.at("code").str().to_string()))
        .collect();
    for code in [
        "missing-colon",
        "bad-digit",
        "bad-length",
        "checksum",
        "bad-record-type",
        "bad-record-length",
        "missing-eof",
        "data-after-eof",
        "overlap",
        "address-overflow",
        "image-too-large",
        "empty",
    ] {
        assert!(codes.iter().any(|c| c == code), "no fixture for {code}");
    }
}

#[test]
fn crlf_and_lf_versions_of_a_file_give_the_same_image() {
    for (name, text, _) in fixtures("hex", "hex") {
        if name.starts_with("error-") {
            continue;
        }
        let as_lf: Vec<u8> = String::from_utf8_lossy(&text)
            .replace("\r\n", "\n")
            .into_bytes();
        let as_crlf: Vec<u8> = String::from_utf8_lossy(&as_lf)
            .replace('\n', "\r\n")
            .into_bytes();
        let a = hex::parse(&as_lf).map_err(|e| format!("{name} (LF): {e}"));
        let b = hex::parse(&as_crlf).map_err(|e| format!("{name} (CRLF): {e}"));
        assert_eq!(a, b, "{name}");
        assert!(a.is_ok(), "{name}");
    }
}

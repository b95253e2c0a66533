//! Runs every offline-datalog fixture in tests/fixtures/datalog (recorded packet streams)
//! against its `.expect.json`, fed all at once and packet by packet in random batches.
//! The same files run through the WebAssembly build in src/core/datalog.node.test.ts.

mod common;

use common::{fixtures, fnv1a64, Json, Rng};
use gogo_core::datalog::decoder::NO_FIELD;
use gogo_core::datalog::{Decoder, RecordFormat};

fn option(expect: &Json) -> RecordFormat {
    match expect.at("format").str() {
        "compact10" => RecordFormat::Compact10,
        "legacy16" => RecordFormat::Legacy16,
        _ => RecordFormat::Auto,
    }
}

/// Decodes `stream`, feeding it in batches of random whole-packet sizes.
fn decode(stream: &[u8], stride: usize, format: RecordFormat, rng: &mut Rng) -> Decoder {
    let mut d = Decoder::new(format);
    let mut at = 0;
    while at < stream.len() {
        let n = (1 + rng.below(40)) * stride;
        let end = (at + n).min(stream.len());
        d.push_packets(&stream[at..end], stride);
        at = end;
    }
    d.finish();
    d
}

fn bytes_of<T: Copy>(v: &[T], to_le: impl Fn(T) -> Vec<u8>) -> Vec<u8> {
    v.iter().flat_map(|&x| to_le(x)).collect()
}

fn check(d: &Decoder, expect: &Json) -> Result<(), String> {
    let mut problems = Vec::new();
    let mut eq = |what: &str, got: String, want: String| {
        if got != want {
            problems.push(format!("{what}: got {got}, expected {want}"));
        }
    };
    eq(
        "status",
        d.status().into(),
        expect.at("status").str().into(),
    );
    eq(
        "phase",
        d.phase().as_str().into(),
        expect.at("phase").str().into(),
    );
    let format = match d.format() {
        Some(RecordFormat::Compact10) => "10",
        Some(RecordFormat::Legacy16) => "16",
        _ => "null",
    };
    let want_format = match expect.at("recordFormat") {
        Json::Null => "null".to_string(),
        n => (n.num() as u32).to_string(),
    };
    eq("recordFormat", format.into(), want_format);
    let error = d.error().map_or("null", |e| e.code.as_str());
    let want_error = match expect.at("error") {
        Json::Null => "null",
        e => e.str(),
    };
    eq("error", error.into(), want_error.into());
    let want_names: Vec<String> = expect
        .at("names")
        .arr()
        .iter()
        .map(|n| n.str().to_string())
        .collect();
    eq(
        "names",
        format!("{:?}", d.names()),
        format!("{want_names:?}"),
    );
    let series: Vec<(i64, i64)> = d
        .series()
        .iter()
        .map(|k| {
            let field = if k.field == NO_FIELD {
                -1
            } else {
                i64::from(k.field)
            };
            (i64::from(k.name), field)
        })
        .collect();
    let want_series: Vec<(i64, i64)> = expect
        .at("series")
        .arr()
        .iter()
        .map(|p| (p.arr()[0].num() as i64, p.arr()[1].num() as i64))
        .collect();
    eq("series", format!("{series:?}"), format!("{want_series:?}"));
    let c = d.columns();
    eq(
        "records",
        c.len().to_string(),
        (expect.at("records").num() as usize).to_string(),
    );
    let percent = (d.percent() * 100.0).round() / 100.0;
    if (percent - expect.at("percent").num()).abs() > 0.006 {
        eq(
            "percent",
            percent.to_string(),
            expect.at("percent").num().to_string(),
        );
    }
    let (packets, ignored) = d.packet_counts();
    eq(
        "packets",
        packets.to_string(),
        (expect.at("packets").num() as u64).to_string(),
    );
    eq(
        "ignoredPackets",
        ignored.to_string(),
        (expect.at("ignoredPackets").num() as u64).to_string(),
    );
    if let Some(cols) = expect.get("columns") {
        let nums = |k: &str| -> Vec<f64> { cols.at(k).arr().iter().map(Json::num).collect() };
        let time: Vec<f64> = c.time.clone();
        let series: Vec<f64> = c.series.iter().map(|&s| f64::from(s)).collect();
        let value: Vec<f64> = c.value.iter().map(|&v| f64::from(v)).collect();
        eq("time", format!("{time:?}"), format!("{:?}", nums("time")));
        eq(
            "series ids",
            format!("{series:?}"),
            format!("{:?}", nums("series")),
        );
        eq(
            "values",
            format!("{value:?}"),
            format!("{:?}", nums("value")),
        );
    } else {
        let h = expect.at("columnsFnv1a64");
        let time = fnv1a64(&bytes_of(&c.time, |x| x.to_le_bytes().to_vec()));
        let series = fnv1a64(&bytes_of(&c.series, |x| x.to_le_bytes().to_vec()));
        let value = fnv1a64(&bytes_of(&c.value, |x| x.to_le_bytes().to_vec()));
        eq("time hash", time, h.at("time").str().into());
        eq("series hash", series, h.at("series").str().into());
        eq("value hash", value, h.at("value").str().into());
    }
    if let Some(e) = d.error() {
        if e.message.is_empty() {
            problems.push("the error has no message".to_string());
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("; "))
    }
}

#[test]
fn every_datalog_fixture_decodes_to_its_expected_result() {
    let all = fixtures("datalog", "bin");
    assert!(all.len() >= 20, "only {} fixtures found", all.len());
    let mut rng = Rng::new(8);
    let mut failures = Vec::new();
    for (name, stream, expect) in &all {
        let stride = expect.at("packetSize").num() as usize;
        // All at once, then in random batches: the result must not depend on batching.
        let mut whole = Decoder::new(option(expect));
        whole.push_packets(stream, stride);
        whole.finish();
        let batched = decode(stream, stride, option(expect), &mut rng);
        for (how, d) in [("at once", &whole), ("in batches", &batched)] {
            if let Err(e) = check(d, expect) {
                failures.push(format!("{name} ({how}): {e}"));
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn fixtures_cover_every_error_code_and_both_formats() {
    let all = fixtures("datalog", "bin");
    let field = |k: &str| -> Vec<String> {
        all.iter()
            .map(|(_, _, e)| match e.at(k) {
                Json::Str(s) => s.clone(),
                Json::Num(n) => n.to_string(),
                _ => String::new(),
            })
            .collect()
    };
    let errors = field("error");
    for code in [
        "board-failure",
        "truncated",
        "bad-sizes",
        "bad-table",
        "records-length",
        "bad-packet",
        "unexpected-status",
        "unknown-record-size",
    ] {
        assert!(errors.iter().any(|c| c == code), "no fixture for {code}");
    }
    let formats = field("recordFormat");
    assert!(formats.iter().any(|f| f == "10") && formats.iter().any(|f| f == "16"));
    assert!(field("status").iter().any(|s| s == "empty"));
    assert!(field("packetSize").iter().any(|s| s == "63"));
}

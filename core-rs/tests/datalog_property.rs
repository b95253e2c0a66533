//! Property tests for the offline-datalog decoder and the downsamplers: 100,000+ random and
//! mutated packet streams (seeded, reproducible) never panic, always leave consistent
//! columns, decode the same whatever the batching, and random logs read back exactly.

mod common;

use common::{run_cases, Rng};
use gogo_core::datalog::decoder::NO_FIELD;
use gogo_core::datalog::{downsample, Algorithm, Decoder, RecordFormat, Request, SeriesIndex};

const SEED: u64 = 0xda7a_1065_2026;

struct Rec {
    time: u64,
    name: u16,
    field: u16,
    value: f32,
}

fn packets_of(section: &[u8], end: u8, stride: usize, rng: &mut Rng, out: &mut Vec<u8>) {
    let room = (stride - 4).min(60);
    let mut at = 0;
    loop {
        let n = if rng.chance(70) {
            room
        } else {
            1 + rng.below(room)
        }
        .min(section.len() - at);
        let last = at + n >= section.len();
        let mut p = vec![20, n as u8, 2, if last { end } else { 1 }];
        p.extend_from_slice(&section[at..at + n]);
        p.resize(stride, 0);
        out.extend(p);
        at += n;
        if last {
            break;
        }
    }
}

fn noise(rng: &mut Rng, stride: usize) -> Vec<u8> {
    let mut p = rng.bytes(stride);
    if rng.chance(50) {
        p[0] = 0;
    } else {
        p[0] = 20;
        p[2] = 201;
    }
    p
}

/// A random log: (names, records, record size, stream, stride).
fn random_log(rng: &mut Rng) -> (Vec<String>, Vec<Rec>, usize, Vec<u8>, usize) {
    let size = if rng.chance(70) { 10 } else { 16 };
    let stride = if rng.chance(80) { 64 } else { 63 };
    let names: Vec<String> = (0..rng.below(6))
        .map(|i| format!("n{i}_{}", rng.below(100)))
        .collect();
    let count = if rng.chance(5) {
        rng.below(3000)
    } else {
        rng.below(60)
    };
    let series = 1 + rng.below(8);
    let recs: Vec<Rec> = (0..count)
        .map(|i| Rec {
            time: if size == 10 {
                u64::from(rng.next_u64() as u32 / 2 + i as u32)
            } else {
                rng.next_u64() >> 12
            },
            name: (i % series) as u16,
            field: rng.below(3) as u16,
            value: f32::from_bits(rng.next_u64() as u32),
        })
        .collect();
    let mut body = Vec::new();
    for r in &recs {
        if size == 10 {
            body.extend((r.time as u32).to_le_bytes());
            body.extend(r.name.to_le_bytes());
        } else {
            body.extend(r.time.to_le_bytes());
            body.extend(r.name.to_le_bytes());
            body.extend(r.field.to_le_bytes());
        }
        body.extend(r.value.to_le_bytes());
    }
    let table: String = names.iter().map(|n| format!("{n},")).collect();
    let mut stream = Vec::new();
    packets_of(
        format!("{}\n{}\n", table.len(), body.len()).as_bytes(),
        4,
        stride,
        rng,
        &mut stream,
    );
    packets_of(table.as_bytes(), 5, stride, rng, &mut stream);
    packets_of(&body, 6, stride, rng, &mut stream);
    if rng.chance(30) {
        // Sensor stream packets between the read's packets.
        let mut mixed = Vec::new();
        for p in stream.chunks(stride) {
            if rng.chance(20) {
                mixed.extend(noise(rng, stride));
            }
            mixed.extend_from_slice(p);
        }
        stream = mixed;
    }
    (names, recs, size, stream, stride)
}

fn decode_batched(stream: &[u8], stride: usize, format: RecordFormat, rng: &mut Rng) -> Decoder {
    let mut d = Decoder::new(format);
    let packets = stream.len() / stride;
    let mut at = 0;
    while at < packets {
        let n = (1 + rng.below(20)).min(packets - at);
        d.push_packets(&stream[at * stride..(at + n) * stride], stride);
        at += n;
    }
    d.finish();
    d
}

/// What must hold after any stream.
fn check_decoder(d: &Decoder) -> Result<(), String> {
    let c = d.columns();
    if c.time.len() != c.series.len() || c.time.len() != c.value.len() {
        return Err("columns differ in length".into());
    }
    if c.series.iter().any(|&s| usize::from(s) >= d.series().len()) {
        return Err("a series id has no series".into());
    }
    let p = d.percent();
    if !(0.0..=100.0).contains(&p) {
        return Err(format!("percent {p}"));
    }
    match (d.status(), d.error()) {
        ("complete", None) | ("empty", None) | ("partial", Some(_)) => {}
        ("partial", None) if d.phase().as_str() == "failed" => {}
        (s, e) => return Err(format!("status {s} with error {e:?}")),
    }
    if c.time.iter().any(|t| !t.is_finite() || *t < 0.0) {
        return Err("a time is not a finite, positive number".into());
    }
    Ok(())
}

fn same(a: &Decoder, b: &Decoder) -> bool {
    let (ca, cb) = (a.columns(), b.columns());
    // Values compare by bits: a NaN equals itself here.
    let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
    ca.time == cb.time
        && ca.series == cb.series
        && bits(&ca.value) == bits(&cb.value)
        && a.series() == b.series()
        && a.names() == b.names()
        && a.error() == b.error()
        && a.phase() == b.phase()
}

#[test]
fn random_logs_read_back_exactly() {
    run_cases("round trip", 10_000, SEED, |rng| {
        let (names, recs, size, stream, stride) = random_log(rng);
        let format = if rng.chance(50) {
            RecordFormat::Auto
        } else if size == 10 {
            RecordFormat::Compact10
        } else {
            RecordFormat::Legacy16
        };
        let d = decode_batched(&stream, stride, format, rng);
        check_decoder(&d)?;
        if d.names() != &names[..] {
            return Err(format!("names {:?} vs {names:?}", d.names()));
        }
        if format == RecordFormat::Auto && d.format().map(|f| f.record_size()) != Some(size) {
            // Auto mode may only misjudge a size both formats divide.
            let bytes = recs.len() * size;
            if bytes % 80 != 0 {
                return Err(format!("auto picked the wrong format for {bytes} bytes"));
            }
            return Ok(());
        }
        if d.status() != "complete" {
            return Err(format!("status {} ({:?})", d.status(), d.error()));
        }
        let c = d.columns();
        if c.len() != recs.len() {
            return Err(format!("{} records instead of {}", c.len(), recs.len()));
        }
        for (i, r) in recs.iter().enumerate() {
            let key = d.series()[usize::from(c.series[i])];
            let want_time = if size == 10 {
                r.time as f64 * 1000.0
            } else {
                r.time as f64
            };
            let want_field = if size == 10 { NO_FIELD } else { r.field };
            if c.time[i] != want_time
                || c.value[i].to_bits() != r.value.to_bits()
                || key.name != r.name
                || key.field != want_field
            {
                return Err(format!("record {i} differs"));
            }
        }
        Ok(())
    });
}

fn mutate(stream: &[u8], stride: usize, rng: &mut Rng) -> Vec<u8> {
    let mut packets: Vec<Vec<u8>> = stream.chunks(stride).map(|p| p.to_vec()).collect();
    for _ in 0..1 + rng.below(4) {
        let n = packets.len();
        if n == 0 {
            break;
        }
        let i = rng.below(n);
        match rng.below(8) {
            0 => {
                let j = rng.below(stride);
                packets[i][j] ^= 1 << rng.below(8);
            }
            1 => packets[i][3] = rng.below(10) as u8, // status
            2 => packets[i][1] = rng.below(70) as u8, // length byte
            3 => {
                packets.remove(i);
            }
            4 => {
                let p = packets[i].clone();
                packets.insert(rng.below(n + 1), p);
            }
            5 => {
                let j = rng.below(n);
                packets.swap(i, j);
            }
            6 => packets.truncate(i),
            _ => {
                let mut p = rng.bytes(stride);
                p[0] = 20;
                p[2] = 2;
                packets.insert(i, p);
            }
        }
    }
    packets.concat()
}

#[test]
fn mutated_streams_never_panic_and_keep_columns_consistent() {
    run_cases("mutations", 60_000, SEED ^ 1, |rng| {
        let (_, _, _, stream, stride) = random_log(rng);
        let broken = mutate(&stream, stride, rng);
        let format = match rng.below(3) {
            0 => RecordFormat::Compact10,
            1 => RecordFormat::Legacy16,
            _ => RecordFormat::Auto,
        };
        let mut whole = Decoder::new(format);
        whole.push_packets(&broken, stride);
        whole.finish();
        check_decoder(&whole)?;
        let batched = decode_batched(&broken, stride, format, rng);
        if !same(&whole, &batched) {
            return Err("the result depends on how packets were batched".into());
        }
        Ok(())
    });
}

#[test]
fn random_packets_never_panic() {
    run_cases("noise", 30_000, SEED ^ 2, |rng| {
        let stride = 4 + rng.below(61);
        let count = rng.below(40);
        let mut stream = Vec::new();
        for _ in 0..count {
            let mut p = rng.bytes(stride);
            if rng.chance(80) {
                p[0] = 20;
                p[2] = 2;
                p[3] = 1 + rng.below(6) as u8;
                if rng.chance(70) {
                    p[1] = rng.below(stride - 3) as u8;
                }
            }
            stream.extend(p);
        }
        let mut d = Decoder::new(RecordFormat::Auto);
        d.push_packets(&stream, stride);
        d.finish();
        check_decoder(&d)
    });
}

#[test]
fn downsampling_random_logs_keeps_every_promise() {
    run_cases("downsample", 4_000, SEED ^ 3, |rng| {
        let n = rng.below(3000);
        let series_count = 1 + rng.below(4);
        let mut time = Vec::with_capacity(n);
        let mut t = 0.0f64;
        for _ in 0..n {
            // Mostly increasing; sometimes a clock set back.
            t += if rng.chance(2) {
                -(rng.below(5000) as f64)
            } else {
                rng.below(3) as f64 * 500.0
            };
            time.push(t);
        }
        let series: Vec<u16> = (0..n).map(|_| rng.below(series_count) as u16).collect();
        let value: Vec<f32> = (0..n)
            .map(|_| {
                if rng.chance(1) {
                    f32::NAN
                } else {
                    rng.below(2000) as f32 - 1000.0
                }
            })
            .collect();
        let mut index = SeriesIndex::default();
        // Index in two steps, as during a read.
        let half = n / 2;
        index.update(&time[..half], &series[..half]);
        index.update(&time, &series);
        let (lo, hi) = (-20_000.0, 2_000_000.0);
        let a = lo + rng.below(3_000_000) as f64;
        let b = lo + rng.below(3_000_000) as f64;
        let open = rng.chance(20);
        let req = Request {
            t0: if open { f64::NEG_INFINITY } else { a.min(b) },
            t1: if open {
                f64::INFINITY
            } else {
                a.max(b).min(hi)
            },
            max_points: 8 + rng.below(300),
            algorithm: if rng.chance(50) {
                Algorithm::MinMax
            } else {
                Algorithm::Lttb
            },
            series: Vec::new(),
        };
        let d = downsample(&time, &value, &index, &req);
        for sp in &d.series {
            let xs = &d.x[sp.start..sp.start + sp.count];
            let ys = &d.y[sp.start..sp.start + sp.count];
            if sp.count > req.max_points {
                return Err(format!(
                    "{} points for a budget of {}",
                    sp.count, req.max_points
                ));
            }
            if xs.windows(2).any(|w| w[0] > w[1]) {
                return Err("x is not sorted".into());
            }
            let members: Vec<(f64, u32)> = (0..n)
                .filter(|&i| series[i] == sp.series)
                .map(|i| (time[i], value[i].to_bits()))
                .collect();
            if xs
                .iter()
                .zip(ys)
                .any(|(&x, &y)| !members.contains(&(x, y.to_bits())))
            {
                return Err("an output point is not in the series".into());
            }
            let (t0, t1) = (req.t0, req.t1);
            let inside: Vec<f32> = (0..n)
                .filter(|&i| series[i] == sp.series && time[i] >= t0 && time[i] <= t1)
                .map(|i| value[i])
                .collect();
            if inside.len() != sp.in_window {
                return Err(format!("in_window {} vs {}", sp.in_window, inside.len()));
            }
            if req.algorithm == Algorithm::MinMax && !inside.is_empty() {
                let max = inside.iter().copied().fold(f32::NEG_INFINITY, f32::max);
                let min = inside.iter().copied().fold(f32::INFINITY, f32::min);
                if max.is_finite() && !ys.contains(&max) || min.is_finite() && !ys.contains(&min) {
                    return Err("min-max lost the window's extreme".into());
                }
            }
        }
        Ok(())
    });
}

//! ABI exports for offline datalog decoding and downsampling.
//!
//! Handle-based, so a worker can feed packets as they arrive and keep the decoded log in
//! linear memory for later zooms:
//!
//! 1. `gg_datalog_open(format)` → handle (0: a bad format argument, or `MAX_LOGS` open).
//! 2. `gg_datalog_push(h, packets, stride)` any number of times.
//! 3. `gg_datalog_finish(h)` (or `gg_datalog_summary(h)` mid-read for a progressive chart)
//!    → summary JSON; then `gg_datalog_column(h, k)` gives each column's address, so the
//!    caller copies a million records out as three typed arrays.
//! 4. `gg_datalog_downsample(h, request)` as often as the chart needs.
//! 5. `gg_datalog_close(h)`.
//!
//! `gg_datalog_from_columns` makes a handle from columns (an imported log);
//! `gg_datalog_missing(partial, full)` names the records a read lacks against a complete
//! read of the same log (a re-read, docs/datalog.md "Reading").
//! Misuse gives `{"code":"bad-handle"|"bad-request", ...}` errors.

use super::handles::Handles;
use super::{err, input, ok, CallError};
use crate::datalog::decoder::NO_FIELD;
use crate::datalog::downsample::MIN_POINTS;
use crate::datalog::{
    downsample, missing_ranges, Algorithm, Columns, Decoder, RecordFormat, Request, SeriesIndex,
};
use crate::json::push_str;
use std::cell::RefCell;

/// The call errors of the datalog exports (`DatalogCallErrorCode` in TypeScript).
pub const ERRORS: &[CallError] = &[CallError::BadHandle, CallError::BadRequest];

struct Log {
    decoder: Decoder,
    index: SeriesIndex,
}

/// Logs open at once.
pub const MAX_LOGS: usize = 4096;

thread_local! {
    static LOGS: RefCell<Handles<Log>> = const { RefCell::new(Handles::new(MAX_LOGS)) };
}

/// Stores a log; 0 when `MAX_LOGS` are open.
fn add(log: Log) -> u32 {
    LOGS.with(|l| l.borrow_mut().insert(log).unwrap_or(0))
}

/// Runs `f` on the log behind `h`, or returns a bad-handle error status.
fn with_log(h: u32, f: impl FnOnce(&mut Log) -> i32) -> i32 {
    LOGS.with(|logs| match logs.borrow_mut().get_mut(h) {
        Some(log) => f(log),
        None => err(
            CallError::BadHandle.as_str(),
            &format!("no open datalog with handle {h}"),
            0,
        ),
    })
}

/// Opens a decoder. `format`: 0 auto, 10 or 16 (record bytes). Returns 0 for any other, or
/// when `MAX_LOGS` logs are open.
#[no_mangle]
pub extern "C" fn gg_datalog_open(format: u32) -> u32 {
    let format = match format {
        0 => RecordFormat::Auto,
        10 => RecordFormat::Compact10,
        16 => RecordFormat::Legacy16,
        _ => return 0,
    };
    add(Log {
        decoder: Decoder::new(format),
        index: SeriesIndex::default(),
    })
}

/// Feeds packets of `stride` bytes (4..=1024). Output, little-endian u32 × 4: phase
/// (0 sizes, 1 table, 2 records, 3 done, 4 empty, 5 failed, 6 stopped), records decoded,
/// percent × 100, 1 if a problem was noted.
///
/// # Safety
/// `ptr`/`len` must describe a buffer from `gg_alloc`.
#[no_mangle]
pub unsafe extern "C" fn gg_datalog_push(h: u32, ptr: *const u8, len: usize, stride: u32) -> i32 {
    let bytes = input(ptr, len);
    let stride = stride as usize;
    if !(4..=1024).contains(&stride) || len % stride != 0 {
        return err(
            CallError::BadRequest.as_str(),
            &format!("{len} bytes are not whole packets of {stride} bytes"),
            0,
        );
    }
    with_log(h, |log| {
        if log.decoder.is_finished() {
            return err(
                CallError::BadRequest.as_str(),
                "the datalog is already finished",
                0,
            );
        }
        log.decoder.push_packets(bytes, stride);
        ok(progress(&log.decoder))
    })
}

/// A number with two decimals, printed without the float formatter (which would add
/// tens of kilobytes to the module).
struct Hundredths(u32);

impl std::fmt::Display for Hundredths {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{:02}", self.0 / 100, self.0 % 100)
    }
}

fn progress(d: &Decoder) -> Vec<u8> {
    let fields = [
        d.phase().code(),
        d.columns().len() as u32,
        (d.percent() * 100.0).round() as u32,
        u32::from(d.error().is_some()),
    ];
    fields.iter().flat_map(|v| v.to_le_bytes()).collect()
}

/// Ends the input (see `Decoder::finish`). Output: the summary JSON.
#[no_mangle]
pub extern "C" fn gg_datalog_finish(h: u32) -> i32 {
    with_log(h, |log| {
        log.decoder.finish();
        ok(summary(&log.decoder).into_bytes())
    })
}

/// The summary JSON without ending the input (for a progressive view).
#[no_mangle]
pub extern "C" fn gg_datalog_summary(h: u32) -> i32 {
    with_log(h, |log| ok(summary(&log.decoder).into_bytes()))
}

fn summary(d: &Decoder) -> String {
    let mut s = String::with_capacity(256);
    s.push_str("{\"status\":\"");
    s.push_str(d.status());
    s.push_str("\",\"phase\":\"");
    s.push_str(d.phase().as_str());
    s.push_str("\",\"format\":");
    s.push_str(match d.format() {
        None | Some(RecordFormat::Auto) => "null",
        Some(RecordFormat::Compact10) => "10",
        Some(RecordFormat::Legacy16) => "16",
    });
    let (packets, ignored) = d.packet_counts();
    s.push_str(&format!(
        ",\"records\":{},\"tableBytes\":{},\"recordBytes\":{},\"percent\":{},\"packets\":{},\"ignoredPackets\":{}",
        d.columns().len(),
        d.table_bytes(),
        d.record_bytes(),
        Hundredths((d.percent() * 100.0).round() as u32),
        packets,
        ignored
    ));
    s.push_str(",\"names\":[");
    for (i, n) in d.names().iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        push_str(&mut s, n);
    }
    s.push_str("],\"series\":[");
    for (i, k) in d.series().iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        if k.field == NO_FIELD {
            s.push_str(&format!("[{},-1]", k.name));
        } else {
            s.push_str(&format!("[{},{}]", k.name, k.field));
        }
    }
    s.push(']');
    if let Some(e) = d.error() {
        s.push_str(",\"error\":{\"code\":");
        push_str(&mut s, e.code.as_str());
        s.push_str(",\"message\":");
        push_str(&mut s, &e.message);
        s.push('}');
    }
    s.push('}');
    s
}

/// Address of column `which` (0 time f64, 1 series u16, 2 value f32), `summary.records`
/// entries long, valid until the next call into the module. Null for a bad handle.
#[no_mangle]
pub extern "C" fn gg_datalog_column(h: u32, which: u32) -> *const u8 {
    LOGS.with(|logs| {
        let logs = logs.borrow();
        let c = match logs.get(h) {
            Some(log) => log.decoder.columns(),
            None => return std::ptr::null(),
        };
        match which {
            0 => c.time.as_ptr() as *const u8,
            1 => c.series.as_ptr() as *const u8,
            2 => c.value.as_ptr() as *const u8,
            _ => std::ptr::null(),
        }
    })
}

fn u32_at(b: &[u8], i: usize) -> u32 {
    u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]])
}

fn f64_at(b: &[u8], i: usize) -> f64 {
    let mut a = [0u8; 8];
    a.copy_from_slice(&b[i..i + 8]);
    f64::from_le_bytes(a)
}

/// Request (little-endian): f64 t0, f64 t1 (NaN or ±∞ for an open end), u32 max points per
/// series (≥ 8), u32 algorithm (0 min-max, 1 LTTB), u32 n, then n u16 series ids (0 = all).
/// Output: u32 series count k, u32 total points, k × (u32 series, u32 start, u32 count,
/// u32 points in window), zero padding to a multiple of 8, then total × f64 x (ms), then
/// total × f32 y.
///
/// # Safety
/// `ptr`/`len` must describe a buffer from `gg_alloc`.
#[no_mangle]
pub unsafe extern "C" fn gg_datalog_downsample(h: u32, ptr: *const u8, len: usize) -> i32 {
    let b = input(ptr, len);
    if b.len() < 28 || b.len() != 28 + 2 * u32_at(b, 24) as usize {
        return err(
            CallError::BadRequest.as_str(),
            "malformed downsample request",
            0,
        );
    }
    let max_points = u32_at(b, 16) as usize;
    let algorithm = match u32_at(b, 20) {
        0 => Algorithm::MinMax,
        1 => Algorithm::Lttb,
        other => {
            return err(
                CallError::BadRequest.as_str(),
                &format!("unknown algorithm {other}"),
                0,
            )
        }
    };
    if max_points < MIN_POINTS {
        return err(
            CallError::BadRequest.as_str(),
            &format!("ask for at least {MIN_POINTS} points per series"),
            0,
        );
    }
    let req = Request {
        t0: f64_at(b, 0),
        t1: f64_at(b, 8),
        max_points,
        algorithm,
        series: b[28..]
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect(),
    };
    with_log(h, |log| {
        let c = log.decoder.columns();
        log.index.update(&c.time, &c.series);
        let d = downsample(&c.time, &c.value, &log.index, &req);
        let head = 8 + 16 * d.series.len();
        let pad = (8 - head % 8) % 8;
        let mut out = Vec::with_capacity(head + pad + 12 * d.x.len());
        out.extend((d.series.len() as u32).to_le_bytes());
        out.extend((d.x.len() as u32).to_le_bytes());
        for s in &d.series {
            for v in [
                u32::from(s.series),
                s.start as u32,
                s.count as u32,
                s.in_window as u32,
            ] {
                out.extend(v.to_le_bytes());
            }
        }
        out.resize(head + pad, 0);
        for x in &d.x {
            out.extend(x.to_le_bytes());
        }
        for y in &d.y {
            out.extend(y.to_le_bytes());
        }
        ok(out)
    })
}

/// Makes a finished log from columns: u32 n, u32 0, n × f64 time (finite), n × f32
/// value, n × u16 series. Output: the handle as a little-endian u32.
///
/// # Safety
/// `ptr`/`len` must describe a buffer from `gg_alloc`.
#[no_mangle]
pub unsafe extern "C" fn gg_datalog_from_columns(ptr: *const u8, len: usize) -> i32 {
    let b = input(ptr, len);
    let n = if b.len() >= 8 {
        u32_at(b, 0) as usize
    } else {
        0
    };
    if b.len() < 8 || (b.len() - 8) / 14 != n || (b.len() - 8) % 14 != 0 {
        return err(CallError::BadRequest.as_str(), "malformed columns", 0);
    }
    let (t, rest) = b[8..].split_at(8 * n);
    let (v, s) = rest.split_at(4 * n);
    let time: Vec<f64> = (0..n).map(|i| f64_at(t, 8 * i)).collect();
    if time.iter().any(|x| !x.is_finite()) {
        return err(
            CallError::BadRequest.as_str(),
            "a time is not a finite number",
            0,
        );
    }
    let columns = Columns {
        time,
        value: v
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect(),
        series: s
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect(),
    };
    match add(Log {
        decoder: Decoder::from_columns(columns),
        index: SeriesIndex::default(),
    }) {
        0 => err(
            CallError::BadRequest.as_str(),
            &format!("{MAX_LOGS} datalogs are open"),
            0,
        ),
        h => ok(h.to_le_bytes().to_vec()),
    }
}

/// The records of the complete read `full` that the read `partial` lacks. Output,
/// little-endian u32s: 1 when every record of `partial` is in `full` in order (else 0 and
/// nothing more), the range count k, then k × (first record, end record), end exclusive.
#[no_mangle]
pub extern "C" fn gg_datalog_missing(partial: u32, full: u32) -> i32 {
    LOGS.with(|logs| {
        let logs = logs.borrow();
        let (a, b) = match (logs.get(partial), logs.get(full)) {
            (Some(a), Some(b)) => (a, b),
            _ => {
                return err(
                    CallError::BadHandle.as_str(),
                    &format!("no open datalogs with handles {partial} and {full}"),
                    0,
                )
            }
        };
        let mut out = Vec::new();
        match missing_ranges(&a.decoder, &b.decoder) {
            Some(ranges) => {
                out.extend(1u32.to_le_bytes());
                out.extend((ranges.len() as u32).to_le_bytes());
                for (start, end) in ranges {
                    out.extend((start as u32).to_le_bytes());
                    out.extend((end as u32).to_le_bytes());
                }
            }
            None => out.extend(0u32.to_le_bytes()),
        }
        ok(out)
    })
}

/// Frees a log.
#[no_mangle]
pub extern "C" fn gg_datalog_close(h: u32) -> i32 {
    LOGS.with(|logs| match logs.borrow_mut().remove(h) {
        Some(_) => ok(Vec::new()),
        None => err(
            CallError::BadHandle.as_str(),
            &format!("no open datalog with handle {h}"),
            0,
        ),
    })
}

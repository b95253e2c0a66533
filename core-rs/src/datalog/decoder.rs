//! Streaming decoder for the offline datalog read (board-protocol §3.5 and §5).
//!
//! The board answers a read with type-20 packets `[20, L, 2, status, payload…]`, where L is
//! the number of valid payload bytes (at most 60, at indices 4..). Statuses: 1 more bytes
//! of the current section follow, 2 the read failed, 3 there is no log, 4/5/6 the last
//! packet of the file-size / name-table / records section. Sections arrive in that order:
//!
//! 1. file sizes, ASCII `<tableBytes>\n<recordBytes>\n`;
//! 2. the name table, each name followed by a comma;
//! 3. records: 10 bytes (u32 seconds, u16 name index, f32 value) or, from boards before
//!    2024, 16 bytes (u64 milliseconds, u16 channel index, u16 field index, f32 value), all
//!    little-endian.
//!
//! Records are decoded as their bytes arrive (a record may straddle packets), straight
//! into three columns, so a million records cost three arrays and no per-record objects.
//! Packets of other types or commands (sensor streams, update acks) are skipped. Problems
//! never stop the caller: the first one is kept as a typed error, records decoded before it
//! are kept, and decoding goes on where the stream still makes sense.

use std::fmt;

mod records;
use records::PairTable;

/// Packet type of response packets.
pub const PACKET_TYPE: u8 = 20;
/// Command id of the datalog read.
pub const CMD_READ: u8 = 2;
/// Index of the first payload byte in a packet.
pub const PAYLOAD_AT: usize = 4;
/// Most payload bytes one packet carries.
pub const MAX_PAYLOAD: usize = 60;

const STATUS_MORE: u8 = 1;
const STATUS_FAILED: u8 = 2;
const STATUS_EMPTY: u8 = 3;
const STATUS_SIZES_END: u8 = 4;
const STATUS_TABLE_END: u8 = 5;
const STATUS_RECORDS_END: u8 = 6;

/// Series ids are u16; this one marks "no series yet" in the lookup tables.
const NO_SERIES: u16 = u16::MAX;
/// `field` of a series in the 10-byte format, which has no field index.
pub const NO_FIELD: u16 = u16::MAX;
/// Capacity reserved up front from the announced size, at most this many records (the
/// announcement could be corrupt; beyond it the columns simply grow).
const MAX_RESERVE_RECORDS: u64 = 1 << 20;
/// In auto mode with a size both formats divide, the format is chosen from this many
/// bytes of records (the least common multiple of 10 and 16, twice).
const DETECT_BYTES: usize = 160;

/// Record layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordFormat {
    /// Decide from the announced size and, if both formats fit it, from the records.
    Auto,
    /// 10 bytes: u32 seconds, u16 name index, f32 value (boards from 2024).
    Compact10,
    /// 16 bytes: u64 milliseconds, u16 channel index, u16 field index, f32 value.
    Legacy16,
}

impl RecordFormat {
    pub fn record_size(self) -> usize {
        match self {
            RecordFormat::Legacy16 => 16,
            _ => 10,
        }
    }
}

/// Where the read stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Waiting for (the rest of) the file-size section.
    Sizes,
    Table,
    Records,
    /// All three sections arrived.
    Done,
    /// The board has no log.
    Empty,
    /// The board reported a failure.
    Failed,
    /// The stream stopped making sense; later packets are ignored.
    Stopped,
}

codes!(Phase: Sizes = "sizes", Table = "table", Records = "records", Done = "done", Empty = "empty", Failed = "failed", Stopped = "stopped");

impl Phase {
    pub fn code(self) -> u32 {
        self as u32
    }

    fn is_final(self) -> bool {
        matches!(
            self,
            Phase::Done | Phase::Empty | Phase::Failed | Phase::Stopped
        )
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DatalogErrorCode {
    /// The board answered with status 2.
    BoardFailure,
    /// The stream ended (disconnect, timeout) before the records section did.
    Truncated,
    /// The file-size section is not two decimal numbers.
    BadSizes,
    /// The name table's length differs from the announced one, or its last name has no
    /// comma.
    BadTable,
    /// The records section's length differs from the announced one or ends in a partial
    /// record.
    RecordsLength,
    /// A packet's length byte is over 60 or beyond the packet.
    BadPacket,
    /// A status other than 1..6, or a section end out of order.
    UnexpectedStatus,
    /// The announced records size fits neither record format.
    UnknownRecordSize,
    /// More than 65,535 distinct series.
    TooManySeries,
}

codes!(DatalogErrorCode: BoardFailure = "board-failure", Truncated = "truncated", BadSizes = "bad-sizes", BadTable = "bad-table", RecordsLength = "records-length", BadPacket = "bad-packet", UnexpectedStatus = "unexpected-status", UnknownRecordSize = "unknown-record-size", TooManySeries = "too-many-series");

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DatalogError {
    pub code: DatalogErrorCode,
    pub message: String,
}

impl fmt::Display for DatalogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Decoded records, one entry per record in arrival order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Columns {
    /// Milliseconds (the board's clock; boards without one count from an arbitrary zero).
    pub time: Vec<f64>,
    /// Series id: an index into [`Decoder::series`].
    pub series: Vec<u16>,
    pub value: Vec<f32>,
}

impl Columns {
    pub fn len(&self) -> usize {
        self.time.len()
    }

    pub fn is_empty(&self) -> bool {
        self.time.is_empty()
    }
}

/// A series: a name index, plus a field index in the 16-byte format ([`NO_FIELD`]
/// otherwise). Both index the name table; an index past its end has no name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeriesKey {
    pub name: u16,
    pub field: u16,
}

pub struct Decoder {
    option: RecordFormat,
    /// `None` until decided (auto mode).
    format: Option<RecordFormat>,
    phase: Phase,
    /// Bytes of the file-size or name-table section so far.
    section: Vec<u8>,
    table_bytes: u64,
    record_bytes: u64,
    table_received: u64,
    records_received: u64,
    names: Vec<String>,
    /// Auto mode: the first record bytes, held until the format is known.
    pending: Vec<u8>,
    /// A record split across packets.
    carry: [u8; 16],
    carry_len: usize,
    columns: Columns,
    series: Vec<SeriesKey>,
    /// 10-byte format: name index → series id.
    by_name: Vec<u16>,
    /// 16-byte format: (channel << 16 | field) → series id.
    by_pair: PairTable,
    error: Option<DatalogError>,
    packets: u64,
    ignored: u64,
    finished: bool,
}

impl Default for Decoder {
    fn default() -> Self {
        Decoder::new(RecordFormat::Auto)
    }
}

impl Decoder {
    pub fn new(format: RecordFormat) -> Decoder {
        Decoder {
            option: format,
            format: None,
            phase: Phase::Sizes,
            section: Vec::new(),
            table_bytes: 0,
            record_bytes: 0,
            table_received: 0,
            records_received: 0,
            names: Vec::new(),
            pending: Vec::new(),
            carry: [0; 16],
            carry_len: 0,
            columns: Columns::default(),
            series: Vec::new(),
            by_name: Vec::new(),
            by_pair: PairTable::default(),
            error: None,
            packets: 0,
            ignored: 0,
            finished: false,
        }
    }

    /// A finished log made from columns (an imported file). Series ids must be dense from
    /// zero; each becomes a series whose name index is its id.
    pub fn from_columns(columns: Columns) -> Decoder {
        let count = columns
            .series
            .iter()
            .map(|&s| usize::from(s) + 1)
            .max()
            .unwrap_or(0);
        let mut d = Decoder::new(RecordFormat::Compact10);
        d.format = Some(RecordFormat::Compact10);
        d.phase = Phase::Done;
        d.finished = true;
        d.series = (0..count)
            .map(|i| SeriesKey {
                name: i as u16,
                field: NO_FIELD,
            })
            .collect();
        d.columns = columns;
        d
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether [`Decoder::finish`] was called; later packets are ignored.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// The outcome in one word: `complete` (every section, no problem), `empty` (the board
    /// has no log), `reading` (still going, no problem so far) or `partial` (ended early or
    /// with a problem: see [`Decoder::error`]; what was decoded is kept).
    pub fn status(&self) -> &'static str {
        match self.phase {
            Phase::Empty => "empty",
            Phase::Done if self.error.is_none() => "complete",
            Phase::Sizes | Phase::Table | Phase::Records
                if !self.finished && self.error.is_none() =>
            {
                "reading"
            }
            _ => "partial",
        }
    }

    /// The record format in use, once known.
    pub fn format(&self) -> Option<RecordFormat> {
        self.format
    }

    pub fn error(&self) -> Option<&DatalogError> {
        self.error.as_ref()
    }

    pub fn names(&self) -> &[String] {
        &self.names
    }

    pub fn series(&self) -> &[SeriesKey] {
        &self.series
    }

    pub fn columns(&self) -> &Columns {
        &self.columns
    }

    pub fn table_bytes(&self) -> u64 {
        self.table_bytes
    }

    pub fn record_bytes(&self) -> u64 {
        self.record_bytes
    }

    /// Packets seen, and those of other types or commands (skipped). Packets of the read
    /// that arrive after it ended are dropped without being counted as skipped.
    pub fn packet_counts(&self) -> (u64, u64) {
        (self.packets, self.ignored)
    }

    /// Share of the announced bytes received, 0..=100 (100 once the read is done).
    pub fn percent(&self) -> f64 {
        if self.phase == Phase::Done || self.phase == Phase::Empty {
            return 100.0;
        }
        let total = self.table_bytes + self.record_bytes;
        if total == 0 {
            return 0.0;
        }
        let got = self.table_received.min(self.table_bytes)
            + self.records_received.min(self.record_bytes);
        (got as f64 * 100.0 / total as f64).min(100.0)
    }

    /// Feeds `bytes` holding whole packets of `stride` bytes each (63 or 64 for HID input
    /// reports). A trailing partial packet is ignored: input reports are never partial.
    pub fn push_packets(&mut self, bytes: &[u8], stride: usize) {
        if stride == 0 {
            return;
        }
        let packets = bytes.len() / stride;
        let mut i = 0;
        while i < packets {
            // Fast path: a run of full 60-byte packets in the middle of the records section
            // (nearly every packet of a large log) is decoded in one go.
            let run = self.full_run(&bytes[i * stride..packets * stride], stride);
            if run > 0 {
                self.decode_full_packets(&bytes[i * stride..(i + run) * stride], stride);
                i += run;
            } else {
                self.push_packet(&bytes[i * stride..(i + 1) * stride]);
                i += 1;
            }
        }
    }

    /// Feeds one input report (byte 0 = packet type).
    pub fn push_packet(&mut self, p: &[u8]) {
        if self.finished {
            return;
        }
        self.packets += 1;
        if p.len() < PAYLOAD_AT || p[0] != PACKET_TYPE || p[2] != CMD_READ {
            self.ignored += 1;
            return;
        }
        if self.phase.is_final() {
            return;
        }
        let len = usize::from(p[1]);
        let room = (p.len() - PAYLOAD_AT).min(MAX_PAYLOAD);
        if len > room {
            self.stop(
                DatalogErrorCode::BadPacket,
                format!("a packet claims {len} payload bytes; it can hold {room}"),
            );
            return;
        }
        let payload = &p[PAYLOAD_AT..PAYLOAD_AT + len];
        match p[3] {
            STATUS_MORE => self.append(payload),
            STATUS_FAILED => {
                self.append(payload);
                self.flush_pending();
                self.phase = Phase::Failed;
                self.note(
                    DatalogErrorCode::BoardFailure,
                    "the board reported that reading its log failed".to_string(),
                );
            }
            STATUS_EMPTY => {
                if self.phase == Phase::Sizes && self.section.is_empty() {
                    self.phase = Phase::Empty;
                } else {
                    self.stop(
                        DatalogErrorCode::UnexpectedStatus,
                        "the board said 'empty' in the middle of a read".to_string(),
                    );
                }
            }
            STATUS_SIZES_END => self.end_section(Phase::Sizes, payload),
            STATUS_TABLE_END => self.end_section(Phase::Table, payload),
            STATUS_RECORDS_END => self.end_section(Phase::Records, payload),
            other => self.stop(
                DatalogErrorCode::UnexpectedStatus,
                format!("unknown status {other}"),
            ),
        }
    }

    /// Marks the end of input (the read finished, the board was unplugged, or a timeout).
    /// A read that did not reach the end of the records section gets a `truncated` error;
    /// everything decoded stays.
    pub fn finish(&mut self) {
        self.finished = true;
        if self.phase.is_final() {
            return;
        }
        let message = match self.phase {
            Phase::Sizes => "the read stopped before the board sent the log's size".to_string(),
            Phase::Table => "the read stopped in the name table".to_string(),
            _ => {
                self.flush_pending();
                format!(
                    "the read stopped after {} of {} record bytes",
                    self.records_received, self.record_bytes
                )
            }
        };
        self.stop(DatalogErrorCode::Truncated, message);
    }

    /// Keeps the first problem; decoding goes on.
    fn note(&mut self, code: DatalogErrorCode, message: String) {
        if self.error.is_none() {
            self.error = Some(DatalogError { code, message });
        }
    }

    /// Keeps the first problem and ignores the rest of the stream.
    fn stop(&mut self, code: DatalogErrorCode, message: String) {
        self.note(code, message);
        self.flush_pending();
        self.phase = Phase::Stopped;
    }

    /// Decodes the record bytes auto detection still holds, when the records section ends
    /// in any way (complete, failed, stopped, truncated) before the format was decided.
    fn flush_pending(&mut self) {
        if self.phase == Phase::Records && self.format.is_none() {
            self.decide_format();
        }
    }

    fn append(&mut self, payload: &[u8]) {
        match self.phase {
            Phase::Sizes => {
                if self.section.len() + payload.len() > 64 {
                    self.stop(
                        DatalogErrorCode::BadSizes,
                        "the file-size section is longer than 64 bytes".to_string(),
                    );
                } else {
                    self.section.extend_from_slice(payload);
                }
            }
            Phase::Table => {
                self.table_received += payload.len() as u64;
                // Never hold more than announced: the announcement bounds memory.
                let room = self.table_bytes.saturating_sub(self.section.len() as u64);
                let keep = (room as usize).min(payload.len());
                self.section.extend_from_slice(&payload[..keep]);
            }
            Phase::Records => self.take_records(payload),
            _ => {}
        }
    }

    fn end_section(&mut self, which: Phase, payload: &[u8]) {
        if self.phase != which {
            self.stop(
                DatalogErrorCode::UnexpectedStatus,
                format!(
                    "the end of the {} section arrived during the {} section",
                    which.as_str(),
                    self.phase.as_str()
                ),
            );
            return;
        }
        self.append(payload);
        match which {
            Phase::Sizes => self.parse_sizes(),
            Phase::Table => self.parse_table(),
            _ => self.end_records(),
        }
    }

    fn parse_sizes(&mut self) {
        let text = std::mem::take(&mut self.section);
        let numbers: Option<Vec<u64>> = text
            .split(|&b| b == b'\n')
            .map(trim)
            .filter(|l| !l.is_empty())
            .map(|l| {
                if l.len() <= 12 && l.iter().all(u8::is_ascii_digit) {
                    std::str::from_utf8(l).ok().and_then(|s| s.parse().ok())
                } else {
                    None
                }
            })
            .collect();
        let (table, records) = match numbers.as_deref() {
            Some(&[t, r]) => (t, r),
            _ => {
                self.stop(
                    DatalogErrorCode::BadSizes,
                    format!(
                        "the file-size section should be two numbers, found '{}'",
                        String::from_utf8_lossy(&text)
                    ),
                );
                return;
            }
        };
        self.table_bytes = table;
        self.record_bytes = records;
        self.phase = Phase::Table;
        self.format = match self.option {
            RecordFormat::Auto => match (records % 10 == 0, records % 16 == 0) {
                (true, false) => Some(RecordFormat::Compact10),
                (false, true) => Some(RecordFormat::Legacy16),
                (true, true) => None,
                (false, false) => {
                    self.stop(
                        DatalogErrorCode::UnknownRecordSize,
                        format!("{records} record bytes fit neither 10- nor 16-byte records"),
                    );
                    return;
                }
            },
            fixed => Some(fixed),
        };
        let size = self.format.unwrap_or(RecordFormat::Compact10).record_size() as u64;
        let expected = (records / size).min(MAX_RESERVE_RECORDS) as usize;
        // A failed reservation is fine: the columns grow as records arrive.
        let _ = self.columns.time.try_reserve_exact(expected);
        let _ = self.columns.series.try_reserve_exact(expected);
        let _ = self.columns.value.try_reserve_exact(expected);
    }

    fn parse_table(&mut self) {
        let table = std::mem::take(&mut self.section);
        let mut parts: Vec<&[u8]> = table.split(|&b| b == b',').collect();
        // Only names followed by a comma count (as on the board's own reader).
        let tail = parts.pop().unwrap_or(&[]);
        self.names = parts
            .into_iter()
            .map(|n| String::from_utf8_lossy(n).into_owned())
            .collect();
        if self.table_received != self.table_bytes {
            self.note(
                DatalogErrorCode::BadTable,
                format!(
                    "the name table has {} bytes; the board announced {}",
                    self.table_received, self.table_bytes
                ),
            );
        } else if !tail.is_empty() {
            self.note(
                DatalogErrorCode::BadTable,
                "the name table's last name has no comma; it was left out".to_string(),
            );
        }
        self.phase = Phase::Records;
        self.by_name.clear();
    }

    fn end_records(&mut self) {
        self.flush_pending();
        if self.phase == Phase::Stopped {
            return;
        }
        self.phase = Phase::Done;
        if self.records_received != self.record_bytes {
            self.note(
                DatalogErrorCode::RecordsLength,
                format!(
                    "the records section has {} bytes; the board announced {}",
                    self.records_received, self.record_bytes
                ),
            );
        } else if self.carry_len > 0 {
            self.note(
                DatalogErrorCode::RecordsLength,
                format!(
                    "the records section ends in a partial record ({} bytes)",
                    self.carry_len
                ),
            );
        }
        self.carry_len = 0;
    }

    fn take_records(&mut self, payload: &[u8]) {
        let room = self.record_bytes.saturating_sub(self.records_received);
        self.records_received += payload.len() as u64;
        // Bytes past the announced size are counted (for the error) but not decoded.
        let data = &payload[..(room.min(payload.len() as u64) as usize)];
        if self.format.is_none() {
            self.pending.extend_from_slice(data);
            if self.pending.len() >= DETECT_BYTES {
                self.decide_format();
            }
            return;
        }
        self.decode_bytes(data);
    }
}

fn trim(mut s: &[u8]) -> &[u8] {
    while let Some((&c, rest)) = s.split_first() {
        if c.is_ascii_whitespace() || c == 0 {
            s = rest;
        } else {
            break;
        }
    }
    while let Some((&c, rest)) = s.split_last() {
        if c.is_ascii_whitespace() || c == 0 {
            s = rest;
        } else {
            break;
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Packs a section into packets of at most 60 payload bytes; the last gets `end`.
    fn packets(section: &[u8], end: u8) -> Vec<u8> {
        let mut out = Vec::new();
        let chunks: Vec<&[u8]> = if section.is_empty() {
            vec![&[][..]]
        } else {
            section.chunks(MAX_PAYLOAD).collect()
        };
        for (i, c) in chunks.iter().enumerate() {
            let status = if i + 1 == chunks.len() { end } else { 1 };
            let mut p = vec![PACKET_TYPE, c.len() as u8, CMD_READ, status];
            p.extend_from_slice(c);
            p.resize(64, 0);
            out.extend(p);
        }
        out
    }

    fn log(names: &str, records: &[u8]) -> Vec<u8> {
        let mut out = packets(
            format!("{}\n{}\n", names.len(), records.len()).as_bytes(),
            4,
        );
        out.extend(packets(names.as_bytes(), 5));
        out.extend(packets(records, 6));
        out
    }

    fn rec10(s: u32, i: u16, v: f32) -> Vec<u8> {
        let mut r = s.to_le_bytes().to_vec();
        r.extend(i.to_le_bytes());
        r.extend(v.to_le_bytes());
        r
    }

    #[test]
    fn decodes_a_small_log() {
        let mut records = Vec::new();
        records.extend(rec10(1, 1, 2.5));
        records.extend(rec10(2, 0, -1.0));
        records.extend(rec10(3, 1, 4.0));
        let mut d = Decoder::default();
        d.push_packets(&log("light,temp,", &records), 64);
        d.finish();
        assert_eq!(d.phase(), Phase::Done);
        assert_eq!(d.error(), None);
        assert_eq!(d.names(), ["light", "temp"]);
        assert_eq!(d.columns().time, [1000.0, 2000.0, 3000.0]);
        assert_eq!(d.columns().series, [0, 1, 0]);
        assert_eq!(d.columns().value, [2.5, -1.0, 4.0]);
        assert_eq!(d.series()[0].name, 1);
        assert_eq!(d.percent(), 100.0);
    }

    #[test]
    fn empty_status_means_no_log() {
        let mut d = Decoder::default();
        d.push_packet(&[20, 0, 2, 3]);
        d.finish();
        assert_eq!(d.phase(), Phase::Empty);
        assert_eq!(d.error(), None);
    }

    #[test]
    fn keeps_records_when_the_stream_stops_early() {
        let records: Vec<u8> = (0..20).flat_map(|i| rec10(i, 0, i as f32)).collect();
        let stream = log("a,", &records);
        let mut d = Decoder::default();
        // Stop after the first records packet.
        d.push_packets(&stream[..64 * 3], 64);
        d.finish();
        assert_eq!(d.error().map(|e| e.code), Some(DatalogErrorCode::Truncated));
        assert_eq!(d.columns().len(), 6);
    }
}

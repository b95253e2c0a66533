//! Intel HEX parsing into a flat memory image.
//!
//! Accepts record types 00 (data), 01 (end of file), 02 (extended segment address),
//! 03 (start segment address), 04 (extended linear address) and 05 (start linear address),
//! LF or CRLF line endings, blank lines, and gaps between data records (filled with 0xFF,
//! the erased-flash value). Every syntax or checksum problem is reported with its 1-based
//! line number. A file must end with an 01 record, so a truncated download is caught
//! before it reaches a board.

use std::fmt;

/// The largest image (highest minus lowest used address) we build. Real GoGo firmware is
/// at most a few hundred KiB; the cap stops a sparse file from allocating gigabytes.
pub const MAX_IMAGE_BYTES: usize = 16 * 1024 * 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HexErrorCode {
    /// A non-blank line does not start with ':'.
    MissingColon,
    /// A character that is not a hexadecimal digit.
    BadDigit,
    /// The line length does not match the record's byte count.
    BadLength,
    /// The record checksum does not add up.
    Checksum,
    /// Record type other than 00..05.
    BadRecordType,
    /// A record of type 01..05 with the wrong number of data bytes.
    BadRecordLength,
    /// No end-of-file record.
    MissingEof,
    /// A record after the end-of-file record.
    DataAfterEof,
    /// Two data records write the same address.
    Overlap,
    /// A data record runs past the 32-bit address space.
    AddressOverflow,
    /// The used addresses span more than `MAX_IMAGE_BYTES`.
    ImageTooLarge,
    /// The file holds no data.
    Empty,
}

codes!(HexErrorCode: MissingColon = "missing-colon", BadDigit = "bad-digit", BadLength = "bad-length", Checksum = "checksum", BadRecordType = "bad-record-type", BadRecordLength = "bad-record-length", MissingEof = "missing-eof", DataAfterEof = "data-after-eof", Overlap = "overlap", AddressOverflow = "address-overflow", ImageTooLarge = "image-too-large", Empty = "empty");

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HexError {
    pub code: HexErrorCode,
    /// 1-based line number, 0 when the error concerns the whole file.
    pub line: usize,
    pub message: String,
}

impl fmt::Display for HexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: {}", self.line, self.message)
        } else {
            f.write_str(&self.message)
        }
    }
}

fn error(code: HexErrorCode, line: usize, message: String) -> HexError {
    HexError {
        code,
        line,
        message,
    }
}

/// Where execution starts, from an 03 or 05 record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartAddress {
    None,
    /// CS:IP packed as CS << 16 | IP (record 03).
    Segment(u32),
    /// A 32-bit linear address (record 05).
    Linear(u32),
}

/// A run of addresses that data records wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Range {
    pub start: u32,
    pub len: u32,
}

/// The parsed file: bytes from `base` to the highest used address, gaps filled with 0xFF.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemoryImage {
    pub base: u32,
    pub data: Vec<u8>,
    /// Used ranges, sorted and merged where adjacent.
    pub ranges: Vec<Range>,
    pub start: StartAddress,
}

impl MemoryImage {
    /// Number of bytes the records actually wrote (excluding gap filler).
    pub fn used_bytes(&self) -> u64 {
        self.ranges.iter().map(|r| u64::from(r.len)).sum()
    }
}

/// Nibble values; 0xFF marks a non-hex character.
const NIBBLE: [u8; 256] = {
    let mut t = [0xFFu8; 256];
    let mut i = 0;
    while i < 10 {
        t[b'0' as usize + i] = i as u8;
        i += 1;
    }
    let mut i = 0;
    while i < 6 {
        t[b'a' as usize + i] = 10 + i as u8;
        t[b'A' as usize + i] = 10 + i as u8;
        i += 1;
    }
    t
};

/// One data record: where it goes, where its bytes sit in the arena, and its line.
struct Chunk {
    addr: u32,
    at: usize,
    len: usize,
    line: usize,
}

/// The state a file builds up record by record.
struct Records {
    arena: Vec<u8>,
    chunks: Vec<Chunk>,
    /// Added to each data record's offset: from 02 (segment << 4) or 04 (linear << 16).
    upper: u32,
    start: StartAddress,
    eof_line: usize,
    any_record: bool,
}

/// Longest record in bytes: count, two address bytes, type, 255 data bytes, checksum.
const MAX_RECORD: usize = 255 + 5;

/// Decodes hex digit pairs into `out` (one byte per pair) and returns the byte sum, or
/// `None` if any digit is not hexadecimal. Branch-free per byte: invalid digits map to
/// 0xFF in `NIBBLE`, so their high bits survive in `bad`.
#[inline(always)]
fn decode_pairs(digits: &[u8], out: &mut [u8]) -> Option<u8> {
    let n = out.len().min(digits.len() / 2);
    let digits = &digits[..2 * n];
    let out = &mut out[..n];
    let mut sum = 0u8;
    let mut bad = 0u8;
    for i in 0..n {
        let hi = NIBBLE[digits[2 * i] as usize];
        let lo = NIBBLE[digits[2 * i + 1] as usize];
        bad |= hi | lo;
        let b = (hi << 4) | lo;
        out[i] = b;
        sum = sum.wrapping_add(b);
    }
    if bad & 0xF0 == 0 {
        Some(sum)
    } else {
        None
    }
}

/// The fast path: a complete, valid record at `pos` ended by LF, CRLF or the end of the
/// text. Returns the record's byte count and where the next line starts. Anything else
/// (blank lines, trailing spaces, every kind of error) returns `None` and goes through
/// the line-by-line path, which produces the exact error.
#[inline]
fn fast_record(text: &[u8], pos: usize, record: &mut [u8; MAX_RECORD]) -> Option<(usize, usize)> {
    let t = text.get(pos..)?;
    if t.len() < 11 || t[0] != b':' {
        return None;
    }
    let (hi, lo) = (NIBBLE[t[1] as usize], NIBBLE[t[2] as usize]);
    if (hi | lo) & 0xF0 != 0 {
        return None;
    }
    let count = usize::from((hi << 4) | lo);
    let end = 11 + 2 * count;
    let next = match t.get(end) {
        None if t.len() == end => end,
        Some(b'\n') => end + 1,
        Some(b'\r') => match t.get(end + 1) {
            None => end + 1,
            Some(b'\n') => end + 2,
            Some(_) => return None,
        },
        _ => return None,
    };
    let nbytes = count + 5;
    let sum = decode_pairs(&t[1..end], &mut record[..nbytes])?;
    if sum != 0 {
        return None;
    }
    Some((nbytes, pos + next))
}

/// Checks one line (without its line ending) and decodes it into `record`; returns the
/// record's byte count.
fn decode_line(
    line: &[u8],
    line_no: usize,
    record: &mut [u8; MAX_RECORD],
) -> Result<usize, HexError> {
    if line[0] != b':' {
        return Err(error(
            HexErrorCode::MissingColon,
            line_no,
            "a record must start with ':'".to_string(),
        ));
    }
    let digits = &line[1..];
    if digits.len() < 10 || digits.len() % 2 != 0 {
        return Err(error(
            HexErrorCode::BadLength,
            line_no,
            format!(
                "a record needs an even number of at least 10 hex digits, found {}",
                digits.len()
            ),
        ));
    }
    let nbytes = digits.len() / 2;
    if nbytes > MAX_RECORD {
        return Err(error(
            HexErrorCode::BadLength,
            line_no,
            "the record is longer than 255 data bytes".to_string(),
        ));
    }
    let sum = match decode_pairs(digits, &mut record[..nbytes]) {
        Some(sum) => sum,
        None => {
            let col = digits
                .iter()
                .position(|&d| NIBBLE[d as usize] == 0xFF)
                .map_or(0, |i| i + 2);
            return Err(error(
                HexErrorCode::BadDigit,
                line_no,
                format!("column {col} is not a hexadecimal digit"),
            ));
        }
    };
    let count = record[0] as usize;
    if nbytes != count + 5 {
        return Err(error(
            HexErrorCode::BadLength,
            line_no,
            format!(
                "the record announces {count} data bytes but holds {}",
                nbytes.saturating_sub(5)
            ),
        ));
    }
    if sum != 0 {
        let given = record[nbytes - 1];
        let expected = given.wrapping_sub(sum);
        return Err(error(
            HexErrorCode::Checksum,
            line_no,
            format!("checksum is {given:02X}, expected {expected:02X}"),
        ));
    }
    Ok(nbytes)
}

impl Records {
    /// Applies one decoded, checksum-valid record.
    fn apply(&mut self, record: &[u8], line_no: usize) -> Result<(), HexError> {
        self.any_record = true;
        let count = record[0] as usize;
        let offset = u32::from(record[1]) << 8 | u32::from(record[2]);
        let kind = record[3];
        let data = &record[4..4 + count];
        let want_len = |n: usize| -> Result<(), HexError> {
            if count == n {
                Ok(())
            } else {
                Err(error(
                    HexErrorCode::BadRecordLength,
                    line_no,
                    format!("a type {kind:02X} record must hold {n} data bytes, not {count}"),
                ))
            }
        };
        match kind {
            0x00 => {
                if count == 0 {
                    return Ok(());
                }
                let addr = self
                    .upper
                    .checked_add(offset)
                    .filter(|a| u64::from(*a) + count as u64 <= u64::from(u32::MAX) + 1);
                let addr = match addr {
                    Some(a) => a,
                    None => {
                        return Err(error(
                            HexErrorCode::AddressOverflow,
                            line_no,
                            "the record runs past the 4 GiB address space".to_string(),
                        ))
                    }
                };
                self.chunks.push(Chunk {
                    addr,
                    at: self.arena.len(),
                    len: count,
                    line: line_no,
                });
                self.arena.extend_from_slice(data);
            }
            0x01 => {
                want_len(0)?;
                self.eof_line = line_no;
            }
            0x02 => {
                want_len(2)?;
                self.upper = (u32::from(data[0]) << 8 | u32::from(data[1])) << 4;
            }
            0x03 => {
                want_len(4)?;
                self.start =
                    StartAddress::Segment(u32::from_be_bytes([data[0], data[1], data[2], data[3]]));
            }
            0x04 => {
                want_len(2)?;
                self.upper = (u32::from(data[0]) << 8 | u32::from(data[1])) << 16;
            }
            0x05 => {
                want_len(4)?;
                self.start =
                    StartAddress::Linear(u32::from_be_bytes([data[0], data[1], data[2], data[3]]));
            }
            other => {
                return Err(error(
                    HexErrorCode::BadRecordType,
                    line_no,
                    format!("record type {other:02X} is not one of 00 to 05"),
                ))
            }
        }
        Ok(())
    }
}

/// Parses an Intel HEX file given as raw bytes (ASCII).
///
/// Well-formed records take a fast path that never looks for the line end first; every
/// other line takes the careful path that names the problem. Both apply records the same
/// way, so the result does not depend on which path a line took.
pub fn parse(text: &[u8]) -> Result<MemoryImage, HexError> {
    let mut st = Records {
        arena: Vec::with_capacity(text.len() / 2 + 16),
        chunks: Vec::with_capacity(text.len() / 40 + 1),
        upper: 0,
        start: StartAddress::None,
        eof_line: 0,
        any_record: false,
    };
    let mut record = [0u8; MAX_RECORD];

    let mut line_no = 0usize;
    let mut pos = 0usize;
    while pos < text.len() {
        line_no += 1;
        if st.eof_line == 0 {
            if let Some((nbytes, next)) = fast_record(text, pos, &mut record) {
                st.apply(&record[..nbytes], line_no)?;
                pos = next;
                continue;
            }
        }
        let end = match text[pos..].iter().position(|&b| b == b'\n') {
            Some(n) => pos + n,
            None => text.len(),
        };
        let mut line = &text[pos..end];
        pos = end + 1;
        if let Some((&b'\r', rest)) = line.split_last() {
            line = rest;
        }
        // Trailing spaces or tabs are common in hand-edited files.
        while let Some((&last, rest)) = line.split_last() {
            if last == b' ' || last == b'\t' {
                line = rest;
            } else {
                break;
            }
        }
        if line.is_empty() {
            continue;
        }
        if st.eof_line > 0 {
            return Err(error(
                HexErrorCode::DataAfterEof,
                line_no,
                format!(
                    "a record follows the end-of-file record on line {}",
                    st.eof_line
                ),
            ));
        }
        let nbytes = decode_line(line, line_no, &mut record)?;
        st.apply(&record[..nbytes], line_no)?;
    }
    if !st.any_record {
        return Err(error(
            HexErrorCode::Empty,
            0,
            "the file holds no records".to_string(),
        ));
    }
    if st.eof_line == 0 {
        return Err(error(
            HexErrorCode::MissingEof,
            0,
            "the file has no end-of-file record (:00000001FF); it may be truncated".to_string(),
        ));
    }
    build_image(&st.arena, st.chunks, st.start)
}

fn build_image(
    arena: &[u8],
    mut chunks: Vec<Chunk>,
    start: StartAddress,
) -> Result<MemoryImage, HexError> {
    if chunks.is_empty() {
        return Err(error(
            HexErrorCode::Empty,
            0,
            "the file holds no data records".to_string(),
        ));
    }
    if !chunks.windows(2).all(|w| w[0].addr <= w[1].addr) {
        // Stable: records at the same address keep their file order.
        chunks.sort_by_key(|c| c.addr);
    }
    let mut ranges: Vec<Range> = Vec::new();
    // The chunk that ends the last range: in address order, the only earlier chunk a new
    // one can overlap.
    let mut prev: Option<&Chunk> = None;
    for c in &chunks {
        let c_end = u64::from(c.addr) + c.len as u64;
        match (ranges.last_mut(), prev) {
            (Some(r), Some(p)) if u64::from(r.start) + u64::from(r.len) > u64::from(c.addr) => {
                // c.addr is the lowest address written twice: every lower one belongs to
                // chunks that were disjoint. Name the record that comes later in the file.
                let (first, second) = if p.line <= c.line { (p, c) } else { (c, p) };
                return Err(error(
                    HexErrorCode::Overlap,
                    second.line,
                    format!(
                        "this record writes address 0x{:08X}, which line {} already wrote",
                        c.addr, first.line
                    ),
                ));
            }
            (Some(r), _) if u64::from(r.start) + u64::from(r.len) == u64::from(c.addr) => {
                r.len = (c_end - u64::from(r.start)) as u32;
            }
            _ => ranges.push(Range {
                start: c.addr,
                len: c.len as u32,
            }),
        }
        prev = Some(c);
    }
    let base = ranges[0].start;
    let last = ranges[ranges.len() - 1];
    let span = (u64::from(last.start) + u64::from(last.len) - u64::from(base)) as usize;
    if span > MAX_IMAGE_BYTES {
        return Err(error(
            HexErrorCode::ImageTooLarge,
            0,
            format!(
                "the data spans {span} bytes, more than the {MAX_IMAGE_BYTES} this tool accepts"
            ),
        ));
    }
    let mut data = vec![0xFFu8; span];
    for c in &chunks {
        let at = (c.addr - base) as usize;
        data[at..at + c.len].copy_from_slice(&arena[c.at..c.at + c.len]);
    }
    Ok(MemoryImage {
        base,
        data,
        ranges,
        start,
    })
}

/// Serialises an image for the ABI (all little-endian u32):
/// `base, range_count, start_kind (0 none, 1 segment, 2 linear), start_value`, then
/// `range_count` pairs `(start, len)`, then the image bytes.
pub fn encode_image(img: &MemoryImage) -> Vec<u8> {
    let mut out = Vec::with_capacity(16 + img.ranges.len() * 8 + img.data.len());
    let (kind, value) = match img.start {
        StartAddress::None => (0u32, 0u32),
        StartAddress::Segment(v) => (1, v),
        StartAddress::Linear(v) => (2, v),
    };
    for v in [img.base, img.ranges.len() as u32, kind, value] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    for r in &img.ranges {
        out.extend_from_slice(&r.start.to_le_bytes());
        out.extend_from_slice(&r.len.to_le_bytes());
    }
    out.extend_from_slice(&img.data);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(s: &str) -> Result<MemoryImage, HexError> {
        parse(s.as_bytes())
    }

    #[test]
    fn parses_a_single_data_record() {
        let img = parse_str(":0400100001020304E2\n:00000001FF\n").expect("valid");
        assert_eq!(img.base, 0x10);
        assert_eq!(img.data, vec![1, 2, 3, 4]);
        assert_eq!(
            img.ranges,
            vec![Range {
                start: 0x10,
                len: 4
            }]
        );
    }

    #[test]
    fn reports_checksum_with_line_number() {
        let e = parse_str(":0400100001020304E3\n:00000001FF\n").expect_err("bad checksum");
        assert_eq!(e.code, HexErrorCode::Checksum);
        assert_eq!(e.line, 1);
        assert!(e.message.contains("expected E2"), "{}", e.message);
    }

    #[test]
    fn requires_end_of_file_record() {
        let e = parse_str(":0400100001020304E2\n").expect_err("no eof");
        assert_eq!(e.code, HexErrorCode::MissingEof);
    }
}

//! Firmware flash plans: a `.bin` or Intel HEX image turned into the exact reports a
//! firmware update sends, split into units that each carry a CRC-32 (so the engine can skip
//! blank and unchanged units and verify after writing).
//!
//! Three targets (`reference/board-protocol.md` §6):
//! - **STM** (GoGo 6 communication CPU, STM32 HID bootloader): 1024-byte pages, each sent as
//!   16 reports of 64 data bytes (the 65-byte HID packet minus its report ID). The last
//!   page is padded with 0xFF, the erased-flash value, so a page's CRC is the CRC of what
//!   the flash holds after writing it.
//! - **ESP** (GoGo 6 main CPU): a header report `Content-Length: N\n\n` followed at once by
//!   the first bytes of the file (63-byte payloads), then 4032-byte sectors (64 × 63) that
//!   the board acknowledges one by one. Unit 0 is the header report; units 1.. are sectors.
//!   The final report is zero padded; the board stops at Content-Length.
//! - **Legacy** (GoGo 4 PIC / Pi-topping): for each run of used addresses a
//!   `MEM_SET_POINTER` report (16-bit address, category 1 command 2) and `MEM_WRITE`
//!   reports of at most 60 data bytes (category 1 command 3). Addresses above 0xFFFF cannot
//!   be reached with a 16-bit pointer (PIC configuration words sit there): they are left
//!   out and counted in `Plan::dropped_bytes`.
//!
//! File names pick the chip of a GoGo 6 image: `gogo-stm-` targets the STM chip,
//! `gogo-esp-` the ESP chip (spec core §4).

use crate::hex;

pub const STM_PAGE_BYTES: usize = 1024;
pub const STM_REPORT_BYTES: usize = 64;
pub const ESP_SECTOR_BYTES: usize = 4032;
pub const ESP_REPORT_BYTES: usize = 63;
pub const LEGACY_CHUNK_BYTES: usize = 60;
pub const LEGACY_REPORT_BYTES: usize = 63;
/// Spec core §5: a firmware file of fewer than 4 items (bytes of a `.bin`, records of a
/// `.hex`) is invalid.
pub const MIN_ITEMS: usize = 4;
/// The largest image a plan accepts (the ESP32 application partitions top out at a few MiB).
pub const MAX_IMAGE_BYTES: usize = 8 * 1024 * 1024;
/// The highest address a legacy 16-bit memory pointer reaches.
pub const LEGACY_ADDRESS_LIMIT: u32 = 0x1_0000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Chip {
    Stm = 1,
    Esp = 2,
    Legacy = 3,
}

impl Chip {
    pub fn from_code(code: u8) -> Option<Chip> {
        match code {
            1 => Some(Chip::Stm),
            2 => Some(Chip::Esp),
            3 => Some(Chip::Legacy),
            _ => None,
        }
    }

    pub fn report_bytes(self) -> usize {
        match self {
            Chip::Stm => STM_REPORT_BYTES,
            Chip::Esp => ESP_REPORT_BYTES,
            Chip::Legacy => LEGACY_REPORT_BYTES,
        }
    }

    pub fn unit_bytes(self) -> usize {
        match self {
            Chip::Stm => STM_PAGE_BYTES,
            Chip::Esp => ESP_SECTOR_BYTES,
            Chip::Legacy => LEGACY_CHUNK_BYTES,
        }
    }
}

/// The chip a file name asks for: `gogo-stm-` → STM, `gogo-esp-` → ESP (case-insensitive),
/// otherwise none.
pub fn chip_for_name(name: &[u8]) -> Option<Chip> {
    let lower: Vec<u8> = name.iter().map(|b| b.to_ascii_lowercase()).collect();
    let has = |needle: &[u8]| lower.windows(needle.len()).any(|w| w == needle);
    if has(b"gogo-stm-") {
        Some(Chip::Stm)
    } else if has(b"gogo-esp-") {
        Some(Chip::Esp)
    } else {
        None
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Bin,
    Hex,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FlashErrorCode {
    /// The file holds no bytes at all.
    Empty,
    /// Fewer than `MIN_ITEMS` bytes or records ('file content is invalid').
    TooFewItems,
    /// The image is larger than `MAX_IMAGE_BYTES`.
    TooLarge,
    /// A legacy image with no byte below address 0x10000.
    NothingToWrite,
    /// The Intel HEX text is malformed (the message names the line).
    Hex(hex::HexErrorCode),
}

impl FlashErrorCode {
    /// The codes of plans themselves; HEX errors keep the HEX codes.
    pub const OWN: &'static [FlashErrorCode] = &[
        FlashErrorCode::Empty,
        FlashErrorCode::TooFewItems,
        FlashErrorCode::TooLarge,
        FlashErrorCode::NothingToWrite,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            FlashErrorCode::Empty => "empty",
            FlashErrorCode::TooFewItems => "too-few-items",
            FlashErrorCode::TooLarge => "image-too-large",
            FlashErrorCode::NothingToWrite => "nothing-to-write",
            FlashErrorCode::Hex(code) => code.as_str(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlashError {
    pub code: FlashErrorCode,
    pub line: usize,
    pub message: String,
}

fn error(code: FlashErrorCode, message: String) -> FlashError {
    FlashError {
        code,
        line: 0,
        message,
    }
}

/// One unit of a plan: an STM page, the ESP header or an ESP sector, or a legacy run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unit {
    /// Target address: the STM page index × 1024, the ESP file offset, the legacy address.
    pub address: u32,
    /// Where the unit's bytes start in the image.
    pub offset: u32,
    /// Image bytes the unit carries (before padding).
    pub length: u32,
    /// CRC-32 of the unit as stored: STM pages padded to 1024 bytes with 0xFF; other units
    /// over their `length` bytes.
    pub crc: u32,
    /// Every byte is 0xFF (an STM page that an erased flash already holds).
    pub blank: bool,
    /// Index of the unit's first report, and how many it has.
    pub first_report: u32,
    pub report_count: u32,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    pub chip: Chip,
    /// The image bytes the plan writes (HEX gaps filled with 0xFF).
    pub image_len: u32,
    /// CRC-32 of the whole image.
    pub image_crc: u32,
    /// Lowest address of a HEX image (0 for `.bin`).
    pub base_address: u32,
    /// Legacy: image bytes above the 16-bit pointer range that were left out.
    pub dropped_bytes: u32,
    pub units: Vec<Unit>,
    /// Every report, `chip.report_bytes()` each, in sending order.
    pub reports: Vec<u8>,
}

impl Plan {
    pub fn report_count(&self) -> usize {
        self.reports.len() / self.chip.report_bytes()
    }
}

const CRC_TABLE: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        table[i] = c;
        i += 1;
    }
    table
};

/// CRC-32 (ISO-HDLC: reflected, polynomial 0x04C11DB7, init and xor-out 0xFFFFFFFF), the
/// checksum of zip and PNG; `crc32(b"123456789") == 0xCBF43926`.
pub fn crc32(data: &[u8]) -> u32 {
    crc32_update(0xFFFF_FFFF, data) ^ 0xFFFF_FFFF
}

/// Continues a CRC-32 over more bytes (`state` starts at 0xFFFFFFFF; xor the end result).
pub fn crc32_update(mut state: u32, data: &[u8]) -> u32 {
    for &b in data {
        state = CRC_TABLE[((state ^ u32::from(b)) & 0xFF) as usize] ^ (state >> 8);
    }
    state
}

/// CRC-32 of `data` followed by 0xFF up to `padded_len` bytes.
pub fn crc32_padded(data: &[u8], padded_len: usize) -> u32 {
    let mut state = crc32_update(0xFFFF_FFFF, data);
    for _ in data.len()..padded_len {
        state = CRC_TABLE[((state ^ 0xFF) & 0xFF) as usize] ^ (state >> 8);
    }
    state ^ 0xFFFF_FFFF
}

/// `a / b` rounded up (`usize::div_ceil` needs rustc 1.73).
fn div_ceil(a: usize, b: usize) -> usize {
    (a + b - 1) / b
}

/// Counts the non-blank lines of a HEX file (its records), stopping at `MIN_ITEMS`.
fn hex_items(text: &[u8]) -> usize {
    text.split(|&b| b == b'\n')
        .filter(|line| line.iter().any(|b| !b.is_ascii_whitespace()))
        .take(MIN_ITEMS)
        .count()
}

/// Builds the plan for `file` (raw bytes of a `.bin`, or Intel HEX text) and `chip`.
pub fn plan(file: &[u8], kind: FileKind, chip: Chip) -> Result<Plan, FlashError> {
    if file.is_empty() {
        return Err(error(
            FlashErrorCode::Empty,
            "the file is empty".to_string(),
        ));
    }
    let (base, image, ranges) = match kind {
        FileKind::Bin => {
            if file.len() < MIN_ITEMS {
                return Err(error(
                    FlashErrorCode::TooFewItems,
                    format!(
                        "a firmware image needs at least {MIN_ITEMS} bytes, this one has {}",
                        file.len()
                    ),
                ));
            }
            let len = file.len() as u32;
            (0u32, file.to_vec(), vec![hex::Range { start: 0, len }])
        }
        FileKind::Hex => {
            if hex_items(file) < MIN_ITEMS {
                return Err(error(
                    FlashErrorCode::TooFewItems,
                    format!("a firmware HEX file needs at least {MIN_ITEMS} records"),
                ));
            }
            let img = hex::parse(file).map_err(|e| FlashError {
                code: FlashErrorCode::Hex(e.code),
                line: e.line,
                message: e.message,
            })?;
            (img.base, img.data, img.ranges)
        }
    };
    if image.len() > MAX_IMAGE_BYTES {
        return Err(error(
            FlashErrorCode::TooLarge,
            format!(
                "the image holds {} bytes, more than the {MAX_IMAGE_BYTES} a board takes",
                image.len()
            ),
        ));
    }
    let mut plan = Plan {
        chip,
        image_len: image.len() as u32,
        image_crc: crc32(&image),
        base_address: base,
        dropped_bytes: 0,
        units: Vec::new(),
        reports: Vec::new(),
    };
    match chip {
        Chip::Stm => stm_units(&mut plan, &image),
        Chip::Esp => esp_units(&mut plan, &image),
        Chip::Legacy => legacy_units(&mut plan, &image, base, &ranges)?,
    }
    Ok(plan)
}

fn stm_units(plan: &mut Plan, image: &[u8]) {
    let per_page = STM_PAGE_BYTES / STM_REPORT_BYTES;
    plan.reports
        .reserve(div_ceil(image.len(), STM_PAGE_BYTES) * STM_PAGE_BYTES);
    for (k, page) in image.chunks(STM_PAGE_BYTES).enumerate() {
        let offset = k * STM_PAGE_BYTES;
        plan.units.push(Unit {
            address: offset as u32,
            offset: offset as u32,
            length: page.len() as u32,
            crc: crc32_padded(page, STM_PAGE_BYTES),
            blank: page.iter().all(|&b| b == 0xFF),
            first_report: (k * per_page) as u32,
            report_count: per_page as u32,
        });
        plan.reports.extend_from_slice(page);
        plan.reports
            .resize(plan.reports.len() + STM_PAGE_BYTES - page.len(), 0xFF);
    }
}

/// The ESP header text (board-protocol §6.2 step 3).
pub fn esp_header(len: usize) -> Vec<u8> {
    format!("Content-Length: {len}\n\n").into_bytes()
}

fn esp_units(plan: &mut Plan, image: &[u8]) {
    let header = esp_header(image.len());
    let head = (ESP_REPORT_BYTES - header.len()).min(image.len());
    let mut first = header;
    first.extend_from_slice(&image[..head]);
    first.resize(ESP_REPORT_BYTES, 0);
    plan.units.push(Unit {
        address: 0,
        offset: 0,
        length: head as u32,
        crc: crc32(&image[..head]),
        blank: false,
        first_report: 0,
        report_count: 1,
    });
    plan.reports.extend_from_slice(&first);
    let mut report = 1u32;
    for (k, sector) in image[head..].chunks(ESP_SECTOR_BYTES).enumerate() {
        let offset = head + k * ESP_SECTOR_BYTES;
        let reports = div_ceil(sector.len(), ESP_REPORT_BYTES);
        plan.units.push(Unit {
            address: offset as u32,
            offset: offset as u32,
            length: sector.len() as u32,
            crc: crc32(sector),
            blank: sector.iter().all(|&b| b == 0xFF),
            first_report: report,
            report_count: reports as u32,
        });
        plan.reports.extend_from_slice(sector);
        plan.reports.resize(
            plan.reports.len() + reports * ESP_REPORT_BYTES - sector.len(),
            0,
        );
        report += reports as u32;
    }
}

fn legacy_units(
    plan: &mut Plan,
    image: &[u8],
    base: u32,
    ranges: &[hex::Range],
) -> Result<(), FlashError> {
    let mut report = 0u32;
    for r in ranges {
        let start = r.start;
        let end = u64::from(r.start) + u64::from(r.len);
        let reachable_end = end.min(u64::from(LEGACY_ADDRESS_LIMIT));
        if u64::from(start) >= reachable_end {
            plan.dropped_bytes += r.len;
            continue;
        }
        let len = (reachable_end - u64::from(start)) as usize;
        plan.dropped_bytes += r.len - len as u32;
        let offset = (start - base) as usize;
        let bytes = &image[offset..offset + len];
        let mut pointer = [0u8; LEGACY_REPORT_BYTES];
        pointer[0] = 1;
        pointer[1] = 2;
        pointer[2] = (start >> 8) as u8;
        pointer[3] = start as u8;
        plan.reports.extend_from_slice(&pointer);
        for chunk in bytes.chunks(LEGACY_CHUNK_BYTES) {
            let mut write = [0u8; LEGACY_REPORT_BYTES];
            write[0] = 1;
            write[1] = 3;
            write[2] = chunk.len() as u8;
            write[3..3 + chunk.len()].copy_from_slice(chunk);
            plan.reports.extend_from_slice(&write);
        }
        let reports = 1 + div_ceil(len, LEGACY_CHUNK_BYTES) as u32;
        plan.units.push(Unit {
            address: start,
            offset: offset as u32,
            length: len as u32,
            crc: crc32(bytes),
            blank: bytes.iter().all(|&b| b == 0xFF),
            first_report: report,
            report_count: reports,
        });
        report += reports;
    }
    if plan.units.is_empty() {
        return Err(error(
            FlashErrorCode::NothingToWrite,
            "no byte of the image lies below address 0x10000, where a legacy board writes"
                .to_string(),
        ));
    }
    Ok(())
}

/// Serialises a plan for the ABI (all integers little-endian u32):
/// header `chip, unit_bytes, report_bytes, unit_count, report_count, image_len, image_crc,
/// base_address, dropped_bytes`, then per unit `address, offset, length, crc, flags
/// (bit 0 blank), first_report, report_count`, then the reports.
pub fn encode_plan(plan: &Plan) -> Vec<u8> {
    let mut out = Vec::with_capacity(36 + plan.units.len() * 28 + plan.reports.len());
    let header = [
        plan.chip as u32,
        plan.chip.unit_bytes() as u32,
        plan.chip.report_bytes() as u32,
        plan.units.len() as u32,
        plan.report_count() as u32,
        plan.image_len,
        plan.image_crc,
        plan.base_address,
        plan.dropped_bytes,
    ];
    for v in header {
        out.extend_from_slice(&v.to_le_bytes());
    }
    for u in &plan.units {
        for v in [
            u.address,
            u.offset,
            u.length,
            u.crc,
            u32::from(u.blank),
            u.first_report,
            u.report_count,
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
    }
    out.extend_from_slice(&plan.reports);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ramp(n: usize) -> Vec<u8> {
        (0..n).map(|i| (i % 251) as u8).collect()
    }

    #[test]
    fn crc32_matches_the_standard_check_value() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
        let data = ramp(700);
        let mut padded = data.clone();
        padded.resize(1024, 0xFF);
        assert_eq!(crc32_padded(&data, 1024), crc32(&padded));
    }

    #[test]
    fn names_pick_the_chip() {
        assert_eq!(chip_for_name(b"GoGo-STM-v1.2.bin"), Some(Chip::Stm));
        assert_eq!(chip_for_name(b"board/gogo-esp-2.0.0.bin"), Some(Chip::Esp));
        assert_eq!(chip_for_name(b"firmware.bin"), None);
        assert_eq!(chip_for_name(b"gogo-stm.bin"), None);
    }

    #[test]
    fn stm_pages_are_sixteen_reports_and_the_tail_is_erased_flash() {
        let image = ramp(2500);
        let p = plan(&image, FileKind::Bin, Chip::Stm).expect("plan");
        assert_eq!(p.units.len(), 3);
        assert_eq!(p.report_count(), 48);
        assert_eq!(p.units[2].length, 452);
        assert_eq!(p.units[2].first_report, 32);
        assert_eq!(&p.reports[2048..2500], &image[2048..]);
        assert!(p.reports[2500..].iter().all(|&b| b == 0xFF));
        assert_eq!(p.units[2].crc, crc32(&p.reports[2048..3072]));
    }

    #[test]
    fn stm_marks_blank_pages() {
        let mut image = vec![0xFFu8; 3072];
        image[2048] = 0;
        let p = plan(&image, FileKind::Bin, Chip::Stm).expect("plan");
        let blank: Vec<bool> = p.units.iter().map(|u| u.blank).collect();
        assert_eq!(blank, vec![true, true, false]);
    }

    #[test]
    fn esp_header_carries_the_length_and_the_first_bytes() {
        let image = ramp(10_000);
        let p = plan(&image, FileKind::Bin, Chip::Esp).expect("plan");
        let header = b"Content-Length: 10000\n\n";
        assert_eq!(&p.reports[..header.len()], header);
        let head = 63 - header.len();
        assert_eq!(&p.reports[header.len()..63], &image[..head]);
        // Sectors of 4032 bytes after the header's share, the last one shorter.
        let lens: Vec<u32> = p.units.iter().map(|u| u.length).collect();
        assert_eq!(
            lens,
            vec![head as u32, 4032, 4032, (10_000 - head - 8064) as u32]
        );
        assert_eq!(p.units[1].report_count, 64);
        assert_eq!(&p.reports[63..63 + 4032], &image[head..head + 4032]);
        let last = p.units[3];
        let at = last.first_report as usize * 63;
        assert_eq!(
            &p.reports[at..at + last.length as usize],
            &image[head + 8064..]
        );
    }

    #[test]
    fn legacy_sends_a_pointer_then_chunks_of_sixty() {
        let hex = b":10001000000102030405060708090A0B0C0D0E0F68\n\
:10002000101112131415161718191A1B1C1D1E1F58\n\
:040030002021222346\n\
:020000040001F9\n\
:0200000055AAFF\n\
:00000001FF\n";
        let p = plan(hex, FileKind::Hex, Chip::Legacy).expect("plan");
        assert_eq!(p.dropped_bytes, 2);
        assert_eq!(p.units.len(), 1);
        let r = &p.reports;
        assert_eq!(&r[..4], &[1, 2, 0x00, 0x10]);
        assert_eq!(&r[63..66], &[1, 3, 36]);
        assert_eq!(r[66], 0);
        assert_eq!(r[66 + 35], 0x23);
    }

    #[test]
    fn rejects_empty_and_tiny_files() {
        let e = plan(b"", FileKind::Bin, Chip::Esp).expect_err("empty");
        assert_eq!(e.code, FlashErrorCode::Empty);
        let e = plan(b"abc", FileKind::Bin, Chip::Esp).expect_err("tiny");
        assert_eq!(e.code, FlashErrorCode::TooFewItems);
        let e = plan(
            b":0400100001020304E2\n:00000001FF\n",
            FileKind::Hex,
            Chip::Stm,
        )
        .expect_err("two records");
        assert_eq!(e.code, FlashErrorCode::TooFewItems);
    }

    #[test]
    fn hex_errors_keep_their_code_and_line() {
        let text = b":0400100001020304E2\n:0400140001020304DE\n:0400180001020304DA\n:04001C0001020304D6X\n:00000001FF\n";
        let e = plan(text, FileKind::Hex, Chip::Stm).expect_err("bad digit");
        assert_eq!(e.code.as_str(), "bad-length");
        assert_eq!(e.line, 4);
    }
}

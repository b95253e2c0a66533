//! What a firmware file is for, read from its bytes before anything is written to a board
//! (docs/firmware-update.md §4, §5): the identity block when the image carries one, and the
//! shape of each chip's image format otherwise. `check` refuses a file that does not fit
//! the chip and the board it would be written to.
//!
//! The identity block (`GOGOFWID`, format 2), numbers little-endian:
//!
//! | Offset | Size | Field |
//! | ------ | ---- | ----- |
//! | 0      | 8    | `GOGOFWID` |
//! | 8      | 1    | format: 2 |
//! | 9      | 1    | chip: 1 STM32, 2 ESP32, 3 legacy firmware, 4 legacy bootloader |
//! | 10     | 1    | board type (status byte 17): 1 GoGo 4, 2 Pi-topping, 4 GoGo 6 |
//! | 11     | 1    | flags: bit 0 = TEST image, for the simulated board only |
//! | 12     | 1    | version byte (status byte 20, or 21 for the STM32) |
//! | 13     | 1    | n: length of the semantic version, at most 16 |
//! | 14     | n    | semantic version, printable ASCII |
//! | 14 + n | 4    | image length, counted from the image start |
//! | 18 + n | 4    | CRC-32 of those bytes with this field taken as zero |
//!
//! Where it sits is a place each format leaves free, not a fixed offset:
//! - STM32: vector-table entry 8 (offset 0x20, reserved on Cortex-M and zero in vendor
//!   images) holds the block's offset from the image start; the block lies after the table.
//! - ESP32: right after the application description (`esp_app_desc_t`, 256 bytes at 0x20,
//!   magic 0xABCD5432), that is at 0x120.
//! - Legacy PIC images (firmware from 0x0800, bootloader from 0): 0x40 after the image
//!   start, past the PIC18 reset and interrupt vectors (+0x00, +0x08, +0x18).

use crate::flash::crc32_update;
use crate::hex;

pub const MAGIC: &[u8; 8] = b"GOGOFWID";
pub const FORMAT: u8 = 2;
pub const MAX_SEMVER: usize = 16;
pub const FLAG_TEST: u8 = 1;
/// Cortex-M vector-table entry 8 (reserved): the identity block's offset.
pub const STM_POINTER_AT: usize = 0x20;
/// The smallest offset an STM32 block may have (past the core's 16 vectors).
pub const STM_MIN_OFFSET: usize = 0x40;
/// ESP32 app image: header (24 bytes) and first segment header (8), then `esp_app_desc_t`.
pub const ESP_APP_DESC_AT: usize = 0x20;
pub const ESP_APP_DESC_MAGIC: u32 = 0xABCD_5432;
pub const ESP_APP_DESC_BYTES: usize = 256;
pub const ESP_IMAGE_MAGIC: u8 = 0xE9;
pub const LEGACY_OFFSET: usize = 0x40;
/// Legacy PIC memory map: the bootloader below this address, the firmware from it.
pub const LEGACY_FIRMWARE_BASE: u32 = 0x0800;
/// The 16-bit pointer of the legacy memory commands ends here.
pub const LEGACY_ADDRESS_LIMIT: u32 = 0x1_0000;

/// Board types of the status stream (byte 17).
pub const BOARD_GOGO4: u8 = 1;
pub const BOARD_PI_TOPPING: u8 = 2;
pub const BOARD_GOGO6: u8 = 4;
pub const BOARD_GOGO7: u8 = 6;

/// ESP image header `chip_id` values (esp_image_header_t, offset 12).
pub const ESP_CHIP_ESP32: u16 = 0;
pub const ESP_CHIP_ESP32S3: u16 = 9;

/// What an image is written as (the identity block's chip numbers).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Stm = 1,
    Esp = 2,
    LegacyFirmware = 3,
    LegacyBootloader = 4,
}

impl Target {
    pub fn from_code(code: u8) -> Option<Target> {
        match code {
            1 => Some(Target::Stm),
            2 => Some(Target::Esp),
            3 => Some(Target::LegacyFirmware),
            4 => Some(Target::LegacyBootloader),
            _ => None,
        }
    }

    fn is_legacy(self) -> bool {
        matches!(self, Target::LegacyFirmware | Target::LegacyBootloader)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    pub chip: u8,
    pub board_type: u8,
    pub flags: u8,
    pub version: u8,
    pub semver: String,
    pub length: u32,
    pub crc: u32,
    /// The file holds all `length` bytes and they match `crc`.
    pub complete: bool,
}

impl Identity {
    pub fn is_test(&self) -> bool {
        self.flags & FLAG_TEST != 0
    }
}

/// The format an image's first bytes have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// A Cortex-M vector table: a stack pointer in SRAM and a Thumb reset vector in flash.
    Stm32,
    /// An ESP app image header (magic 0xE9) with its `chip_id`.
    Esp { chip_id: u16 },
    /// Neither (a legacy PIC image has no recognisable header).
    Other,
}

/// Everything `check` reads from a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Facts {
    pub format: Format,
    pub identity: Option<Identity>,
    /// HEX: lowest and one past the highest written address (a `.bin`: 0 and its length).
    pub low: u32,
    pub high: u32,
    /// The board the file name names by the legacy convention (`gogo40.` GoGo 4, `rpt10.`
    /// Pi-topping), if any.
    pub named_board: Option<u8>,
}

impl Facts {
    /// The chip the content is for: the identity block's, else the format's.
    pub fn chip(&self) -> Option<Target> {
        if let Some(id) = &self.identity {
            return Target::from_code(id.chip);
        }
        match self.format {
            Format::Stm32 => Some(Target::Stm),
            Format::Esp { .. } => Some(Target::Esp),
            Format::Other => None,
        }
    }

    /// The board type the content is for, when it says.
    pub fn board(&self) -> Option<u8> {
        if let Some(id) = &self.identity {
            return Some(id.board_type);
        }
        match self.format {
            Format::Esp { chip_id } if chip_id == ESP_CHIP_ESP32 => Some(BOARD_GOGO6),
            Format::Esp { chip_id } if chip_id == ESP_CHIP_ESP32S3 => Some(BOARD_GOGO7),
            Format::Stm32 => Some(BOARD_GOGO6),
            _ => self.named_board,
        }
    }
}

/// Why a file must not be written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MismatchCode {
    /// The identity CRC does not match: a truncated or altered file.
    Damaged,
    /// Firmware for another board type.
    WrongBoard,
    /// Not an image of the chip it would be written to.
    WrongChip,
    /// A legacy firmware file with bytes in the bootloader's region.
    OverwritesBootloader,
    /// A TEST image (flag in the identity block) for a real board.
    TestImage,
}

codes!(MismatchCode: Damaged = "image-damaged", WrongBoard = "image-wrong-board", WrongChip = "image-wrong-chip", OverwritesBootloader = "image-overwrites-bootloader", TestImage = "image-test-only");

/// A refusal: its code and, for `WrongBoard`, the board type the file is for (0 unknown).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mismatch {
    pub code: MismatchCode,
    pub image_board: u8,
}

impl Mismatch {
    fn new(code: MismatchCode) -> Mismatch {
        Mismatch {
            code,
            image_board: 0,
        }
    }

    fn wrong_board(board: u8) -> Mismatch {
        Mismatch {
            code: MismatchCode::WrongBoard,
            image_board: board,
        }
    }
}

/// The board an image would be written to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Destination {
    pub target: Target,
    /// Status byte 17 of the connected board; 0 while not known yet.
    pub board_type: u8,
    /// The simulated board (TEST images are allowed only there).
    pub virtual_board: bool,
}

fn u32_at(data: &[u8], at: usize) -> Option<u32> {
    let b = data.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// Where the identity block of a `target` image would start, by its format's rule.
pub fn identity_offset(image: &[u8], target: Target) -> Option<usize> {
    match target {
        Target::Stm => {
            let at = u32_at(image, STM_POINTER_AT)? as usize;
            (at >= STM_MIN_OFFSET && at % 4 == 0).then_some(at)
        }
        Target::Esp => (u32_at(image, ESP_APP_DESC_AT)? == ESP_APP_DESC_MAGIC)
            .then_some(ESP_APP_DESC_AT + ESP_APP_DESC_BYTES),
        Target::LegacyFirmware | Target::LegacyBootloader => Some(LEGACY_OFFSET),
    }
}

/// Reads the identity block of an image that is (or would be) written as `target`.
pub fn read_identity(image: &[u8], target: Target) -> Option<Identity> {
    let at = identity_offset(image, target)?;
    let block = image.get(at..)?;
    if block.len() < 22 || &block[..8] != MAGIC || block[8] != FORMAT {
        return None;
    }
    let chip = block[9];
    let n = usize::from(block[13]);
    if Target::from_code(chip).is_none() || n > MAX_SEMVER || block.len() < 22 + n {
        return None;
    }
    let semver = &block[14..14 + n];
    if !semver.iter().all(|b| (0x20..0x7F).contains(b)) {
        return None;
    }
    let length = u32_at(block, 14 + n)?;
    let crc = u32_at(block, 18 + n)?;
    let crc_at = at + 18 + n;
    let complete = (length as usize) <= image.len()
        && crc_at + 4 <= length as usize
        && crc_zeroed(&image[..length as usize], crc_at) == crc;
    Some(Identity {
        chip,
        board_type: block[10],
        flags: block[11],
        version: block[12],
        semver: semver.iter().map(|&b| char::from(b)).collect(),
        length,
        crc,
        complete,
    })
}

/// CRC-32 of `data` with the four bytes at `field` counted as zero.
fn crc_zeroed(data: &[u8], field: usize) -> u32 {
    let mut state = crc32_update(0xFFFF_FFFF, &data[..field]);
    state = crc32_update(state, &[0, 0, 0, 0]);
    crc32_update(state, &data[field + 4..]) ^ 0xFFFF_FFFF
}

/// The format of an image's first bytes.
pub fn format_of(image: &[u8]) -> Format {
    if let (Some(sp), Some(reset)) = (u32_at(image, 0), u32_at(image, 4)) {
        // The upstream STM32 HID bootloader's own test of a stack pointer, and a Thumb
        // reset vector inside the STM32 flash.
        if sp & 0x2FFE_0000 == 0x2000_0000 && reset & 1 == 1 && reset & 0xFFF0_0000 == 0x0800_0000 {
            return Format::Stm32;
        }
    }
    if image.len() >= 24 && image[0] == ESP_IMAGE_MAGIC && (1..=16).contains(&image[1]) {
        return Format::Esp {
            chip_id: u16::from_le_bytes([image[12], image[13]]),
        };
    }
    Format::Other
}

/// The legacy file-name convention (spec core §4): `gogo40.v<n>.hex` is GoGo 4 firmware,
/// `rpt10.v<n>.hex` Pi-topping firmware.
pub fn board_for_name(name: &[u8]) -> Option<u8> {
    let lower: Vec<u8> = name.iter().map(|b| b.to_ascii_lowercase()).collect();
    let base = lower.rsplit(|&b| b == b'/').next().unwrap_or(&[]);
    if base.starts_with(b"gogo40.") {
        Some(BOARD_GOGO4)
    } else if base.starts_with(b"rpt10.") {
        Some(BOARD_PI_TOPPING)
    } else {
        None
    }
}

/// The identity block by `target`'s rule, else by another format's rule (a file meant for
/// another board still says which board it is for).
pub fn find_identity(image: &[u8], target: Target) -> Option<Identity> {
    read_identity(image, target).or_else(|| {
        [Target::Stm, Target::Esp, Target::LegacyFirmware]
            .iter()
            .filter(|&&t| t != target && !(t.is_legacy() && target.is_legacy()))
            .find_map(|&t| read_identity(image, t))
    })
}

/// Reads the facts of a file: `image` is its bytes from `low` (a parsed HEX or a `.bin`).
pub fn facts(image: &[u8], low: u32, high: u32, name: &[u8], target: Target) -> Facts {
    Facts {
        format: format_of(image),
        identity: find_identity(image, target),
        low,
        high,
        named_board: board_for_name(name),
    }
}

/// Parses a file (`hex` = Intel HEX text) and reads its facts; a HEX that does not parse is
/// the parser's error (the flash plan reports the same).
pub fn inspect(
    file: &[u8],
    is_hex: bool,
    name: &[u8],
    target: Target,
) -> Result<Facts, hex::HexError> {
    if is_hex {
        let img = hex::parse(file)?;
        let high = img
            .ranges
            .iter()
            .map(|r| u64::from(r.start) + u64::from(r.len))
            .max()
            .unwrap_or(u64::from(img.base));
        Ok(facts(
            &img.data,
            img.base,
            high.min(u64::from(u32::MAX)) as u32,
            name,
            target,
        ))
    } else {
        Ok(facts(file, 0, file.len() as u32, name, target))
    }
}

/// The rules, first match wins: a damaged block; another board; another chip; a legacy
/// firmware that reaches into the bootloader; a TEST image for a real board.
pub fn check(facts: &Facts, is_hex: bool, dest: Destination) -> Result<(), Mismatch> {
    if let Some(id) = &facts.identity {
        if !id.complete {
            return Err(Mismatch::new(MismatchCode::Damaged));
        }
    }
    let board = facts.board();
    if dest.board_type != 0 {
        if let Some(b) = board {
            if b != dest.board_type {
                return Err(Mismatch::wrong_board(b));
            }
        }
    } else if let Some(b) = board {
        // Board not known yet: a file for the other family is still refused.
        let gogo6_target = matches!(dest.target, Target::Stm | Target::Esp);
        let gogo6_file = b == BOARD_GOGO6;
        if gogo6_target != gogo6_file {
            return Err(Mismatch::wrong_board(b));
        }
    }
    if let Some(chip) = facts.chip() {
        if chip != dest.target {
            return Err(Mismatch::new(MismatchCode::WrongChip));
        }
    }
    match dest.target {
        Target::Stm => {
            if is_hex || facts.format != Format::Stm32 {
                return Err(Mismatch::new(MismatchCode::WrongChip));
            }
        }
        Target::Esp => {
            if is_hex
                || facts.format
                    != (Format::Esp {
                        chip_id: ESP_CHIP_ESP32,
                    })
            {
                return Err(Mismatch::new(MismatchCode::WrongChip));
            }
        }
        Target::LegacyFirmware | Target::LegacyBootloader => {
            if !is_hex || facts.format != Format::Other {
                return Err(Mismatch::new(MismatchCode::WrongChip));
            }
            let below = facts.low.min(LEGACY_ADDRESS_LIMIT);
            if dest.target == Target::LegacyFirmware && below < LEGACY_FIRMWARE_BASE {
                return Err(Mismatch::new(MismatchCode::OverwritesBootloader));
            }
            if dest.target == Target::LegacyBootloader
                && facts.high.min(LEGACY_ADDRESS_LIMIT) > LEGACY_FIRMWARE_BASE
            {
                return Err(Mismatch::new(MismatchCode::WrongChip));
            }
        }
    }
    debug_assert!(!dest.target.is_legacy() || is_hex);
    if let Some(id) = &facts.identity {
        if id.is_test() && !dest.virtual_board {
            return Err(Mismatch::new(MismatchCode::TestImage));
        }
    }
    Ok(())
}

/// Serialises a check for the ABI: `verdict` (0 = fits, else the `MismatchCode` index + 1),
/// the board the file is for (0 unknown), the chip its content is for (identity chip
/// numbers, 0 unknown), then the identity: present (0/1), chip, board type, flags, version
/// byte, n, semver bytes, length (u32 little-endian).
pub fn encode_check(facts: &Facts, verdict: Result<(), Mismatch>) -> Vec<u8> {
    let mut out = vec![
        verdict.err().map_or(0, |m| m.code as u8 + 1),
        match verdict {
            Err(m) if m.code == MismatchCode::WrongBoard => m.image_board,
            _ => facts.board().unwrap_or(0),
        },
        facts.chip().map_or(0, |c| c as u8),
    ];
    match &facts.identity {
        Some(id) => {
            out.extend_from_slice(&[1, id.chip, id.board_type, id.flags, id.version]);
            out.push(id.semver.len() as u8);
            out.extend_from_slice(id.semver.as_bytes());
            out.extend_from_slice(&id.length.to_le_bytes());
        }
        None => out.push(0),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flash::crc32;

    fn seal(image: &mut [u8], at: usize, chip: u8, board: u8, flags: u8, semver: &str) {
        image[at..at + 8].copy_from_slice(MAGIC);
        image[at + 8] = FORMAT;
        image[at + 9] = chip;
        image[at + 10] = board;
        image[at + 11] = flags;
        image[at + 12] = 7;
        let n = semver.len();
        image[at + 13] = n as u8;
        image[at + 14..at + 14 + n].copy_from_slice(semver.as_bytes());
        let len = image.len() as u32;
        image[at + 14 + n..at + 18 + n].copy_from_slice(&len.to_le_bytes());
        image[at + 18 + n..at + 22 + n].fill(0);
        let crc = crc32(image);
        image[at + 18 + n..at + 22 + n].copy_from_slice(&crc.to_le_bytes());
    }

    fn stm(flags: u8) -> Vec<u8> {
        let mut image = vec![0x5Au8; 4096];
        image[0..4].copy_from_slice(&0x2000_5000u32.to_le_bytes());
        image[4..8].copy_from_slice(&0x0800_1101u32.to_le_bytes());
        image[0x20..0x24].copy_from_slice(&0x200u32.to_le_bytes());
        seal(&mut image, 0x200, 1, BOARD_GOGO6, flags, "1.2.3");
        image
    }

    fn esp(chip_id: u16) -> Vec<u8> {
        let mut image = vec![0u8; 4096];
        image[0] = ESP_IMAGE_MAGIC;
        image[1] = 1;
        image[12..14].copy_from_slice(&chip_id.to_le_bytes());
        image[0x20..0x24].copy_from_slice(&ESP_APP_DESC_MAGIC.to_le_bytes());
        image
    }

    const GOGO6_STM: Destination = Destination {
        target: Target::Stm,
        board_type: BOARD_GOGO6,
        virtual_board: false,
    };

    #[test]
    fn reads_a_sealed_stm_block_through_the_vector_table() {
        let image = stm(0);
        let id = read_identity(&image, Target::Stm).expect("identity");
        assert_eq!((id.chip, id.board_type, id.version), (1, BOARD_GOGO6, 7));
        assert_eq!(id.semver, "1.2.3");
        assert!(id.complete);
        assert_eq!(format_of(&image), Format::Stm32);
        // Entry 8 zero, as in a vendor image: no block.
        let mut vendor = image.clone();
        vendor[0x20..0x24].fill(0);
        assert_eq!(read_identity(&vendor, Target::Stm), None);
    }

    #[test]
    fn a_changed_byte_makes_the_block_incomplete_and_the_file_damaged() {
        let mut image = stm(0);
        image[3000] ^= 1;
        let f = facts(&image, 0, 4096, b"x.bin", Target::Stm);
        assert_eq!(f.identity.as_ref().map(|i| i.complete), Some(false));
        assert_eq!(
            check(&f, false, GOGO6_STM),
            Err(Mismatch::new(MismatchCode::Damaged))
        );
        // Truncated: the block says more bytes than the file has.
        let cut = &stm(0)[..3000];
        let f = facts(cut, 0, 3000, b"x.bin", Target::Stm);
        assert_eq!(
            check(&f, false, GOGO6_STM),
            Err(Mismatch::new(MismatchCode::Damaged))
        );
    }

    #[test]
    fn a_test_image_fits_only_the_virtual_board() {
        let image = stm(FLAG_TEST);
        let f = facts(&image, 0, 4096, b"gogo-stm-1.2.3.bin", Target::Stm);
        assert_eq!(
            check(&f, false, GOGO6_STM),
            Err(Mismatch::new(MismatchCode::TestImage))
        );
        let sim = Destination {
            virtual_board: true,
            ..GOGO6_STM
        };
        assert_eq!(check(&f, false, sim), Ok(()));
    }

    #[test]
    fn an_esp_image_must_be_for_the_esp32_of_a_gogo6() {
        let dest = Destination {
            target: Target::Esp,
            board_type: BOARD_GOGO6,
            virtual_board: false,
        };
        let f = facts(&esp(ESP_CHIP_ESP32), 0, 4096, b"x.bin", Target::Esp);
        assert_eq!(check(&f, false, dest), Ok(()));
        // A GoGo 7 (ESP32-S3) image.
        let f = facts(&esp(ESP_CHIP_ESP32S3), 0, 4096, b"x.bin", Target::Esp);
        assert_eq!(
            check(&f, false, dest),
            Err(Mismatch::wrong_board(BOARD_GOGO7))
        );
        // An STM32 image sent to the ESP32.
        let f = facts(&stm(0), 0, 4096, b"gogo-esp-1.bin", Target::Esp);
        assert_eq!(
            check(&f, false, dest),
            Err(Mismatch::new(MismatchCode::WrongChip))
        );
        // Bytes of no known format.
        let f = facts(&[1, 2, 3, 4, 5], 0, 5, b"x.bin", Target::Esp);
        assert_eq!(
            check(&f, false, dest),
            Err(Mismatch::new(MismatchCode::WrongChip))
        );
    }

    #[test]
    fn legacy_files_are_hex_above_the_bootloader_and_for_their_board() {
        let mut image = vec![0x11u8; 2048];
        seal(&mut image, LEGACY_OFFSET, 3, BOARD_GOGO4, 0, "111");
        let f = facts(&image, 0x0800, 0x1000, b"fw.hex", Target::LegacyFirmware);
        let gogo4 = Destination {
            target: Target::LegacyFirmware,
            board_type: BOARD_GOGO4,
            virtual_board: false,
        };
        assert_eq!(check(&f, true, gogo4), Ok(()));
        let pi = Destination {
            board_type: BOARD_PI_TOPPING,
            ..gogo4
        };
        assert_eq!(check(&f, true, pi), Err(Mismatch::wrong_board(BOARD_GOGO4)));
        // The GoGo 4 firmware offered to a GoGo 6 chip.
        let esp_dest = Destination {
            target: Target::Esp,
            board_type: BOARD_GOGO6,
            virtual_board: false,
        };
        let f_esp = facts(&image, 0x0800, 0x1000, b"firmware.hex", Target::Esp);
        assert_eq!(
            check(&f_esp, true, esp_dest),
            Err(Mismatch::wrong_board(BOARD_GOGO4))
        );
        let f_plain = facts(&[0x33; 2048], 0x0800, 0x1000, b"firmware.hex", Target::Esp);
        assert_eq!(
            check(&f_plain, true, esp_dest),
            Err(Mismatch::new(MismatchCode::WrongChip))
        );
        // Without a block, the name convention still tells the board.
        let plain = vec![0x22u8; 2048];
        let f = facts(
            &plain,
            0x0800,
            0x1000,
            b"gogo40.v111.hex",
            Target::LegacyFirmware,
        );
        assert_eq!(check(&f, true, pi), Err(Mismatch::wrong_board(BOARD_GOGO4)));
        // Firmware reaching below 0x0800 would rewrite the bootloader.
        let f = facts(&plain, 0x0400, 0x1000, b"fw.hex", Target::LegacyFirmware);
        assert_eq!(
            check(&f, true, gogo4),
            Err(Mismatch::new(MismatchCode::OverwritesBootloader))
        );
        // A .bin is never a legacy image (it would land at address 0).
        let f = facts(&plain, 0, 2048, b"fw.bin", Target::LegacyFirmware);
        assert_eq!(
            check(&f, false, gogo4),
            Err(Mismatch::new(MismatchCode::WrongChip))
        );
    }

    #[test]
    fn names_follow_the_legacy_convention() {
        assert_eq!(board_for_name(b"GOGO40.V111.HEX"), Some(BOARD_GOGO4));
        assert_eq!(board_for_name(b"dir/rpt10.v43.hex"), Some(BOARD_PI_TOPPING));
        assert_eq!(board_for_name(b"mygogo40.hex"), None);
    }

    #[test]
    fn encodes_the_verdict_and_the_identity() {
        let image = stm(0);
        let f = facts(&image, 0, 4096, b"x.bin", Target::Stm);
        let out = encode_check(&f, Err(Mismatch::wrong_board(2)));
        assert_eq!(&out[..4], &[2, 2, 1, 1]);
        assert_eq!(&out[4..9], &[1, BOARD_GOGO6, 0, 7, 5]);
        assert_eq!(&out[9..14], b"1.2.3");
        assert_eq!(&out[14..18], &4096u32.to_le_bytes());
    }
}

//! ABI exports for firmware flash plans.

use super::{err, input, ok, CallError};
use crate::firmware_image::{self, Destination, Target};
use crate::flash::{self, Chip, FileKind};

/// The call errors of `gg_flash_plan`, beside `flash::FlashErrorCode`.
pub const ERRORS: &[CallError] = &[CallError::BadRequest];

/// Builds a flash plan. Input: `[kind (0 .bin, 1 .hex), chip (1 STM, 2 ESP, 3 legacy),
/// file bytes…]`. On success the output is `flash::encode_plan`'s layout.
///
/// # Safety
/// `ptr`/`len` must describe a buffer from `gg_alloc`.
#[no_mangle]
pub unsafe extern "C" fn gg_flash_plan(ptr: *const u8, len: usize) -> i32 {
    let bytes = input(ptr, len);
    if bytes.len() < 2 {
        return err(
            CallError::BadRequest.as_str(),
            "a plan request needs a kind and a chip byte",
            0,
        );
    }
    let kind = match bytes[0] {
        0 => FileKind::Bin,
        1 => FileKind::Hex,
        other => {
            return err(
                CallError::BadRequest.as_str(),
                &format!("unknown file kind {other}"),
                0,
            )
        }
    };
    let chip = match Chip::from_code(bytes[1]) {
        Some(c) => c,
        None => {
            return err(
                CallError::BadRequest.as_str(),
                &format!("unknown chip {}", bytes[1]),
                0,
            )
        }
    };
    match flash::plan(&bytes[2..], kind, chip) {
        Ok(p) => ok(flash::encode_plan(&p)),
        Err(e) => err(e.code.as_str(), &e.message, e.line),
    }
}

/// The chip a file name targets. Always `STATUS_OK`; the output is one byte: 1 for
/// `gogo-stm-`, 2 for `gogo-esp-`, 0 for neither.
///
/// # Safety
/// `ptr`/`len` must describe a buffer from `gg_alloc`.
#[no_mangle]
pub unsafe extern "C" fn gg_flash_chip_for_name(ptr: *const u8, len: usize) -> i32 {
    ok(vec![
        flash::chip_for_name(input(ptr, len)).map_or(0, |c| c as u8)
    ])
}

/// Whether a firmware file fits the chip and the board it would be written to
/// (`firmware_image::check`). Input: file kind (0 `.bin`, 1 Intel HEX), target (1 STM32,
/// 2 ESP32, 3 legacy firmware, 4 legacy bootloader), the board type of status byte 17 (0
/// unknown), flags (bit 0: the simulated board), the name's length (u16 little-endian), the
/// name, then the file. Output: `firmware_image::encode_check`; a file that does not parse
/// is an error with the plan's codes.
///
/// # Safety
/// `ptr`/`len` must describe a buffer from `gg_alloc`.
#[no_mangle]
pub unsafe extern "C" fn gg_firmware_check(ptr: *const u8, len: usize) -> i32 {
    let bytes = input(ptr, len);
    let bad = |message: &str| err(CallError::BadRequest.as_str(), message, 0);
    if bytes.len() < 6 {
        return bad("a check request needs its 6 header bytes");
    }
    let name_len = usize::from(u16::from_le_bytes([bytes[4], bytes[5]]));
    if bytes.len() < 6 + name_len {
        return bad("the name is longer than the request");
    }
    let is_hex = match bytes[0] {
        0 => false,
        1 => true,
        other => return bad(&format!("unknown file kind {other}")),
    };
    let target = match Target::from_code(bytes[1]) {
        Some(t) => t,
        None => return bad(&format!("unknown target {}", bytes[1])),
    };
    let name = &bytes[6..6 + name_len];
    let file = &bytes[6 + name_len..];
    let facts = match firmware_image::inspect(file, is_hex, name, target) {
        Ok(f) => f,
        Err(e) => return err(e.code.as_str(), &e.message, e.line),
    };
    let dest = Destination {
        target,
        board_type: bytes[2],
        virtual_board: bytes[3] & 1 == 1,
    };
    let verdict = firmware_image::check(&facts, is_hex, dest);
    ok(firmware_image::encode_check(&facts, verdict))
}

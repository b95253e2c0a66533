//! ABI exports for firmware flash plans.

use super::{err, input, ok, CallError};
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

//! ABI exports for Intel HEX parsing.

use super::{err, input, ok};
use crate::hex;

/// Parses Intel HEX text. On success the output is `hex::encode_image`'s layout.
///
/// # Safety
/// `ptr`/`len` must describe a buffer from `gg_alloc`.
#[no_mangle]
pub unsafe extern "C" fn gg_hex_parse(ptr: *const u8, len: usize) -> i32 {
    match hex::parse(input(ptr, len)) {
        Ok(img) => ok(hex::encode_image(&img)),
        Err(e) => err(e.code.as_str(), &e.message, e.line),
    }
}

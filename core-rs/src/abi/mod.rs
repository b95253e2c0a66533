//! The plain C ABI that the WebAssembly module exports. Only `src/core/wasm-core.ts`
//! calls it.
//!
//! Conventions (every exported operation follows them):
//! - Inputs are byte buffers the caller allocates with `gg_alloc`, fills, and frees with
//!   `gg_free` after the call. Operations borrow them; they never take ownership.
//! - An operation returns a status: `STATUS_OK` (0) or `STATUS_ERROR` (1).
//! - Its output is left in one module-wide output buffer read with `gg_out_ptr` /
//!   `gg_out_len`, valid until the next operation. On `STATUS_OK` the layout is
//!   operation-specific (documented on each export); on `STATUS_ERROR` it is a UTF-8 JSON
//!   object `{"code", "message", "line"?}`.
//! - A panic cannot unwind on wasm32, so it traps. The panic hook first records the message,
//!   which the caller reads with `gg_panic_ptr` / `gg_panic_len` before discarding the
//!   instance.

use std::cell::RefCell;

pub mod datalog;
pub mod decompile;
pub mod flash;
pub mod handles;
pub mod hex;
pub mod hid;
pub mod logo;
pub mod vm;

pub const STATUS_OK: i32 = 0;
pub const STATUS_ERROR: i32 = 1;

/// Errors of the calls themselves (a request the caller packed wrong, a closed handle),
/// beside the codes of the module that did the work. Each ABI file lists the ones its
/// exports return (`ERRORS`), which the TypeScript unions are generated from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallError {
    BadHandle,
    BadRequest,
    /// `gg_vm_create`: every VM slot is taken (the TypeScript side names it).
    TooMany,
    BadConfig,
    BadInputs,
    BadAction,
    UnknownVersion,
    /// A program larger than the board's program area.
    TooLarge,
    ShortRequest,
    UnknownPacketType,
}

codes!(CallError: BadHandle = "bad-handle", BadRequest = "bad-request", TooMany = "too-many", BadConfig = "bad-config", BadInputs = "bad-inputs", BadAction = "bad-action", UnknownVersion = "unknown-version", TooLarge = "too-large", ShortRequest = "short-request", UnknownPacketType = "unknown-packet-type");

thread_local! {
    static OUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static PANIC: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Stores a successful result and returns `STATUS_OK`.
pub fn ok(bytes: Vec<u8>) -> i32 {
    OUT.with(|o| *o.borrow_mut() = bytes);
    STATUS_OK
}

/// Stores an error object and returns `STATUS_ERROR`.
pub fn err(code: &str, message: &str, line: usize) -> i32 {
    let text = crate::json::error_object(code, message, line);
    OUT.with(|o| *o.borrow_mut() = text.into_bytes());
    STATUS_ERROR
}

/// Stores an error object the operation wrote itself and returns `STATUS_ERROR`.
pub fn fail(json: String) -> i32 {
    OUT.with(|o| *o.borrow_mut() = json.into_bytes());
    STATUS_ERROR
}

/// Views a caller-owned input buffer.
///
/// # Safety
/// `ptr` must point to `len` readable bytes allocated by `gg_alloc` (or be null with len 0).
pub unsafe fn input<'a>(ptr: *const u8, len: usize) -> &'a [u8] {
    if ptr.is_null() || len == 0 {
        &[]
    } else {
        std::slice::from_raw_parts(ptr, len)
    }
}

/// A text argument such as a Logo version name (UTF-8; invalid bytes read as U+FFFD).
///
/// # Safety
/// As [`input`].
pub unsafe fn input_text<'a>(ptr: *const u8, len: usize) -> std::borrow::Cow<'a, str> {
    String::from_utf8_lossy(input(ptr, len))
}

/// Installs the panic hook that records the message for the host. Idempotent.
#[no_mangle]
pub extern "C" fn gg_init() {
    std::panic::set_hook(Box::new(|info| {
        let msg = info.to_string();
        PANIC.with(|p| {
            if let Ok(mut p) = p.try_borrow_mut() {
                *p = msg;
            }
        });
    }));
}

/// Allocates `len` bytes for the caller (never returns null for len 0).
#[no_mangle]
pub extern "C" fn gg_alloc(len: usize) -> *mut u8 {
    let mut v: Vec<u8> = Vec::with_capacity(len.max(1));
    let p = v.as_mut_ptr();
    std::mem::forget(v);
    p
}

/// Frees a buffer from `gg_alloc`.
///
/// # Safety
/// `ptr` and `len` must be exactly those passed to / returned by `gg_alloc`.
#[no_mangle]
pub unsafe extern "C" fn gg_free(ptr: *mut u8, len: usize) {
    if !ptr.is_null() {
        drop(Vec::from_raw_parts(ptr, 0, len.max(1)));
    }
}

#[no_mangle]
pub extern "C" fn gg_out_ptr() -> *const u8 {
    OUT.with(|o| o.borrow().as_ptr())
}

#[no_mangle]
pub extern "C" fn gg_out_len() -> usize {
    OUT.with(|o| o.borrow().len())
}

#[no_mangle]
pub extern "C" fn gg_panic_ptr() -> *const u8 {
    PANIC.with(|p| p.borrow().as_ptr())
}

#[no_mangle]
pub extern "C" fn gg_panic_len() -> usize {
    PANIC.with(|p| p.borrow().len())
}

/// Panics on purpose, so tests can check that a panic reaches the host as an error and the
/// module recovers.
#[no_mangle]
pub extern "C" fn gg_debug_panic() -> i32 {
    let v: Vec<u8> = Vec::new();
    // Index out of bounds: a real panic path, not an explicit `panic!`.
    i32::from(v[v.len()])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn out() -> Vec<u8> {
        OUT.with(|o| o.borrow().clone())
    }

    #[test]
    fn err_stores_json_and_returns_error_status() {
        assert_eq!(err("checksum", "bad", 4), STATUS_ERROR);
        assert_eq!(
            String::from_utf8(out()).unwrap_or_default(),
            "{\"code\":\"checksum\",\"message\":\"bad\",\"line\":4}"
        );
    }

    #[test]
    fn alloc_and_free_round_trip() {
        let p = gg_alloc(16);
        assert!(!p.is_null());
        unsafe { gg_free(p, 16) };
        let p0 = gg_alloc(0);
        unsafe { gg_free(p0, 0) };
    }
}

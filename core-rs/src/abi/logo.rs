//! ABI exports for the Logo input filter and compiler.

use super::{err, fail, input, input_text, ok};
use crate::logo;

/// Filters and compiles Logo source (UTF-8) for the Logo version named by the second buffer
/// ("1.2", "1.3", "1.4" or "2.1"). On success the output is one byte, the autorun state
/// (0 or 1), followed by the byte code. On error it is the JSON error object; its `code` is
/// one of `logo::LogoErrorCode::as_str`, and `mistake` (when the parse can tell) is where the
/// user has something to change (`logo::Mistake`).
///
/// # Safety
/// Both pointer/length pairs must describe buffers from `gg_alloc` (or be null with len 0).
#[no_mangle]
pub unsafe extern "C" fn gg_logo_compile(
    src_ptr: *const u8,
    src_len: usize,
    ver_ptr: *const u8,
    ver_len: usize,
) -> i32 {
    match logo::compile_located_with(input(src_ptr, src_len), &input_text(ver_ptr, ver_len)) {
        Ok(c) => {
            let mut out = Vec::with_capacity(c.data.len() + 1);
            out.push(u8::from(c.auto_run));
            out.extend_from_slice(&c.data);
            ok(out)
        }
        Err(e) => fail(e.json()),
    }
}

/// Parses Logo source (UTF-8) as the compiler of the version named by the second buffer
/// does, without generating byte code. On success the output is the parse tree as JSON
/// (`logo::syntax`); on error the JSON error object with `word`, `token` and
/// `procedureLine` besides `code`, `message` and `line`.
///
/// # Safety
/// Both pointer/length pairs must describe buffers from `gg_alloc` (or be null with len 0).
#[no_mangle]
pub unsafe extern "C" fn gg_logo_parse(
    src_ptr: *const u8,
    src_len: usize,
    ver_ptr: *const u8,
    ver_len: usize,
) -> i32 {
    let v = match logo::version_named(&input_text(ver_ptr, ver_len)) {
        Ok(v) => v,
        Err(e) => return err(e.code.as_str(), &e.message, e.line),
    };
    match logo::syntax::parse_json(input(src_ptr, src_len), v) {
        Ok(json) => ok(json.into_bytes()),
        Err(json) => fail(json),
    }
}

/// Runs the Logo input filter (spec core §5) on UTF-8 source. On success the output is
/// empty; on rejection it is the JSON error object with code `invalid-input`.
///
/// # Safety
/// `ptr`/`len` must describe a buffer from `gg_alloc`.
#[no_mangle]
pub unsafe extern "C" fn gg_logo_filter(ptr: *const u8, len: usize) -> i32 {
    match logo::check_input(input(ptr, len)) {
        Ok(()) => ok(Vec::new()),
        Err(e) => err(e.code.as_str(), &e.message, e.line),
    }
}

/// The Logo version for a board (spec core §9) as 12, 13, 14 or 21. `board_type` is the
/// numeric type of the board's status report.
#[no_mangle]
pub extern "C" fn gg_logo_pick_version(board_type: u32, firmware_version: u32) -> u32 {
    logo::pick_version(board_type, firmware_version).code()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::{gg_out_len, gg_out_ptr, STATUS_ERROR, STATUS_OK};

    fn out() -> Vec<u8> {
        unsafe { std::slice::from_raw_parts(gg_out_ptr(), gg_out_len()).to_vec() }
    }

    #[test]
    fn compile_returns_the_autorun_byte_then_the_code() {
        let src = b"to autorun\nbeep\nend\n";
        let status = unsafe { gg_logo_compile(src.as_ptr(), src.len(), b"1.3".as_ptr(), 3) };
        assert_eq!(status, STATUS_OK);
        assert_eq!(out(), vec![1, 12, 0]);
    }

    #[test]
    fn compile_errors_are_json_with_a_line() {
        let src = b"to main\nshow y\nend\n";
        let status = unsafe { gg_logo_compile(src.as_ptr(), src.len(), b"1.4".as_ptr(), 3) };
        assert_eq!(status, STATUS_ERROR);
        assert_eq!(
            String::from_utf8(out()).unwrap_or_default(),
            "{\"code\":\"unknown-name\",\"message\":\"Line 2: I don't know the expression 'y'\",\"line\":2,\"mistake\":{\"line\":2,\"column\":5,\"endLine\":2,\"endColumn\":6,\"text\":\"y\"}}"
        );
    }

    #[test]
    fn filter_and_version_picker() {
        let src = "cloud record \"1x\" 5".as_bytes();
        assert_eq!(
            unsafe { gg_logo_filter(src.as_ptr(), src.len()) },
            STATUS_ERROR
        );
        assert_eq!(unsafe { gg_logo_filter(std::ptr::null(), 0) }, STATUS_OK);
        assert_eq!(gg_logo_pick_version(2, 40), 13);
        assert_eq!(gg_logo_pick_version(4, 1), 21);
    }
}

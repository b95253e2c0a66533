//! ABI exports for "Extract code from board": the decompiler and the memory-read reply
//! (`memread`, defined in `docs/protocol-extensions.md`).

use super::{input, input_text, ok, CallError, OUT, STATUS_ERROR};
use crate::json;
use crate::logo::{decompile, LogoVersion};
use crate::memread::{self, Assembler};

/// The call errors of `gg_logo_decompile`, beside `decompile::ErrorCode`.
pub const DECOMPILE_ERRORS: &[CallError] = &[CallError::UnknownVersion];
/// The call errors of `gg_memread_reply`, beside `memread::ErrorCode`.
pub const MEMREAD_ERRORS: &[CallError] = &[CallError::BadRequest];

/// An error object with the byte offset: `{"code","message","offset"}`.
fn err_at(code: &str, message: &str, offset: usize) -> i32 {
    let mut text = String::from("{\"code\":");
    json::push_str(&mut text, code);
    text.push_str(",\"message\":");
    json::push_str(&mut text, message);
    text.push_str(&format!(",\"offset\":{offset}}}"));
    OUT.with(|o| *o.borrow_mut() = text.into_bytes());
    STATUS_ERROR
}

/// Decompiles byte code of the Logo version named by the second buffer ("1.3", "1.4",
/// "2.1"). `auto_run` names the first procedure `autorun`. Output: one byte (1 when the
/// text compiles back to exactly these bytes), the procedure count (u16 LE), then the text
/// (UTF-8). Errors: `{"code","message","offset"}`, code from `decompile::ErrorCode::as_str`
/// or `unknown-version`.
///
/// # Safety
/// Both pointer/length pairs must describe buffers from `gg_alloc` (or be null with len 0).
#[no_mangle]
pub unsafe extern "C" fn gg_logo_decompile(
    code_ptr: *const u8,
    code_len: usize,
    ver_ptr: *const u8,
    ver_len: usize,
    auto_run: u32,
) -> i32 {
    let code = input(code_ptr, code_len);
    let version = input_text(ver_ptr, ver_len);
    let v = match LogoVersion::parse(&version) {
        Some(v) => v,
        None => {
            return err_at(
                CallError::UnknownVersion.as_str(),
                "Unknown Logo version; use 1.3, 1.4 or 2.1",
                0,
            )
        }
    };
    match decompile::decompile(code, v, auto_run != 0) {
        Ok(d) => {
            let mut out = vec![u8::from(d.exact)];
            out.extend_from_slice(&(d.procedures as u16).to_le_bytes());
            out.extend_from_slice(d.text.as_bytes());
            ok(out)
        }
        Err(e) => err_at(e.code.as_str(), &e.message, e.offset),
    }
}

/// Records of `[status, length, payload…]`, the form chunks cross the ABI in.
fn records(chunks: &[memread::Chunk]) -> Vec<u8> {
    let mut out = Vec::new();
    for c in chunks {
        out.push(c.status as u8);
        out.push(c.payload.len() as u8);
        out.extend_from_slice(&c.payload);
    }
    out
}

/// Board side: the reply to a MEM_READ command payload (`[1, 4, …]`) over the program
/// area `area` of which the download wrote `program_len` bytes. Output: the reply packets
/// as records `[status, length, payload…]`; each becomes the response report
/// `[20, length, 4, status, payload…]`.
///
/// # Safety
/// Both pointer/length pairs must describe buffers from `gg_alloc`.
#[no_mangle]
pub unsafe extern "C" fn gg_memread_reply(
    area_ptr: *const u8,
    area_len: usize,
    program_len: u32,
    autorun: u32,
    req_ptr: *const u8,
    req_len: usize,
) -> i32 {
    let area = input(area_ptr, area_len);
    match memread::decode_request(input(req_ptr, req_len)) {
        Some(req) => ok(records(&memread::reply(
            area,
            program_len as usize,
            autorun != 0,
            req,
        ))),
        None => err_at(
            CallError::BadRequest.as_str(),
            "Not a memory-read command",
            0,
        ),
    }
}

/// Host side: reassembles reply packets given as records `[status, length, payload…]`
/// (any order) for a request that began at `offset`. Output: the autorun flag (1 byte), the
/// offset (u16 LE), then the bytes. Errors: `bad-chunk`, `read-failure`, `incomplete`
/// (its `offset` is the first missing byte).
///
/// # Safety
/// `ptr`/`len` must describe a buffer from `gg_alloc`.
#[no_mangle]
pub unsafe extern "C" fn gg_memread_assemble(offset: u32, ptr: *const u8, len: usize) -> i32 {
    let mut bytes = input(ptr, len);
    let mut asm = Assembler::new(offset.min(u32::from(u16::MAX)) as u16);
    while let [status, n, rest @ ..] = bytes {
        let n = usize::from(*n);
        if rest.len() < n {
            return err_at("bad-chunk", "A record is cut off", 0);
        }
        if let Err(e) = asm.push(*status, &rest[..n]) {
            return err_at(e.code.as_str(), &e.message, 0);
        }
        bytes = &rest[n..];
    }
    if !bytes.is_empty() {
        return err_at("bad-chunk", "A record is cut off", 0);
    }
    let missing = asm.missing();
    match asm.finish() {
        Ok(r) => {
            let mut out = vec![u8::from(r.autorun)];
            out.extend_from_slice(&r.offset.to_le_bytes());
            out.extend_from_slice(&r.data);
            ok(out)
        }
        Err(e) => err_at(
            e.code.as_str(),
            &e.message,
            missing.map_or(0, |(at, _)| usize::from(at)),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::{gg_out_len, gg_out_ptr, STATUS_OK};

    fn out() -> Vec<u8> {
        unsafe { std::slice::from_raw_parts(gg_out_ptr(), gg_out_len()).to_vec() }
    }

    #[test]
    fn decompile_answers_the_exact_flag_and_text() {
        let code = [12u8, 0];
        let s = unsafe { gg_logo_decompile(code.as_ptr(), 2, b"1.3".as_ptr(), 3, 1) };
        assert_eq!(s, STATUS_OK);
        let o = out();
        assert_eq!(&o[..3], &[1, 1, 0]);
        assert_eq!(&o[3..], b"to autorun\nbeep\nend\n");
        let s = unsafe { gg_logo_decompile([57u8].as_ptr(), 1, b"1.3".as_ptr(), 3, 0) };
        assert_eq!(s, STATUS_ERROR);
        assert!(String::from_utf8_lossy(&out()).starts_with("{\"code\":\"bad-opcode\""));
        let s = unsafe { gg_logo_decompile(code.as_ptr(), 2, b"9".as_ptr(), 1, 0) };
        assert_eq!(s, STATUS_ERROR);
    }

    #[test]
    fn reply_records_reassemble_to_the_program() {
        let mut area = vec![0xFFu8; 2048];
        area[..3].copy_from_slice(&[12, 12, 0]);
        let req = memread::encode_request(memread::ReadRequest::program());
        let s =
            unsafe { gg_memread_reply(area.as_ptr(), area.len(), 3, 1, req.as_ptr(), req.len()) };
        assert_eq!(s, STATUS_OK);
        let recs = out();
        assert_eq!(recs, vec![4, 8, 0, 0, 0, 3, 1, 12, 12, 0]);
        let s = unsafe { gg_memread_assemble(0, recs.as_ptr(), recs.len()) };
        assert_eq!(s, STATUS_OK);
        assert_eq!(out(), vec![1, 0, 0, 12, 12, 0]);
        let s = unsafe { gg_memread_assemble(0, recs.as_ptr(), 4) };
        assert_eq!(s, STATUS_ERROR);
        let s = unsafe { gg_memread_assemble(0, [].as_ptr(), 0) };
        assert_eq!(s, STATUS_ERROR);
        assert!(String::from_utf8_lossy(&out()).contains("incomplete"));
    }
}

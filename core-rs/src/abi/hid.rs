//! ABI exports for GoGo HID report framing (`crate::hid`).

use super::{err, input, ok, CallError};
use crate::hid::{command, packet, packet::Packet};

/// The call errors of `gg_hid_encode` (`HidEncodeErrorCode` in TypeScript).
pub const ENCODE_ERRORS: &[CallError] = &[CallError::ShortRequest, CallError::UnknownPacketType];

/// Record kind for an ignored report in `gg_hid_decode` output.
pub const RECORD_IGNORED: u8 = 255;

/// Builds a 63-byte command payload.
///
/// Input: `[category, command, argc, argc × i32 LE, text or data bytes…]`.
/// Output: the 63-byte WebHID payload (report ID 0 is not part of it).
///
/// # Safety
/// `ptr`/`len` must describe a buffer from `gg_alloc`.
#[no_mangle]
pub unsafe extern "C" fn gg_hid_build(ptr: *const u8, len: usize) -> i32 {
    let result = command::parse_request(input(ptr, len)).and_then(|r| command::build(&r));
    match result {
        Ok(payload) => ok(payload.to_vec()),
        Err(e) => err(e.code.as_str(), &e.message, 0),
    }
}

/// Decodes a batch of input reports. Never fails: bad reports become "ignored" records.
///
/// Input: reports, each prefixed by its length as one byte.
/// Output: one record per report, `[kind u8, aux u8, body length u16 LE, body…]`:
/// - kind 0 status: body = `slot::COUNT` × i32 LE
/// - kind 1 debug: body = text bytes
/// - kind 2 Pi status: body = `pi_slot::COUNT` × i32 LE
/// - kind 6 tap: body = x u16 LE, y u16 LE
/// - kind 7 key-value: body = `[key length u8, key…, value…]`
/// - kind 20 response: body = `[command, status, payload…]`
/// - kind 255 ignored: aux = reason (`packet::Ignored`), body = `[packet type]` (empty for
///   an empty report)
///
/// # Safety
/// `ptr`/`len` must describe a buffer from `gg_alloc`.
#[no_mangle]
pub unsafe extern "C" fn gg_hid_decode(ptr: *const u8, len: usize) -> i32 {
    ok(decode_batch(input(ptr, len)))
}

/// The body of `gg_hid_decode`, callable from native tests.
pub fn decode_batch(batch: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(batch.len() * 4);
    let mut at = 0;
    while at < batch.len() {
        let n = usize::from(batch[at]);
        let start = at + 1;
        let end = (start + n).min(batch.len());
        let report = &batch[start..end];
        at = start + n;
        push_record(&mut out, report);
    }
    out
}

fn push_record(out: &mut Vec<u8>, report: &[u8]) {
    let mut body: Vec<u8> = Vec::new();
    let (kind, aux) = match packet::decode(report) {
        Ok(Packet::Status(slots)) => {
            slots
                .iter()
                .for_each(|v| body.extend_from_slice(&v.to_le_bytes()));
            (packet::TYPE_STATUS, 0)
        }
        Ok(Packet::PiStatus(slots)) => {
            slots
                .iter()
                .for_each(|v| body.extend_from_slice(&v.to_le_bytes()));
            (packet::TYPE_PI_STATUS, 0)
        }
        Ok(Packet::Debug(text)) => {
            body.extend_from_slice(text);
            (packet::TYPE_DEBUG, 0)
        }
        Ok(Packet::Tap { x, y }) => {
            body.extend_from_slice(&x.to_le_bytes());
            body.extend_from_slice(&y.to_le_bytes());
            (packet::TYPE_TAP, 0)
        }
        Ok(Packet::KeyValue { key, value }) => {
            body.push(key.len() as u8);
            body.extend_from_slice(key);
            body.extend_from_slice(value);
            (packet::TYPE_KEY_VALUE, 0)
        }
        Ok(Packet::Response {
            command,
            status,
            payload,
        }) => {
            body.push(command);
            body.push(status);
            body.extend_from_slice(payload);
            (packet::TYPE_RESPONSE, 0)
        }
        Err(reason) => {
            body.extend(report.first().copied());
            (RECORD_IGNORED, reason as u8 + 1)
        }
    };
    out.push(kind);
    out.push(aux);
    out.extend_from_slice(&(body.len() as u16).to_le_bytes());
    out.extend_from_slice(&body);
}

/// Builds one input report, for the simulated board.
///
/// Input: `[packet type, …]` followed by
/// - 0 status / 2 Pi status: slots as i32 LE
/// - 1 debug: text bytes
/// - 6 tap: x u16 LE, y u16 LE
/// - 7 key-value: `[key length u8, key…, value…]`
/// - 20 response: `[command, status, payload…]`
///
/// Output: the 64-byte report.
///
/// # Safety
/// `ptr`/`len` must describe a buffer from `gg_alloc`.
#[no_mangle]
pub unsafe extern "C" fn gg_hid_encode(ptr: *const u8, len: usize) -> i32 {
    match encode(input(ptr, len)) {
        Ok(report) => ok(report.to_vec()),
        Err((code, message)) => err(code, &message, 0),
    }
}

fn slots_of(bytes: &[u8]) -> Vec<i32> {
    bytes
        .chunks_exact(4)
        .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// The body of `gg_hid_encode`, callable from native tests.
pub fn encode(bytes: &[u8]) -> Result<[u8; crate::hid::REPORT_LEN], (&'static str, String)> {
    let short = || {
        (
            CallError::ShortRequest.as_str(),
            "the request is too short".to_string(),
        )
    };
    let (&kind, rest) = bytes.split_first().ok_or_else(short)?;
    match kind {
        packet::TYPE_STATUS => Ok(packet::encode_status(&slots_of(rest))),
        packet::TYPE_PI_STATUS => Ok(packet::encode_pi_status(&slots_of(rest))),
        packet::TYPE_DEBUG => Ok(packet::encode_debug(rest)),
        packet::TYPE_TAP => {
            if rest.len() < 4 {
                return Err(short());
            }
            Ok(packet::encode_tap(
                u16::from_le_bytes([rest[0], rest[1]]),
                u16::from_le_bytes([rest[2], rest[3]]),
            ))
        }
        packet::TYPE_KEY_VALUE => {
            let (&key_len, text) = rest.split_first().ok_or_else(short)?;
            let key_len = usize::from(key_len);
            if text.len() < key_len {
                return Err(short());
            }
            Ok(packet::encode_key_value(&text[..key_len], &text[key_len..]))
        }
        packet::TYPE_RESPONSE => {
            if rest.len() < 2 {
                return Err(short());
            }
            Ok(packet::encode_response(rest[0], rest[1], &rest[2..]))
        }
        other => Err((
            CallError::UnknownPacketType.as_str(),
            format!("cannot encode packet type {other}"),
        )),
    }
}

//! Host → board command payloads (`reference/board-protocol.md` §2).
//!
//! A request names a command by (category, command) and gives its arguments as plain
//! numbers plus, for text and data commands, a byte string. [`build`] validates the
//! arguments against the command's table entry and lays out the 63-byte payload:
//!
//! | payload offset | field (§2.1) |
//! |---|---|
//! | 0 | category |
//! | 1 | command |
//! | 2.. | parameters p1, p2, … (multi-byte numbers big-endian), text or data |
//! | rest | zero padding |

use super::{MEM_WRITE_LIMIT, PAYLOAD_LEN, TEXT_LIMIT};
use std::fmt;

/// §2.2 categories.
pub const CAT_OUTPUT: u8 = 0;
pub const CAT_MEMORY: u8 = 1;
pub const CAT_RPI: u8 = 2;
pub const CAT_EVENT: u8 = 20;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrameErrorCode {
    /// The request is shorter than its header or its declared arguments.
    ShortRequest,
    /// No command with this category and number is in the table.
    UnknownCommand,
    /// The command takes a different number of arguments.
    BadArgumentCount,
    /// An argument is outside the command's range.
    OutOfRange,
    /// More data bytes than one packet carries (memory write: 60).
    DataTooLong,
    /// Text or data given to a command that takes none.
    UnexpectedData,
}

codes!(FrameErrorCode: ShortRequest = "short-request", UnknownCommand = "unknown-command", BadArgumentCount = "bad-argument-count", OutOfRange = "out-of-range", DataTooLong = "data-too-long", UnexpectedData = "unexpected-data");

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrameError {
    pub code: FrameErrorCode,
    pub message: String,
}

impl fmt::Display for FrameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

fn error(code: FrameErrorCode, message: String) -> FrameError {
    FrameError { code, message }
}

/// How a command's arguments map onto the payload.
#[derive(Debug, Clone, Copy)]
pub enum Shape {
    /// Fixed parameter bytes from p1 on; no arguments.
    Fixed(&'static [u8]),
    /// One byte per argument from p1 on, each within its inclusive (min, max).
    Bytes(&'static [(i32, i32)]),
    /// p1 = 0 ("currently selected ports"), then one argument as a big-endian u16 in p2..p3.
    ZeroThenU16(i32, i32),
    /// p1 = 0, then one argument as a byte in p2.
    ZeroThenByte(i32, i32),
    /// One argument as a big-endian u16 in p1..p2 (an absolute address).
    U16,
    /// No argument: p1 = 0 (the board); one argument: p1 = 1, p2 = wireless node address.
    Ping,
    /// Printable ASCII from p1 on, 0-terminated, cut to `limit` characters; other
    /// characters become '?' (the board's display has only ASCII glyphs).
    Text(usize),
    /// p1 = byte length, then UTF-8 text from payload offset 3, cut to 60 characters (and
    /// to whole characters within 60 bytes).
    LengthText,
    /// p1 = n, then n data bytes from payload offset 3; n ≤ 60.
    Data,
    /// p1 = a byte within (min, max), then two big-endian u16 arguments in p2..p3, p4..p5.
    ByteThenTwoU16(i32, i32),
}

/// One command of the table.
#[derive(Debug, Clone, Copy)]
pub struct Spec {
    pub category: u8,
    pub command: u8,
    /// The protocol constant's name (§2), for messages and fixtures.
    pub name: &'static str,
    pub shape: Shape,
}

const fn spec(category: u8, command: u8, name: &'static str, shape: Shape) -> Spec {
    Spec {
        category,
        command,
        name,
        shape,
    }
}

const ON_OFF: &[(i32, i32)] = &[(0, 1)];
const PORT_MASK: &[(i32, i32)] = &[(0, 15)];
const PORT_INDEX: &[(i32, i32)] = &[(0, 3)];
/// §2.3 cmd 50: second, minute, hour, day of week (0 = Sunday), date, month, year − 2000.
const RTC_FIELDS: &[(i32, i32)] = &[(0, 59), (0, 59), (0, 23), (0, 6), (1, 31), (1, 12), (0, 99)];

/// Every command of §2 that the host sends, plus this project's extensions where §2 is
/// silent (docs/protocol-extensions.md): MEM_READ (cat 1 cmd 4, §10 question 4) and the
/// host-initiated broadcast and Tasmota commands (cat 1 cmd 20/21, §10 question 10), and
/// the remote-lab answer clear (cat 0 cmd 105).
pub const COMMANDS: &[Spec] = &[
    // §2.3 category 0: output and general control.
    spec(0, 1, "CMD_PING", Shape::Ping),
    spec(0, 2, "CMD_MOTOR_ON_OFF", Shape::ZeroThenByte(0, 1)),
    spec(0, 3, "CMD_MOTOR_DIRECTION", Shape::ZeroThenByte(0, 1)),
    spec(0, 4, "CMD_MOTOR_RD", Shape::Fixed(&[0])),
    // Power 0–100 as ARD, BRT and NL send it; the board scales it to 0–255 [inferred].
    spec(0, 6, "CMD_SET_POWER", Shape::ZeroThenU16(0, 100)),
    spec(0, 7, "CMD_SET_ACTIVE_PORTS", Shape::Bytes(PORT_MASK)),
    spec(0, 8, "CMD_TOGGLE_ACTIVE_PORT", Shape::Bytes(PORT_INDEX)),
    // GoGo 4 duty (NL documents 0–255); "set servo angle" on ESP32 boards.
    spec(0, 9, "CMD_SET_SERVO_DUTY", Shape::ZeroThenU16(0, 255)),
    spec(0, 10, "CMD_LED_CONTROL", Shape::Bytes(&[(0, 255), (0, 1)])),
    spec(0, 11, "CMD_BEEP", Shape::Fixed(&[])),
    spec(0, 12, "CMD_AUTORUN_STATE", Shape::Bytes(ON_OFF)),
    // 0 stop, 1 run, 2 toggle.
    spec(0, 13, "CMD_LOGO_CONTROL", Shape::Bytes(&[(0, 2)])),
    spec(0, 14, "CMD_SET_SERVO_PORTS", Shape::Bytes(PORT_MASK)),
    spec(0, 15, "CMD_SERVO_THISWAY", Shape::ZeroThenU16(0, 180)),
    spec(0, 16, "CMD_SERVO_THATWAY", Shape::ZeroThenU16(0, 180)),
    spec(0, 17, "CMD_SERVO_SET_ANGLE", Shape::ZeroThenU16(0, 180)),
    // A port index [inferred].
    spec(0, 18, "CMD_SERVO_TOGGLE_ACTIVE", Shape::Bytes(PORT_INDEX)),
    // 0–100; the servo-relay panel sends 100 for on and 0 for off (spec core §9). Width
    // taken as the other servo commands' p2/p3 [inferred].
    spec(0, 19, "CMD_SERVO_POWER", Shape::ZeroThenU16(0, 100)),
    spec(0, 50, "CMD_SYNC_RTC", Shape::Bytes(RTC_FIELDS)),
    spec(0, 51, "CMD_READ_RTC", Shape::Fixed(&[])),
    spec(0, 60, "CMD_SHOW_SHORT_TEXT", Shape::Text(4)),
    spec(0, 61, "CMD_SHOW_LONG_TEXT", Shape::Text(TEXT_LIMIT)),
    spec(0, 62, "CMD_CLEAR_SCREEN", Shape::Fixed(&[])),
    spec(0, 70, "CMD_VOICE_PLAY_PAUSE", Shape::Fixed(&[])),
    spec(0, 71, "CMD_VOICE_NEXT_TRACK", Shape::Fixed(&[])),
    spec(0, 72, "CMD_VOICE_PREV_TRACK", Shape::Fixed(&[])),
    spec(0, 73, "CMD_VOICE_GOTO_TRACK", Shape::Bytes(&[(0, 255)])),
    spec(0, 74, "CMD_VOICE_ERASE_ALL_TRACKS", Shape::Fixed(&[])),
    spec(0, 100, "CMD_REBOOT", Shape::Fixed(&[])),
    // OUR extension (docs/protocol-extensions.md): the remote-lab station clears the
    // board's answer byte (status byte 34) when a session starts.
    spec(0, 105, "CMD_ANSWER_CLEAR", Shape::Fixed(&[])),
    spec(0, 201, "CMD_UPDATE_FW_SERIAL", Shape::Fixed(&[])),
    spec(0, 202, "CMD_REBOOT_TO_BOOTLOADER", Shape::Fixed(&[])),
    // OUR extension (docs/firmware-update.md §3): firmware identity and unit CRCs of
    // chip p1 (1 STM, 2 ESP, 3 legacy), answered with type-20 responses.
    spec(0, 203, "CMD_FIRMWARE_INFO", Shape::Bytes(&[(1, 3)])),
    spec(0, 204, "CMD_FIRMWARE_CRCS", Shape::ByteThenTwoU16(1, 3)),
    // §2.4 category 1: memory control.
    spec(1, 1, "MEM_LOGO_SET_POINTER", Shape::Fixed(&[0, 0])),
    spec(1, 2, "MEM_SET_POINTER", Shape::U16),
    spec(1, 3, "MEM_WRITE", Shape::Data),
    spec(1, 4, "MEM_READ", Shape::ByteThenTwoU16(0, 255)),
    spec(1, 10, "MEM_SET_WIFI_SSID", Shape::LengthText),
    spec(1, 11, "MEM_SET_WIFI_PASSWORD", Shape::LengthText),
    spec(1, 20, "NET_BROADCAST", Shape::LengthText),
    spec(1, 21, "NET_TASMOTA", Shape::LengthText),
    // §2.5 category 2: Raspberry Pi control.
    spec(2, 1, "RPI_SHUTDOWN", Shape::Fixed(&[])),
    spec(2, 2, "RPI_REBOOT", Shape::Fixed(&[])),
    spec(2, 10, "RPI_CAMERA_CONTROL", Shape::Bytes(ON_OFF)),
    spec(2, 11, "RPI_FIND_FACE_CONTROL", Shape::Bytes(ON_OFF)),
    spec(2, 12, "RPI_TAKE_SNAPSHOT", Shape::Bytes(ON_OFF)),
    spec(2, 15, "RPI_WIFI_CONNECT", Shape::LengthText),
    spec(2, 16, "RPI_WIFI_DISCONNECT", Shape::Fixed(&[])),
    spec(2, 17, "RPI_EMAIL_CONFIG", Shape::LengthText),
    spec(2, 18, "RPI_EMAIL_SEND", Shape::LengthText),
    spec(2, 19, "RPI_SMS_SEND", Shape::LengthText),
    spec(
        2,
        20,
        "RPI_SET_TX_BUFFER",
        Shape::Bytes(&[(0, 63), (0, 255)]),
    ),
    // §2.6 category 20: event requests (offline datalog).
    spec(20, 2, "RCMD_GET_OFFLINE_DATALOG", Shape::Fixed(&[])),
    spec(20, 3, "RCMD_CLEAR_OFFLINE_DATALOG", Shape::Fixed(&[])),
];

/// Finds a command's table entry.
pub fn lookup(category: u8, command: u8) -> Option<&'static Spec> {
    COMMANDS
        .iter()
        .find(|s| s.category == category && s.command == command)
}

/// A command to frame: numeric arguments plus text or data bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request<'a> {
    pub category: u8,
    pub command: u8,
    pub args: Vec<i32>,
    pub data: &'a [u8],
}

/// Reads the ABI request encoding: `[category, command, argc, argc × i32 LE, data…]`.
pub fn parse_request(bytes: &[u8]) -> Result<Request<'_>, FrameError> {
    if bytes.len() < 3 {
        return Err(error(
            FrameErrorCode::ShortRequest,
            format!(
                "a request needs at least 3 header bytes, got {}",
                bytes.len()
            ),
        ));
    }
    let argc = usize::from(bytes[2]);
    let args_end = 3 + argc * 4;
    if bytes.len() < args_end {
        return Err(error(
            FrameErrorCode::ShortRequest,
            format!("the request declares {argc} arguments but is too short to hold them"),
        ));
    }
    let args = bytes[3..args_end]
        .chunks(4)
        .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    Ok(Request {
        category: bytes[0],
        command: bytes[1],
        args,
        data: &bytes[args_end..],
    })
}

/// Validates a request and lays out its 63-byte payload.
pub fn build(req: &Request<'_>) -> Result<[u8; PAYLOAD_LEN], FrameError> {
    let spec = match lookup(req.category, req.command) {
        Some(s) => s,
        None => {
            return Err(error(
                FrameErrorCode::UnknownCommand,
                format!("no command {} in category {}", req.command, req.category),
            ))
        }
    };
    let mut out = [0u8; PAYLOAD_LEN];
    out[0] = spec.category;
    out[1] = spec.command;
    let takes_data = matches!(spec.shape, Shape::Text(_) | Shape::LengthText | Shape::Data);
    if !takes_data && !req.data.is_empty() {
        return Err(error(
            FrameErrorCode::UnexpectedData,
            format!("{} takes no text or data", spec.name),
        ));
    }
    match spec.shape {
        Shape::Fixed(params) => {
            arg_count(spec, req, 0)?;
            out[2..2 + params.len()].copy_from_slice(params);
        }
        Shape::Bytes(ranges) => {
            arg_count(spec, req, ranges.len())?;
            for (i, (&(min, max), &v)) in ranges.iter().zip(req.args.iter()).enumerate() {
                out[2 + i] = in_range(spec, i, v, min, max)? as u8;
            }
        }
        Shape::ZeroThenU16(min, max) => {
            arg_count(spec, req, 1)?;
            let v = in_range(spec, 0, req.args[0], min, max)?;
            out[3..5].copy_from_slice(&(v as u16).to_be_bytes());
        }
        Shape::ZeroThenByte(min, max) => {
            arg_count(spec, req, 1)?;
            out[3] = in_range(spec, 0, req.args[0], min, max)? as u8;
        }
        Shape::U16 => {
            arg_count(spec, req, 1)?;
            let v = in_range(spec, 0, req.args[0], 0, 0xFFFF)?;
            out[2..4].copy_from_slice(&(v as u16).to_be_bytes());
        }
        Shape::Ping => match req.args.len() {
            0 => {}
            1 => {
                out[2] = 1;
                out[3] = in_range(spec, 0, req.args[0], 0, 255)? as u8;
            }
            n => {
                return Err(error(
                    FrameErrorCode::BadArgumentCount,
                    format!("CMD_PING takes 0 or 1 arguments, not {n}"),
                ))
            }
        },
        Shape::Text(limit) => {
            arg_count(spec, req, 0)?;
            let text = String::from_utf8_lossy(req.data);
            for (i, c) in text.chars().take(limit).enumerate() {
                out[2 + i] = if (' '..='~').contains(&c) {
                    c as u8
                } else {
                    b'?'
                };
            }
        }
        Shape::LengthText => {
            arg_count(spec, req, 0)?;
            let text = String::from_utf8_lossy(req.data);
            let mut len = 0;
            for c in text.chars().take(TEXT_LIMIT) {
                let n = c.len_utf8();
                if len + n > TEXT_LIMIT {
                    break;
                }
                c.encode_utf8(&mut out[3 + len..3 + len + n]);
                len += n;
            }
            out[2] = len as u8;
        }
        Shape::Data => {
            arg_count(spec, req, 0)?;
            if req.data.len() > MEM_WRITE_LIMIT {
                return Err(error(
                    FrameErrorCode::DataTooLong,
                    format!(
                        "{} carries at most {MEM_WRITE_LIMIT} bytes, got {}",
                        spec.name,
                        req.data.len()
                    ),
                ));
            }
            out[2] = req.data.len() as u8;
            out[3..3 + req.data.len()].copy_from_slice(req.data);
        }
        Shape::ByteThenTwoU16(min, max) => {
            arg_count(spec, req, 3)?;
            out[2] = in_range(spec, 0, req.args[0], min, max)? as u8;
            let a = in_range(spec, 1, req.args[1], 0, 0xFFFF)?;
            let b = in_range(spec, 2, req.args[2], 0, 0xFFFF)?;
            out[3..5].copy_from_slice(&(a as u16).to_be_bytes());
            out[5..7].copy_from_slice(&(b as u16).to_be_bytes());
        }
    }
    Ok(out)
}

fn arg_count(spec: &Spec, req: &Request<'_>, n: usize) -> Result<(), FrameError> {
    if req.args.len() == n {
        Ok(())
    } else {
        Err(error(
            FrameErrorCode::BadArgumentCount,
            format!("{} takes {n} arguments, not {}", spec.name, req.args.len()),
        ))
    }
}

fn in_range(spec: &Spec, index: usize, v: i32, min: i32, max: i32) -> Result<i32, FrameError> {
    if (min..=max).contains(&v) {
        Ok(v)
    } else {
        Err(error(
            FrameErrorCode::OutOfRange,
            format!(
                "{} argument {} must be {min} to {max}, not {v}",
                spec.name,
                index + 1
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(category: u8, command: u8, args: &[i32], data: &[u8]) -> [u8; PAYLOAD_LEN] {
        let r = Request {
            category,
            command,
            args: args.to_vec(),
            data,
        };
        build(&r).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn power_is_big_endian_after_a_zero_target() {
        let p = req(0, 6, &[100], &[]);
        assert_eq!(&p[..5], &[0, 6, 0, 0, 100]);
        assert!(p[5..].iter().all(|&b| b == 0));
    }

    #[test]
    fn long_text_is_cut_to_sixty_characters() {
        let text = "x".repeat(70);
        let p = req(0, 61, &[], text.as_bytes());
        assert!(p[2..62].iter().all(|&b| b == b'x'));
        assert_eq!(p[62], 0);
    }

    #[test]
    fn length_text_keeps_whole_utf8_characters() {
        // 21 Thai characters of 3 bytes: only 20 fit in 60 bytes.
        let text = "ก".repeat(21);
        let p = req(2, 15, &[], text.as_bytes());
        assert_eq!(p[2], 60);
        assert_eq!(&p[3..6], "ก".as_bytes());
    }

    #[test]
    fn rejects_out_of_range_and_wrong_counts() {
        let bad = |c, n, a: &[i32], d: &[u8]| {
            build(&Request {
                category: c,
                command: n,
                args: a.to_vec(),
                data: d,
            })
            .map(|_| ())
            .map_err(|e| e.code)
        };
        assert_eq!(bad(0, 6, &[101], &[]), Err(FrameErrorCode::OutOfRange));
        assert_eq!(bad(0, 6, &[], &[]), Err(FrameErrorCode::BadArgumentCount));
        assert_eq!(bad(0, 5, &[], &[]), Err(FrameErrorCode::UnknownCommand));
        assert_eq!(bad(1, 5, &[], &[]), Err(FrameErrorCode::UnknownCommand));
        assert_eq!(
            bad(1, 4, &[0, 0], &[]),
            Err(FrameErrorCode::BadArgumentCount)
        );
        assert_eq!(
            bad(1, 4, &[0, 0, 70_000], &[]),
            Err(FrameErrorCode::OutOfRange)
        );
        assert_eq!(bad(0, 11, &[], b"x"), Err(FrameErrorCode::UnexpectedData));
        assert_eq!(bad(1, 3, &[], &[0; 61]), Err(FrameErrorCode::DataTooLong));
    }

    #[test]
    fn parse_request_reads_little_endian_arguments() {
        let bytes = [0, 6, 1, 100, 0, 0, 0];
        let r = parse_request(&bytes).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((r.category, r.command, r.args.clone()), (0, 6, vec![100]));
        assert_eq!(
            parse_request(&[0, 6, 2, 1, 0, 0, 0]).map_err(|e| e.code),
            Err(FrameErrorCode::ShortRequest)
        );
    }
}

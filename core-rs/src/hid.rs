//! GoGo board USB-HID report framing and decoding (`reference/board-protocol.md` §1-§3).
//!
//! - [`command`]: host → board. Builds the 63-byte WebHID payload (category, command,
//!   big-endian parameters, text and data at their offsets, zero padding) from a validated
//!   request, for every command of §2.
//! - [`packet`]: board → host. Classifies an input report by its packet type (byte 0) and
//!   decodes status (0), debug text (1), Raspberry Pi status (2), screen tap (6),
//!   key-value (7) and response (20) packets. Short, malformed and unknown reports are
//!   reported as [`packet::Ignored`], never as a panic.
//! - [`layout`]: where each status field sits in a type-0 report, including OUR layout for
//!   the built-in sensors of GoGo 6/7 (no public source documents it; see
//!   `docs/builtin-sensors.md`). The same table drives decoding and the simulated board's
//!   encoding, so correcting it later is a one-place change.

pub mod command;
pub mod layout;
pub mod packet;

/// §1: the library convention is a 64-byte array whose element 0 (ENDPOINT, report ID 0)
/// is not sent, so a WebHID output payload is 63 bytes.
pub const PAYLOAD_LEN: usize = 63;
/// §1: input reports are 64 bytes (the datalog code reads up to index 63).
pub const REPORT_LEN: usize = 64;
/// §2.3 cmd 61 and spec core §5: text sent to the board is cut to 60 characters.
pub const TEXT_LIMIT: usize = 60;
/// §2.4 cmd 3: a memory write carries at most 60 (= 64 − 4) data bytes.
pub const MEM_WRITE_LIMIT: usize = 60;

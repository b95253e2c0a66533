//! Board → host input reports (`reference/board-protocol.md` §3): classification by packet
//! type (byte 0), decoding, and the encoders the simulated board uses.

use super::layout::{self, pi_slot, slot, Field};
use super::REPORT_LEN;

/// §3.1 packet types.
pub const TYPE_STATUS: u8 = 0;
pub const TYPE_DEBUG: u8 = 1;
pub const TYPE_PI_STATUS: u8 = 2;
pub const TYPE_TAP: u8 = 6;
pub const TYPE_KEY_VALUE: u8 = 7;
pub const TYPE_RESPONSE: u8 = 20;

/// §3.5: a response carries at most 60 payload bytes (indices 4..63).
pub const RESPONSE_PAYLOAD_LIMIT: usize = 60;

/// A decoded input report. Text and payloads borrow from the report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Packet<'a> {
    /// Type 0, as `slot::COUNT` slots.
    Status([i32; slot::COUNT]),
    /// Type 1: the bytes from index 2 up to the first NUL.
    Debug(&'a [u8]),
    /// Type 2, as `pi_slot::COUNT` slots.
    PiStatus([i32; pi_slot::COUNT]),
    /// Type 6: `[6, 7, xHi, xLo, yHi, yLo, 0]` (GOD `setTapEvent`).
    Tap { x: u16, y: u16 },
    /// Type 7: `key,value` split at the first comma.
    KeyValue { key: &'a [u8], value: &'a [u8] },
    /// Type 20: `[20, L, command, status, payload…]`.
    Response {
        command: u8,
        status: u8,
        payload: &'a [u8],
    },
}

/// Why a report was ignored, numbered from 1 in this order in `gg_hid_decode` output.
/// Ignored reports are counted by the host, never thrown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ignored {
    /// Too short for its packet type (or empty).
    Short,
    /// A packet type the host does not handle (17–19, 30–33, anything unlisted).
    Unknown,
    /// Lengths or separators inside the packet do not add up.
    Malformed,
    /// An all-zero status packet: some boards send one on every other read (§3 "NL works
    /// around packets that are … all zeroes"); decoding it would blank the board info.
    Empty,
}

codes!(Ignored: Short = "short", Unknown = "unknown", Malformed = "malformed", Empty = "empty");

/// Classifies and decodes one input report (`report[0]` is the packet type).
pub fn decode(report: &[u8]) -> Result<Packet<'_>, Ignored> {
    let kind = match report.first() {
        Some(&k) => k,
        None => return Err(Ignored::Short),
    };
    match kind {
        TYPE_STATUS => decode_status(report).map(Packet::Status),
        TYPE_DEBUG => {
            if report.len() < 2 {
                return Err(Ignored::Short);
            }
            let text = &report[2..];
            let end = text.iter().position(|&b| b == 0).unwrap_or(text.len());
            Ok(Packet::Debug(&text[..end]))
        }
        TYPE_PI_STATUS => {
            if report.len() < layout::PI_MIN_LEN {
                return Err(Ignored::Short);
            }
            Ok(Packet::PiStatus(read_fields(report, layout::PI_FIELDS)))
        }
        TYPE_TAP => {
            if report.len() < 6 {
                return Err(Ignored::Short);
            }
            Ok(Packet::Tap {
                x: u16::from_be_bytes([report[2], report[3]]),
                y: u16::from_be_bytes([report[4], report[5]]),
            })
        }
        TYPE_KEY_VALUE => decode_key_value(report),
        TYPE_RESPONSE => {
            if report.len() < 4 {
                return Err(Ignored::Short);
            }
            let len = usize::from(report[1]);
            if len > RESPONSE_PAYLOAD_LIMIT || 4 + len > report.len() {
                return Err(Ignored::Malformed);
            }
            Ok(Packet::Response {
                command: report[2],
                status: report[3],
                payload: &report[4..4 + len],
            })
        }
        _ => Err(Ignored::Unknown),
    }
}

fn read_fields<const N: usize>(report: &[u8], fields: &[Field]) -> [i32; N] {
    let mut slots = [0i32; N];
    for field in fields {
        if let Some(s) = slots.get_mut(field.slot) {
            *s = layout::read(report, field);
        }
    }
    slots
}

fn decode_status(report: &[u8]) -> Result<[i32; slot::COUNT], Ignored> {
    if report.len() < layout::STATUS_MIN_LEN {
        return Err(Ignored::Short);
    }
    if report.iter().all(|&b| b == 0) {
        return Err(Ignored::Empty);
    }
    let mut slots: [i32; slot::COUNT] = read_fields(report, layout::COMMON_FIELDS);
    let board = slots[slot::BOARD_TYPE];
    let count = layout::sensor_count(board);
    slots[slot::SENSOR_COUNT] = count as i32;
    for i in 0..count {
        let at = layout::SENSOR_OFFSET + 2 * i;
        slots[slot::SENSORS + i] = i32::from(u16::from_be_bytes([report[at], report[at + 1]]));
    }
    if layout::is_esp_family(board) {
        slots[slot::ESP_FAMILY] = 1;
        for field in layout::ESP_FIELDS {
            slots[field.slot] = layout::read(report, field);
        }
    }
    Ok(slots)
}

/// §3.4: `[7, L, key,value…, 0]` with L = text length + 3.
fn decode_key_value(report: &[u8]) -> Result<Packet<'_>, Ignored> {
    if report.len() < 2 {
        return Err(Ignored::Short);
    }
    let l = usize::from(report[1]);
    if l < 3 || 2 + (l - 3) > report.len() {
        return Err(Ignored::Malformed);
    }
    let text = &report[2..2 + (l - 3)];
    match text.iter().position(|&b| b == b',') {
        Some(comma) => Ok(Packet::KeyValue {
            key: &text[..comma],
            value: &text[comma + 1..],
        }),
        None => Err(Ignored::Malformed),
    }
}

/// Builds a status report from decoded slots: the simulated board's encoder. Sensor count
/// and the ESP extras follow the board type slot, exactly as the decoder reads them.
pub fn encode_status(slots: &[i32]) -> [u8; REPORT_LEN] {
    let get = |i: usize| slots.get(i).copied().unwrap_or(0);
    let mut report = [0u8; REPORT_LEN];
    report[0] = TYPE_STATUS;
    for field in layout::COMMON_FIELDS {
        layout::write(&mut report, field, get(field.slot));
    }
    let board = get(slot::BOARD_TYPE);
    for i in 0..layout::sensor_count(board) {
        let v = get(slot::SENSORS + i).clamp(0, 0xFFFF) as u16;
        let at = layout::SENSOR_OFFSET + 2 * i;
        report[at..at + 2].copy_from_slice(&v.to_be_bytes());
    }
    if layout::is_esp_family(board) {
        for field in layout::ESP_FIELDS {
            layout::write(&mut report, field, get(field.slot));
        }
    }
    report
}

/// Builds a Raspberry Pi status report from decoded slots.
pub fn encode_pi_status(slots: &[i32]) -> [u8; REPORT_LEN] {
    let mut report = [0u8; REPORT_LEN];
    report[0] = TYPE_PI_STATUS;
    for field in layout::PI_FIELDS {
        layout::write(
            &mut report,
            field,
            slots.get(field.slot).copied().unwrap_or(0),
        );
    }
    report
}

/// Builds a key-value report; `key,value` is cut to fit one report.
pub fn encode_key_value(key: &[u8], value: &[u8]) -> [u8; REPORT_LEN] {
    let mut report = [0u8; REPORT_LEN];
    report[0] = TYPE_KEY_VALUE;
    // Text at 2..L-1 and the 0 at L-1 must stay inside the report: at most 61 bytes.
    let text: Vec<u8> = key
        .iter()
        .chain(b",".iter())
        .chain(value.iter())
        .copied()
        .take(REPORT_LEN - 3)
        .collect();
    report[1] = (text.len() + 3) as u8;
    report[2..2 + text.len()].copy_from_slice(&text);
    report
}

/// Builds a debug-text report (text from index 2, cut to fit).
pub fn encode_debug(text: &[u8]) -> [u8; REPORT_LEN] {
    let mut report = [0u8; REPORT_LEN];
    report[0] = TYPE_DEBUG;
    let n = text.len().min(REPORT_LEN - 3);
    report[1] = n as u8;
    report[2..2 + n].copy_from_slice(&text[..n]);
    report
}

/// Builds a response report (payload cut to 60 bytes).
pub fn encode_response(command: u8, status: u8, payload: &[u8]) -> [u8; REPORT_LEN] {
    let mut report = [0u8; REPORT_LEN];
    let n = payload.len().min(RESPONSE_PAYLOAD_LIMIT);
    report[0] = TYPE_RESPONSE;
    report[1] = n as u8;
    report[2] = command;
    report[3] = status;
    report[4..4 + n].copy_from_slice(&payload[..n]);
    report
}

/// Builds a screen-tap report.
pub fn encode_tap(x: u16, y: u16) -> [u8; REPORT_LEN] {
    let mut report = [0u8; REPORT_LEN];
    report[0] = TYPE_TAP;
    report[1] = 7;
    report[2..4].copy_from_slice(&x.to_be_bytes());
    report[4..6].copy_from_slice(&y.to_be_bytes());
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_round_trips_through_the_encoder() {
        let mut slots = [0i32; slot::COUNT];
        slots[slot::BOARD_TYPE] = 6;
        slots[slot::SENSORS] = 1023;
        slots[slot::SENSORS + 3] = 7;
        slots[slot::FIRMWARE] = 42;
        slots[slot::ACCEL_Z] = -1000;
        slots[slot::TEMPERATURE] = 253;
        slots[slot::GESTURE] = 3;
        let report = encode_status(&slots);
        let decoded = match decode(&report) {
            Ok(Packet::Status(s)) => s,
            other => panic!("{other:?}"),
        };
        slots[slot::SENSOR_COUNT] = 4;
        slots[slot::ESP_FAMILY] = 1;
        assert_eq!(decoded, slots);
    }

    #[test]
    fn classic_boards_have_eight_sensors_and_no_extras() {
        let mut report = [0u8; REPORT_LEN];
        report[17] = 1;
        report[15] = 0x03;
        report[16] = 0xFF; // sensor 8 = 1023
        report[44] = 9; // would be a gesture on GoGo 7
        let s = match decode(&report) {
            Ok(Packet::Status(s)) => s,
            other => panic!("{other:?}"),
        };
        assert_eq!(s[slot::SENSOR_COUNT], 8);
        assert_eq!(s[slot::SENSORS + 7], 1023);
        assert_eq!(s[slot::GESTURE], 0);
        assert_eq!(s[slot::ESP_FAMILY], 0);
    }

    #[test]
    fn ignores_short_empty_unknown_and_malformed_reports() {
        assert_eq!(decode(&[]), Err(Ignored::Short));
        assert_eq!(decode(&[0; 20]), Err(Ignored::Short));
        assert_eq!(decode(&[0; 64]), Err(Ignored::Empty));
        assert_eq!(decode(&[17; 64]), Err(Ignored::Unknown));
        assert_eq!(decode(&[7, 40, b'a']), Err(Ignored::Malformed));
        assert_eq!(
            decode(&[7, 6, b'a', b'b', b'c', 0]),
            Err(Ignored::Malformed)
        );
        assert_eq!(decode(&[20, 61, 2, 1]), Err(Ignored::Malformed));
    }

    #[test]
    fn key_value_splits_at_the_first_comma() {
        let report = encode_key_value(b"temp", b"25,5");
        assert_eq!(
            decode(&report),
            Ok(Packet::KeyValue {
                key: b"temp",
                value: b"25,5"
            })
        );
    }
}

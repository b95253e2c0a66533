//! Where each status field sits: its byte offset in a type-0 (status) or type-2 (Raspberry
//! Pi) input report, and its slot in the decoded form.
//!
//! The decoded form is a fixed array of `i32` slots (`slot::*`, `pi_slot::*`). It crosses
//! the ABI as little-endian `i32`s, and the simulated board hands the same array back to
//! [`super::packet::encode_status`], so decoder and simulator share these tables.
//!
//! Sources: `reference/board-protocol.md` §3.2 (status) and §3.3 (Pi). The GoGo 6/7 fields
//! marked OURS have no public layout (§10 question 1); `docs/builtin-sensors.md` documents
//! them and a test keeps that page and [`ESP_FIELDS`] in step.

/// How a field is stored in the report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    U8,
    /// 16-bit, high byte first (§2.1: every multi-byte number is big-endian).
    U16Be,
    /// Signed 16-bit, high byte first.
    I16Be,
}

impl Kind {
    pub fn width(self) -> usize {
        match self {
            Kind::U8 => 1,
            Kind::U16Be | Kind::I16Be => 2,
        }
    }
}

/// One field: report offset → decoded slot.
#[derive(Debug, Clone, Copy)]
pub struct Field {
    pub name: &'static str,
    pub offset: usize,
    pub kind: Kind,
    pub slot: usize,
}

const fn f(name: &'static str, offset: usize, kind: Kind, slot: usize) -> Field {
    Field {
        name,
        offset,
        kind,
        slot,
    }
}

slot_table! {
    /// Slots of a decoded status packet.
    pub mod slot {
        /// 8 on GoGo 4/5 and the other classic boards, 4 on GoGo 6/7 (spec core §9).
        SENSOR_COUNT = 0,
        /// Sensor values 0..1023 (slots 1..=8; unused ones are 0).
        SENSORS = 1,
        BOARD_TYPE = 9,
        BOARD_VERSION = 10,
        HARDWARE_ID = 11,
        FIRMWARE = 12,
        FIRMWARE_2 = 13,
        MOTOR_ACTIVE = 14,
        MOTOR_ON = 15,
        MOTOR_DIRECTION = 16,
        /// Power of ports A..D, raw 0..255 (slots 17..=20).
        MOTOR_POWER = 17,
        IR = 21,
        RTC_SECOND = 22,
        RTC_MINUTE = 23,
        RTC_HOUR = 24,
        /// 0 = Sunday; 100 = no RTC module.
        RTC_WEEKDAY = 25,
        RTC_DATE = 26,
        RTC_MONTH = 27,
        /// Year − 2000.
        RTC_YEAR = 28,
        /// 1 when the board is of the ESP32 family (GoGo 6/7, Bright) and the slots below are
        /// valid.
        ESP_FAMILY = 29,
        JOYSTICK = 30,
        SERVO_ACTIVE = 31,
        /// Servo angle of ports A..D, 0..180 (slots 32..=35).
        SERVO_ANGLE = 32,
        /// Servo power of ports A..D, 0..100 (slots 36..=39; relay on = 100).
        SERVO_POWER = 36,
        WIFI_STATUS = 40,
        ANSWER = 41,
        GESTURE = 42,
        ORIENTATION = 43,
        LOUDNESS = 44,
        LIGHT = 45,
        PROXIMITY = 46,
        RED = 47,
        GREEN = 48,
        BLUE = 49,
        /// Tenths of a degree Celsius, signed.
        TEMPERATURE = 50,
        HUMIDITY = 51,
        /// Signed milli-g; m/s² = value / 1000 × 9.80665 (spec classroom §9).
        ACCEL_X = 52,
        ACCEL_Y = 53,
        ACCEL_Z = 54,
        /// Servo ports whose output is on, bit i = port A+i (OURS).
        SERVO_ON = 55,
        /// Servo ports used as relays (power output), bit i = port A+i (OURS).
        SERVO_RELAY = 56,
        COUNT = 57,
    }
}

slot_table! {
    /// Slots of a decoded Raspberry Pi status packet (§3.3).
    pub mod pi_slot {
        /// 0 = no Pi alive.
        REVISION = 0,
        CPU_LOAD = 1,
        CPU_TEMP = 2,
        MEMORY_USED = 3,
        /// Ethernet IPv4 a.b.c.d (slots 4..=7).
        ETH_IP = 4,
        /// WLAN IPv4 (slots 8..=11).
        WLAN_IP = 8,
        /// bit0 camera on, bit1 find-face active, bit2 face found.
        CAMERA = 12,
        SMS_FLAGS = 13,
        TAPPED = 14,
        TAP_X = 15,
        TAP_Y = 16,
        WIFI_STATUS = 17,
        EMAIL_STATUS = 18,
        SMS_STATUS = 19,
        RFID_STATUS = 20,
        RFID_TAG = 21,
        COUNT = 22,
    }
}

/// Board type numbers (spec core §3 "Board info"; the same numbers as status byte 17).
pub const BOARD_GOGO6: i32 = 4;
pub const BOARD_BRIGHT: i32 = 5;
pub const BOARD_GOGO7: i32 = 6;

/// GoGo 6, GoGo 7 and GoGo Bright (a KidBright, itself an ESP32 board, with the GoGo
/// extension) report 4 sensors and the extra registers; every other board reports 8 sensors
/// (spec core §9 "8 on board 5 and below, 4 on 6 and 7"; GoGo Bright has 4 inputs).
pub fn is_esp_family(board_type: i32) -> bool {
    board_type == BOARD_GOGO6 || board_type == BOARD_GOGO7 || board_type == BOARD_BRIGHT
}

pub fn sensor_count(board_type: i32) -> usize {
    if is_esp_family(board_type) {
        4
    } else {
        8
    }
}

/// Sensors start at byte 1, two bytes each, big-endian (§3.2).
pub const SENSOR_OFFSET: usize = 1;

/// Fields every board reports (§3.2; the ESP32 registers sit at the same offsets).
pub const COMMON_FIELDS: &[Field] = &[
    f("board type", 17, Kind::U8, slot::BOARD_TYPE),
    f("board version", 18, Kind::U8, slot::BOARD_VERSION),
    f("hardware id", 19, Kind::U8, slot::HARDWARE_ID),
    f("firmware", 20, Kind::U8, slot::FIRMWARE),
    f("firmware 2", 21, Kind::U8, slot::FIRMWARE_2),
    f("motor active", 22, Kind::U8, slot::MOTOR_ACTIVE),
    f("motor on", 23, Kind::U8, slot::MOTOR_ON),
    f("motor direction", 24, Kind::U8, slot::MOTOR_DIRECTION),
    f("power a", 25, Kind::U8, slot::MOTOR_POWER),
    f("power b", 26, Kind::U8, slot::MOTOR_POWER + 1),
    f("power c", 27, Kind::U8, slot::MOTOR_POWER + 2),
    f("power d", 28, Kind::U8, slot::MOTOR_POWER + 3),
    f("ir", 33, Kind::U8, slot::IR),
    f("rtc second", 36, Kind::U8, slot::RTC_SECOND),
    f("rtc minute", 37, Kind::U8, slot::RTC_MINUTE),
    f("rtc hour", 38, Kind::U8, slot::RTC_HOUR),
    f("rtc weekday", 39, Kind::U8, slot::RTC_WEEKDAY),
    f("rtc date", 40, Kind::U8, slot::RTC_DATE),
    f("rtc month", 41, Kind::U8, slot::RTC_MONTH),
    f("rtc year", 42, Kind::U8, slot::RTC_YEAR),
];

/// The last byte a classic status packet must hold (RTC year, §3.2).
pub const STATUS_MIN_LEN: usize = 43;

/// GoGo 6/7 and Bright extra registers. Joystick (9), active servos (11) and Wi-Fi (43) are ESPH
/// registers; everything else is OURS (see `docs/builtin-sensors.md`).
pub const ESP_FIELDS: &[Field] = &[
    f("joystick", 9, Kind::U8, slot::JOYSTICK),
    f("servo on", 10, Kind::U8, slot::SERVO_ON),
    f("servo active", 11, Kind::U8, slot::SERVO_ACTIVE),
    f("servo angle a", 12, Kind::U8, slot::SERVO_ANGLE),
    f("servo angle b", 13, Kind::U8, slot::SERVO_ANGLE + 1),
    f("servo angle c", 14, Kind::U8, slot::SERVO_ANGLE + 2),
    f("servo angle d", 15, Kind::U8, slot::SERVO_ANGLE + 3),
    f("servo relay", 16, Kind::U8, slot::SERVO_RELAY),
    f("servo power a", 29, Kind::U8, slot::SERVO_POWER),
    f("servo power b", 30, Kind::U8, slot::SERVO_POWER + 1),
    f("servo power c", 31, Kind::U8, slot::SERVO_POWER + 2),
    f("servo power d", 32, Kind::U8, slot::SERVO_POWER + 3),
    f("answer", 34, Kind::U8, slot::ANSWER),
    f("wifi status", 43, Kind::U8, slot::WIFI_STATUS),
    f("gesture", 44, Kind::U8, slot::GESTURE),
    f("orientation", 45, Kind::U8, slot::ORIENTATION),
    f("loudness", 46, Kind::U16Be, slot::LOUDNESS),
    f("light", 48, Kind::U16Be, slot::LIGHT),
    f("proximity", 50, Kind::U16Be, slot::PROXIMITY),
    f("red", 52, Kind::U8, slot::RED),
    f("green", 53, Kind::U8, slot::GREEN),
    f("blue", 54, Kind::U8, slot::BLUE),
    f("temperature", 55, Kind::I16Be, slot::TEMPERATURE),
    f("humidity", 57, Kind::U8, slot::HUMIDITY),
    f("accel x", 58, Kind::I16Be, slot::ACCEL_X),
    f("accel y", 60, Kind::I16Be, slot::ACCEL_Y),
    f("accel z", 62, Kind::I16Be, slot::ACCEL_Z),
];

/// Raspberry Pi registers (§3.3).
pub const PI_FIELDS: &[Field] = &[
    f("revision", 1, Kind::U8, pi_slot::REVISION),
    f("cpu load", 2, Kind::U8, pi_slot::CPU_LOAD),
    f("cpu temperature", 3, Kind::U8, pi_slot::CPU_TEMP),
    f("memory used", 4, Kind::U8, pi_slot::MEMORY_USED),
    f("eth ip a", 10, Kind::U8, pi_slot::ETH_IP),
    f("eth ip b", 11, Kind::U8, pi_slot::ETH_IP + 1),
    f("eth ip c", 12, Kind::U8, pi_slot::ETH_IP + 2),
    f("eth ip d", 13, Kind::U8, pi_slot::ETH_IP + 3),
    f("wlan ip a", 14, Kind::U8, pi_slot::WLAN_IP),
    f("wlan ip b", 15, Kind::U8, pi_slot::WLAN_IP + 1),
    f("wlan ip c", 16, Kind::U8, pi_slot::WLAN_IP + 2),
    f("wlan ip d", 17, Kind::U8, pi_slot::WLAN_IP + 3),
    f("camera", 18, Kind::U8, pi_slot::CAMERA),
    f("sms flags", 19, Kind::U8, pi_slot::SMS_FLAGS),
    f("tapped", 20, Kind::U8, pi_slot::TAPPED),
    f("tap x", 21, Kind::U16Be, pi_slot::TAP_X),
    f("tap y", 23, Kind::U16Be, pi_slot::TAP_Y),
    f("wifi status", 25, Kind::U8, pi_slot::WIFI_STATUS),
    f("email status", 26, Kind::U8, pi_slot::EMAIL_STATUS),
    f("sms status", 27, Kind::U8, pi_slot::SMS_STATUS),
    f("rfid status", 28, Kind::U8, pi_slot::RFID_STATUS),
    f("rfid tag", 29, Kind::U8, pi_slot::RFID_TAG),
];

/// The last byte a Pi status packet must hold (RFID tag, §3.3).
pub const PI_MIN_LEN: usize = 30;

/// Reads a field; bytes past the end of a short report read as 0.
pub fn read(report: &[u8], field: &Field) -> i32 {
    let at = |i: usize| report.get(field.offset + i).copied().unwrap_or(0);
    match field.kind {
        Kind::U8 => i32::from(at(0)),
        Kind::U16Be => i32::from(u16::from_be_bytes([at(0), at(1)])),
        Kind::I16Be => i32::from(i16::from_be_bytes([at(0), at(1)])),
    }
}

/// Writes a field, saturating the value to the field's range.
pub fn write(report: &mut [u8], field: &Field, value: i32) {
    let bytes: [u8; 2] = match field.kind {
        Kind::U8 => [value.clamp(0, 0xFF) as u8, 0],
        Kind::U16Be => (value.clamp(0, 0xFFFF) as u16).to_be_bytes(),
        Kind::I16Be => (value.clamp(-0x8000, 0x7FFF) as i16).to_be_bytes(),
    };
    for (i, b) in bytes.iter().take(field.kind.width()).enumerate() {
        if let Some(slot) = report.get_mut(field.offset + i) {
            *slot = *b;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_overlap(fields: &[Field], sensors: usize) {
        let mut used = [false; 64];
        for i in 0..sensors * 2 {
            used[SENSOR_OFFSET + i] = true;
        }
        for field in fields {
            for i in 0..field.kind.width() {
                let at = field.offset + i;
                assert!(at < 64, "{} runs past the report", field.name);
                assert!(!used[at], "{} overlaps byte {at}", field.name);
                used[at] = true;
            }
        }
    }

    #[test]
    fn classic_and_esp_layouts_do_not_overlap() {
        no_overlap(COMMON_FIELDS, 8);
        let esp: Vec<Field> = COMMON_FIELDS.iter().chain(ESP_FIELDS).copied().collect();
        no_overlap(&esp, 4);
        no_overlap(PI_FIELDS, 0);
    }

    #[test]
    fn every_slot_is_written_by_exactly_one_field() {
        let mut seen = [0; slot::COUNT];
        seen[slot::SENSOR_COUNT] = 1;
        seen[slot::ESP_FAMILY] = 1;
        for s in &mut seen[slot::SENSORS..slot::SENSORS + 8] {
            *s = 1;
        }
        for field in COMMON_FIELDS.iter().chain(ESP_FIELDS) {
            seen[field.slot] += 1;
        }
        assert!(seen.iter().all(|&n| n == 1), "{seen:?}");
        let mut pi = [0; pi_slot::COUNT];
        for field in PI_FIELDS {
            pi[field.slot] += 1;
        }
        assert!(pi.iter().all(|&n| n == 1), "{pi:?}");
    }

    /// `docs/builtin-sensors.md` lists OUR fields as `| offset | width | kind | name |`
    /// rows; it must agree with `ESP_FIELDS`.
    #[test]
    fn documentation_table_matches_esp_fields() {
        let doc = include_str!("../../../docs/builtin-sensors.md");
        let rows: Vec<(usize, String, String)> = doc
            .lines()
            .filter_map(|line| {
                let cells: Vec<&str> = line.split('|').map(str::trim).collect();
                if cells.len() < 6 {
                    return None;
                }
                let offset = cells[1].parse::<usize>().ok()?;
                Some((offset, cells[3].to_string(), cells[4].to_string()))
            })
            .collect();
        assert_eq!(rows.len(), ESP_FIELDS.len(), "row count differs");
        for (field, (offset, kind, name)) in ESP_FIELDS.iter().zip(rows.iter()) {
            let want = match field.kind {
                Kind::U8 => "u8",
                Kind::U16Be => "u16be",
                Kind::I16Be => "i16be",
            };
            assert_eq!(
                (field.offset, want, field.name),
                (*offset, kind.as_str(), name.as_str())
            );
        }
    }
}

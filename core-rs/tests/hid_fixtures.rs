//! HID framing and decoding against the shared fixture files (the same files drive the
//! WASM tests in `src/core/hid.node.test.ts`).

use gogo_core::abi::hid::decode_batch;
use gogo_core::hid::command::{build, Request};
use gogo_core::hid::layout::{pi_slot, slot};
use gogo_core::hid::packet::{decode, Ignored, Packet};
use gogo_core::hid::PAYLOAD_LEN;

const COMMANDS: &str = include_str!("fixtures/hid/commands.txt");
const REPORTS: &str = include_str!("fixtures/hid/reports.txt");

fn rows(text: &str) -> impl Iterator<Item = Vec<&str>> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split(';').map(str::trim).collect())
}

fn hex(s: &str) -> Vec<u8> {
    let digits: Vec<u8> = s.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    assert!(digits.len() % 2 == 0, "odd hex {s}");
    digits
        .chunks(2)
        .map(|p| {
            let t = std::str::from_utf8(p).unwrap_or("");
            u8::from_str_radix(t, 16).unwrap_or_else(|_| panic!("bad hex {s}"))
        })
        .collect()
}

fn unquote(s: &str) -> Option<&str> {
    s.strip_prefix('"').and_then(|s| s.strip_suffix('"'))
}

#[test]
fn command_fixtures() {
    let mut n = 0;
    for row in rows(COMMANDS) {
        assert_eq!(row.len(), 6, "{row:?}");
        let name = row[0];
        let args: Vec<i32> = row[3]
            .split_whitespace()
            .map(|a| a.parse().unwrap_or_else(|_| panic!("{name}: arg {a}")))
            .collect();
        let data: Vec<u8> = if let Some(text) = unquote(row[4]) {
            text.as_bytes().to_vec()
        } else if let Some(h) = row[4].strip_prefix("hex:") {
            hex(h)
        } else {
            assert!(row[4].is_empty(), "{name}: data {}", row[4]);
            Vec::new()
        };
        let req = Request {
            category: row[1].parse().unwrap_or(255),
            command: row[2].parse().unwrap_or(255),
            args,
            data: &data,
        };
        let got = build(&req);
        if let Some(code) = row[5].strip_prefix('!') {
            match got {
                Err(e) => assert_eq!(e.code.as_str(), code, "{name}"),
                Ok(p) => panic!("{name}: expected {code}, got {p:?}"),
            }
        } else {
            let want = hex(row[5]);
            let p = got.unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(p.len(), PAYLOAD_LEN);
            assert_eq!(&p[..want.len()], &want[..], "{name}");
            assert!(p[want.len()..].iter().all(|&b| b == 0), "{name}: {p:?}");
        }
        n += 1;
    }
    assert!(n >= 70, "only {n} command fixtures");
}

/// Builds a report from `len:N offset=value …`.
pub fn report(spec: &str) -> Vec<u8> {
    let mut len = 64;
    let mut items = Vec::new();
    for tok in tokens(spec) {
        if let Some(n) = tok.strip_prefix("len:") {
            len = n.parse().unwrap_or(64);
        } else {
            items.push(tok);
        }
    }
    let mut r = vec![0u8; len];
    for item in items {
        let (at, value) = item.split_once('=').unwrap_or(("", ""));
        let at: usize = at.parse().unwrap_or_else(|_| panic!("offset in {item}"));
        let bytes = match unquote(value) {
            Some(t) => t.as_bytes().to_vec(),
            None => hex(value),
        };
        r[at..at + bytes.len()].copy_from_slice(&bytes);
    }
    r
}

/// Splits on spaces outside double quotes.
fn tokens(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    for c in s.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                cur.push(c);
            }
            ' ' if !quoted => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            }
            c => cur.push(c),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

fn status_slot(name: &str) -> usize {
    match name {
        "sensorCount" => slot::SENSOR_COUNT,
        "sensors" => slot::SENSORS,
        "boardType" => slot::BOARD_TYPE,
        "boardVersion" => slot::BOARD_VERSION,
        "hardwareId" => slot::HARDWARE_ID,
        "firmwareVersion" => slot::FIRMWARE,
        "firmwareVersion2" => slot::FIRMWARE_2,
        "motorActive" => slot::MOTOR_ACTIVE,
        "motorOn" => slot::MOTOR_ON,
        "motorDirection" => slot::MOTOR_DIRECTION,
        "motorPower" => slot::MOTOR_POWER,
        "ir" => slot::IR,
        "rtc.second" => slot::RTC_SECOND,
        "rtc.minute" => slot::RTC_MINUTE,
        "rtc.hour" => slot::RTC_HOUR,
        "rtc.weekday" => slot::RTC_WEEKDAY,
        "rtc.date" => slot::RTC_DATE,
        "rtc.month" => slot::RTC_MONTH,
        "rtc.year" => slot::RTC_YEAR,
        "espFamily" => slot::ESP_FAMILY,
        "joystick" => slot::JOYSTICK,
        "servoOn" => slot::SERVO_ON,
        "servoActive" => slot::SERVO_ACTIVE,
        "servoRelay" => slot::SERVO_RELAY,
        "servoAngle" => slot::SERVO_ANGLE,
        "servoPower" => slot::SERVO_POWER,
        "wifiStatus" => slot::WIFI_STATUS,
        "answer" => slot::ANSWER,
        "builtin.gesture" => slot::GESTURE,
        "builtin.orientation" => slot::ORIENTATION,
        "builtin.loudness" => slot::LOUDNESS,
        "builtin.light" => slot::LIGHT,
        "builtin.proximity" => slot::PROXIMITY,
        "builtin.red" => slot::RED,
        "builtin.green" => slot::GREEN,
        "builtin.blue" => slot::BLUE,
        "builtin.temperature" => slot::TEMPERATURE,
        "builtin.humidity" => slot::HUMIDITY,
        "builtin.accelX" => slot::ACCEL_X,
        "builtin.accelY" => slot::ACCEL_Y,
        "builtin.accelZ" => slot::ACCEL_Z,
        other => panic!("unknown status field {other}"),
    }
}

fn pi_slot_of(name: &str) -> usize {
    match name {
        "revision" => pi_slot::REVISION,
        "cpuLoad" => pi_slot::CPU_LOAD,
        "cpuTemp" => pi_slot::CPU_TEMP,
        "memoryUsed" => pi_slot::MEMORY_USED,
        "ethIp" => pi_slot::ETH_IP,
        "wlanIp" => pi_slot::WLAN_IP,
        "camera" => pi_slot::CAMERA,
        "smsFlags" => pi_slot::SMS_FLAGS,
        "tapped" => pi_slot::TAPPED,
        "tapX" => pi_slot::TAP_X,
        "tapY" => pi_slot::TAP_Y,
        "wifiStatus" => pi_slot::WIFI_STATUS,
        "emailStatus" => pi_slot::EMAIL_STATUS,
        "smsStatus" => pi_slot::SMS_STATUS,
        "rfidStatus" => pi_slot::RFID_STATUS,
        "rfidTag" => pi_slot::RFID_TAG,
        other => panic!("unknown pi field {other}"),
    }
}

fn values(v: &str) -> Vec<i32> {
    let v = v.trim_start_matches('[').trim_end_matches(']');
    match v {
        "true" => vec![1],
        "false" => vec![0],
        "" => vec![],
        _ => v
            .split(',')
            .map(|x| x.parse().unwrap_or_else(|_| panic!("value {x}")))
            .collect(),
    }
}

/// Every named slot has its value, every other slot is 0.
fn check_slots(name: &str, got: &[i32], items: &[String], slot_of: fn(&str) -> usize) {
    let mut want = vec![0i32; got.len()];
    for item in items {
        let (k, v) = item.split_once('=').unwrap_or(("", ""));
        for (i, x) in values(v).into_iter().enumerate() {
            want[slot_of(k) + i] = x;
        }
    }
    assert_eq!(got, &want[..], "{name}");
}

fn field<'a>(items: &'a [String], key: &str) -> &'a str {
    items
        .iter()
        .find_map(|i| i.strip_prefix(key).and_then(|r| r.strip_prefix('=')))
        .unwrap_or_else(|| panic!("missing {key}"))
}

fn text(items: &[String], key: &str) -> Vec<u8> {
    let v = field(items, key);
    unquote(v).unwrap_or(v).as_bytes().to_vec()
}

#[test]
fn report_fixtures() {
    let mut n = 0;
    for row in rows(REPORTS) {
        assert_eq!(row.len(), 3, "{row:?}");
        let name = row[0];
        let r = report(row[1]);
        let expected = tokens(row[2]);
        let items = &expected[1..];
        let got = decode(&r);
        match (expected[0].as_str(), got) {
            ("status", Ok(Packet::Status(s))) => check_slots(name, &s, items, status_slot),
            ("pi", Ok(Packet::PiStatus(s))) => check_slots(name, &s, items, pi_slot_of),
            ("debug", Ok(Packet::Debug(t))) => assert_eq!(t, &text(items, "text")[..], "{name}"),
            ("tap", Ok(Packet::Tap { x, y })) => assert_eq!(
                (i32::from(x), i32::from(y)),
                (values(field(items, "x"))[0], values(field(items, "y"))[0]),
                "{name}"
            ),
            ("kv", Ok(Packet::KeyValue { key, value })) => {
                assert_eq!(key, &text(items, "key")[..], "{name}");
                assert_eq!(value, &text(items, "value")[..], "{name}");
            }
            (
                "response",
                Ok(Packet::Response {
                    command,
                    status,
                    payload,
                }),
            ) => {
                assert_eq!(i32::from(command), values(field(items, "command"))[0]);
                assert_eq!(i32::from(status), values(field(items, "status"))[0]);
                assert_eq!(payload, &hex(field(items, "payload"))[..], "{name}");
            }
            ("ignored", Err(reason)) => {
                let want = match items[0].as_str() {
                    "short" => Ignored::Short,
                    "unknown" => Ignored::Unknown,
                    "malformed" => Ignored::Malformed,
                    "empty" => Ignored::Empty,
                    other => panic!("{name}: reason {other}"),
                };
                assert_eq!(reason, want, "{name}");
            }
            (kind, got) => panic!("{name}: expected {kind}, got {got:?}"),
        }
        n += 1;
    }
    assert!(n >= 25, "only {n} report fixtures");
}

#[test]
fn batch_decoding_emits_one_record_per_report() {
    let mut batch = Vec::new();
    for r in [report("len:64 17=06 20=2a"), report("len:3 0=07"), vec![]] {
        batch.push(r.len() as u8);
        batch.extend_from_slice(&r);
    }
    let out = decode_batch(&batch);
    // status record: kind 0, aux 0, body 57 × 4 bytes.
    assert_eq!(&out[..4], &[0, 0, 228, 0]);
    let second = 4 + 228;
    // key-value "[7, 0, 0]" has L = 0: malformed (255, reason 3), body = packet type.
    assert_eq!(&out[second..second + 5], &[255, 3, 1, 0, 7]);
    // An empty report: short (reason 1) with an empty body.
    assert_eq!(&out[second + 5..], &[255, 1, 0, 0]);
}

//! The board's I/O as the VM sees it: inputs the host sets, outputs the program drives, and
//! the events a host drains after each step.

/// Motor and servo ports (a–d).
pub const PORTS: usize = 4;
/// Sensor ports 1–8.
pub const SENSORS: usize = 8;
/// Words the on-board data log holds (`record`, `recall`).
pub const DATA_LOG_WORDS: usize = 4096;
/// Key-value pairs the board keeps from the Raspberry Pi side (oldest dropped first).
pub const KEY_VALUES: usize = 32;
/// Longest key or value kept, in bytes (a key-value packet carries at most ~60).
pub const KEY_VALUE_BYTES: usize = 60;
/// Reporters of the Raspberry Pi side the host can set (see [`PiReporter`]).
pub const PI_REPORTERS: usize = 7;

/// The Raspberry Pi reporters, in the order of [`Inputs::pi`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PiReporter {
    FaceFound,
    CameraIsOn,
    IsFindingFace,
    ScreenTapped,
    ReadRfid,
    RfidTagFound,
    RfidReaderFound,
}

codes!(PiReporter: FaceFound = "facefound", CameraIsOn = "cameraison", IsFindingFace = "isfindingface", ScreenTapped = "screentapped", ReadRfid = "readrfid", RfidTagFound = "rfidtagfound", RfidReaderFound = "rfidreaderfound");

/// Inputs the host sets (level values; it may set them before every step).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inputs {
    /// Sensor 1..8 at index 0..7, 0..1023.
    pub sensors: [u16; SENSORS],
    /// Switch 1..8 as bits 0..7, used when the switch mode is [`SwitchMode::Host`].
    pub switches: u8,
    /// Seconds, minutes, hours, day of week, day, month, year − 2000 (reference §4.8).
    pub rtc: [u8; 7],
    /// Without an RTC module every clock item reads 100 (the firmware's error value).
    pub rtc_present: bool,
    /// Raspberry Pi reporter values, indexed by [`PiReporter`].
    pub pi: [u16; PI_REPORTERS],
}

impl Default for Inputs {
    fn default() -> Self {
        Inputs {
            sensors: [0; SENSORS],
            switches: 0,
            rtc: [0, 0, 0, 6, 1, 1, 0],
            rtc_present: true,
            pi: [0; PI_REPORTERS],
        }
    }
}

/// How `switchN` / `readswitch n` read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SwitchMode {
    /// Legacy firmware: on when sensor n reads below 512 (reference §4.7).
    #[default]
    SensorLow,
    /// Newer kits where a pressed button reads high: on when sensor n reads 512 or more.
    SensorHigh,
    /// The host's [`Inputs::switches`] bits.
    Host,
}

/// How `setpower` values become a motor's duty (reported in percent).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PowerScale {
    /// GoGo 5 and later (board-protocol §2.3): 0–100, larger values are 100.
    #[default]
    Percent,
    /// Legacy firmware (reference §4.5): 0–7 on the PWM table, larger values raw 0–255 duty.
    Legacy,
}

/// One motor port.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Motor {
    pub on: bool,
    /// Direction: true = this way (clockwise).
    pub this_way: bool,
    /// The value the program last gave `setpower` (what `apower` reports).
    pub power_level: u16,
    /// Duty in percent, 0..100, from `power_level` and the power scale.
    pub power: u8,
}

/// One servo port (selected with the same talk-to letters as the motors).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Servo {
    /// The program has set this servo (`seth`, `lt`, `rt`).
    pub active: bool,
    /// Heading 0..180.
    pub angle: u16,
}

/// Which display `show` writes to (`talk_to_7seg_1` …; reference §4.8); the snapshot
/// numbers them in this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DisplayTarget {
    /// Numbers and short text on the 7-segment display, long text on the LCD.
    #[default]
    Auto,
    SevenSegment1,
    SevenSegment2,
    Lcd1,
    Lcd2,
}

codes!(DisplayTarget: Auto = "auto", SevenSegment1 = "7seg-1", SevenSegment2 = "7seg-2", Lcd1 = "lcd-1", Lcd2 = "lcd-2");

/// What the program drives. A host mirrors it into its status packets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outputs {
    /// Talk-to mask: bit 0 = port a … bit 3 = port d.
    pub talk_to: u8,
    pub motors: [Motor; PORTS],
    pub servos: [Servo; PORTS],
    pub user_led: bool,
    /// The 4-character display (numbers and short text).
    pub short_text: Vec<u8>,
    /// The 16×2 LCD text.
    pub long_text: Vec<u8>,
    pub display_target: DisplayTarget,
    /// `setpos` / `getpos` cursor.
    pub cursor: u16,
    /// `talkto n5`: the wireless node addressed.
    pub node: u16,
    /// `setanswer`: the remote-lab answer byte the program set last (0 until it sets one).
    pub answer: u8,
}

impl Outputs {
    pub fn new(scale: PowerScale) -> Self {
        let level = match scale {
            PowerScale::Percent => 100,
            PowerScale::Legacy => 7,
        };
        Outputs {
            talk_to: 0,
            motors: [Motor {
                on: false,
                this_way: true,
                power_level: level,
                power: 100,
            }; PORTS],
            servos: [Servo {
                active: false,
                angle: 90,
            }; PORTS],
            user_led: false,
            short_text: Vec::new(),
            long_text: Vec::new(),
            display_target: DisplayTarget::Auto,
            cursor: 0,
            node: 0,
            answer: 0,
        }
    }
}

/// Why a program stopped; the snapshot numbers them in this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndReason {
    /// `CODE_END`, or `stop`/`output` in the first procedure.
    Finished,
    /// `stopall`.
    StopAll,
    /// The host stopped it (stop/toggle command, reload, power-on).
    Stopped,
    /// A fault; the snapshot holds it.
    Fault,
}

codes!(EndReason: Finished = "finished", StopAll = "stopall", Stopped = "stopped", Fault = "fault");

/// An argument of a Raspberry Pi command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PiArg {
    Num(u16),
    Text(Vec<u8>),
}

/// Something that happened at a moment, for the host to act on or show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EventKind {
    Beep,
    /// `NOTE pitch duration` (no 1.3 syntax; legacy byte code).
    Note {
        pitch: u16,
        duration: u16,
    },
    /// The short (7-segment) display now shows this text.
    ShowShort(Vec<u8>),
    /// The LCD now shows this text.
    ShowLong(Vec<u8>),
    ClearDisplay,
    /// `record v`: the data log's word `index` is now `value`.
    Record {
        index: u16,
        value: u16,
    },
    /// `erase n`.
    Erase {
        count: u16,
    },
    /// `setanswer v`: the board's answer byte is now `value` (v's low byte).
    Answer {
        value: u8,
    },
    /// `cloud record "name" v` / `public cloud record "name" v`.
    CloudRecord {
        public: bool,
        name: Vec<u8>,
        value: u16,
    },
    /// `record v "name"`: a log line for the Raspberry Pi.
    RecordToPi {
        name: Vec<u8>,
        value: u16,
    },
    /// `sendmessage "topic" v`: `text` is the value as text (a number in decimal).
    SendMessage {
        topic: Vec<u8>,
        text: Vec<u8>,
    },
    /// `i2cwrite addr reg value` (also the voice-recorder commands at address 184).
    I2cWrite {
        addr: u16,
        reg: u16,
        value: u16,
    },
    /// A Raspberry Pi command (opcodes 200–234) with its arguments in Logo order.
    Pi {
        opcode: u8,
        args: Vec<PiArg>,
    },
    /// `SEND v` (legacy serial send; no 1.3 syntax).
    Send {
        value: u16,
    },
    /// The program started (run command or autorun).
    Started,
    Ended(EndReason),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// Virtual time of the event, in the host's milliseconds.
    pub at_ms: u64,
    pub kind: EventKind,
}

/// The key-value messages the board received (`key`, `intkey`, `clearkeys`); keys and
/// values are lower case, as the Raspberry Pi daemon sends them (board-protocol §3.4).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KeyValues {
    pairs: Vec<(Vec<u8>, Vec<u8>)>,
}

impl KeyValues {
    /// Stores `value` under `key`; an empty value is ignored, as hosts do (§3.4).
    pub fn set(&mut self, key: &[u8], value: &[u8]) {
        if value.is_empty() {
            return;
        }
        let key = lower(key);
        let value = lower(value);
        self.pairs.retain(|(k, _)| *k != key);
        if self.pairs.len() >= KEY_VALUES {
            self.pairs.remove(0);
        }
        self.pairs.push((key, value));
    }

    pub fn get(&self, key: &[u8]) -> Option<&[u8]> {
        let key = lower(key);
        self.pairs
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.as_slice())
    }

    pub fn clear(&mut self) {
        self.pairs.clear();
    }

    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }
}

/// ASCII lower case, cut to [`KEY_VALUE_BYTES`].
pub fn lower(s: &[u8]) -> Vec<u8> {
    s.iter()
        .take(KEY_VALUE_BYTES)
        .map(u8::to_ascii_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_values_are_case_insensitive_and_bounded() {
        let mut kv = KeyValues::default();
        kv.set(b"Color", b"RED");
        assert_eq!(kv.get(b"color"), Some(&b"red"[..]));
        kv.set(b"color", b"");
        assert_eq!(
            kv.get(b"COLOR"),
            Some(&b"red"[..]),
            "empty values are ignored"
        );
        for i in 0..100u8 {
            kv.set(&[b'k', i], b"v");
        }
        assert_eq!(kv.len(), KEY_VALUES);
        assert_eq!(kv.get(b"color"), None, "the oldest pair went first");
        kv.set(&[b'x'; 200], &[b'y'; 200]);
        assert_eq!(kv.get(&[b'x'; 60]).map(<[u8]>::len), Some(KEY_VALUE_BYTES));
        kv.clear();
        assert!(kv.is_empty());
    }
}

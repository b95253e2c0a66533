//! Logo versions: what each one compiles, and which one a board gets (spec core §9).
//!
//! Only 1.3 has a known compiler (logoc 1.3, the golden fixture). 1.2 follows the legacy
//! opcode numbering of the reference; 1.4 and 2.1 start from 1.3. Every difference and
//! every assumption is a row of the table in `docs/logo-versions.md`, keyed by
//! [`Feature::key`] and the [`Profile`] fields; a test keeps the two in step.

use super::opcodes::InstructionSet;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LogoVersion {
    V1_2,
    V1_3,
    V1_4,
    V2_1,
}

impl LogoVersion {
    pub const ALL: [LogoVersion; 4] = [
        LogoVersion::V1_2,
        LogoVersion::V1_3,
        LogoVersion::V1_4,
        LogoVersion::V2_1,
    ];

    /// Parses "1.2", "1.3", "1.4" or "2.1" (surrounding spaces allowed). Anything else is
    /// unknown: the caller reports it, never falls back.
    pub fn parse(s: &str) -> Option<LogoVersion> {
        match s.trim() {
            "1.2" => Some(LogoVersion::V1_2),
            "1.3" => Some(LogoVersion::V1_3),
            "1.4" => Some(LogoVersion::V1_4),
            "2.1" => Some(LogoVersion::V2_1),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            LogoVersion::V1_2 => "1.2",
            LogoVersion::V1_3 => "1.3",
            LogoVersion::V1_4 => "1.4",
            LogoVersion::V2_1 => "2.1",
        }
    }

    /// The version as a small number for the C ABI: 12, 13, 14 or 21.
    pub fn code(self) -> u32 {
        match self {
            LogoVersion::V1_2 => 12,
            LogoVersion::V1_3 => 13,
            LogoVersion::V1_4 => 14,
            LogoVersion::V2_1 => 21,
        }
    }

    pub fn profile(self) -> &'static Profile {
        match self {
            LogoVersion::V1_2 => &V1_2,
            LogoVersion::V1_3 => &V1_3,
            LogoVersion::V1_4 => &V1_4,
            LogoVersion::V2_1 => &V2_1,
        }
    }

    /// Whether programs of this version may use `feature`.
    pub fn supports(self, feature: Feature) -> bool {
        let legacy = self == LogoVersion::V1_2;
        match feature {
            Feature::CloudRecord | Feature::Answer => {
                matches!(self, LogoVersion::V1_4 | LogoVersion::V2_1)
            }
            Feature::TalkToMotorExpression => legacy,
            Feature::BareRandom => legacy,
            Feature::RandomWithInput
            | Feature::IfStateChange
            | Feature::TalkToNode
            | Feature::MotorStateReporters
            | Feature::PortReporters
            | Feature::TickTimer
            | Feature::Text
            | Feature::RaspberryPi => !legacy,
        }
    }
}

/// Language features that not every version has. Primitives not listed here exist in every
/// version with the same meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Feature {
    /// `cloud record "name" e`, `public cloud record "name" e` (this project's byte code).
    CloudRecord,
    /// `setanswer e`: the board's remote-lab answer byte (this project's byte code).
    Answer,
    /// `talk_to_motor e`: 1.3's compiler crashes on it (no TALK_TO_MOTOR in its table).
    TalkToMotorExpression,
    /// `random` as a reporter without input (legacy RANDOM takes none).
    BareRandom,
    /// `random e` (1.3 RANDOM pops its range).
    RandomWithInput,
    /// `ifstatechange e [ … ]`.
    IfStateChange,
    /// `talkto n5` / `talkto e`.
    TalkToNode,
    /// `aon?` `aoff?` `athisway?` `athatway?` `acw?` `accw?` `apower`.
    MotorStateReporters,
    /// `readsensor e`, `readswitch e` (port given by an expression).
    PortReporters,
    /// `settickrate e`, `tickcount`, `cleartick`.
    TickTimer,
    /// Text outside `show`: STRING-based commands (`record e "f"`, `sendmessage`, `key`,
    /// `intkey`, `clearkeys`, `say`, `playsound`, …).
    Text,
    /// Raspberry Pi commands and reporters (opcodes 200–239).
    RaspberryPi,
}

impl Feature {
    pub const ALL: [Feature; 12] = [
        Feature::CloudRecord,
        Feature::Answer,
        Feature::TalkToMotorExpression,
        Feature::BareRandom,
        Feature::RandomWithInput,
        Feature::IfStateChange,
        Feature::TalkToNode,
        Feature::MotorStateReporters,
        Feature::PortReporters,
        Feature::TickTimer,
        Feature::Text,
        Feature::RaspberryPi,
    ];

    /// The row key in `docs/logo-versions.md`.
    pub fn key(self) -> &'static str {
        match self {
            Feature::CloudRecord => "cloud-record",
            Feature::Answer => "answer",
            Feature::TalkToMotorExpression => "talk-to-motor-expression",
            Feature::BareRandom => "bare-random",
            Feature::RandomWithInput => "random-with-input",
            Feature::IfStateChange => "if-state-change",
            Feature::TalkToNode => "talk-to-node",
            Feature::MotorStateReporters => "motor-state-reporters",
            Feature::PortReporters => "port-reporters",
            Feature::TickTimer => "tick-timer",
            Feature::Text => "text",
            Feature::RaspberryPi => "raspberry-pi",
        }
    }
}

/// How a version turns the parsed program into bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Profile {
    pub version: LogoVersion,
    pub instruction_set: InstructionSet,
    /// logoc 1.3 counts list lengths on its text form, where a list whose first statement
    /// is itself a list (`forever`, `waituntil`) leaves an empty item; every enclosing
    /// list's length byte is one too large per such item. Reproduced in 1.3 only.
    pub list_length_overcount: bool,
    /// `show "text"` uses the short (4-character 7-segment) mode up to this many characters.
    /// logoc's off-by-one makes it 5; the legacy generator uses 4.
    pub show_short_text_max: usize,
    /// The voice-recorder register `gototrack` writes (logoc 3, Tinker's generator 1).
    pub gototrack_register: u8,
    /// Lists of 256 bytes or more use LONG_LIST (no such opcode in the legacy set).
    pub long_lists: bool,
    /// The largest byte-code image (spec core §9).
    pub max_bytes: usize,
}

/// Spec core §5/§9: the byte code must fit in 2048 bytes.
pub const MAX_BYTE_CODE_LENGTH: usize = 2048;

pub const V1_2: Profile = Profile {
    version: LogoVersion::V1_2,
    instruction_set: InstructionSet::Legacy,
    list_length_overcount: false,
    show_short_text_max: 4,
    gototrack_register: 1,
    long_lists: false,
    max_bytes: MAX_BYTE_CODE_LENGTH,
};

pub const V1_3: Profile = Profile {
    version: LogoVersion::V1_3,
    instruction_set: InstructionSet::V13,
    list_length_overcount: true,
    show_short_text_max: 5,
    gototrack_register: 3,
    long_lists: true,
    max_bytes: MAX_BYTE_CODE_LENGTH,
};

pub const V1_4: Profile = Profile {
    version: LogoVersion::V1_4,
    list_length_overcount: false,
    ..V1_3
};

pub const V2_1: Profile = Profile {
    version: LogoVersion::V2_1,
    ..V1_4
};

/// Numeric board types of the board's status report (spec core §3 "Board info"; the app's
/// `BoardType` in `src/state/connection.ts`), and the spec's names for them.
pub mod board {
    pub const NONE: u32 = 0;
    /// "original board" = GoGo board 4 (reference §1: board type 1, firmware gogo40 v111).
    pub const GOGO4: u32 = 1;
    /// "the 5th version" = Pi-topping (reference §1: board type 2, rpt10 firmware).
    pub const PI_TOPPING: u32 = 2;
    pub const WIRELESS: u32 = 3;
    /// "version 6" = GoGo board 6.
    pub const GOGO6: u32 = 4;
    pub const BRIGHT: u32 = 5;
    /// "version 7" = GoGo board 7.
    pub const GOGO7: u32 = 6;
}

/// The Logo version for a board (spec core §9): board 4 → 1.2; Pi-topping firmware below 40
/// → 1.2, 40 → 1.3, above → 1.4; Bright → 1.4; board 6 → 2.1; anything else → 1.4.
/// `board_type` is the numeric type of the status report (see [`board`]).
pub fn pick_version(board_type: u32, firmware_version: u32) -> LogoVersion {
    match board_type {
        board::GOGO4 => LogoVersion::V1_2,
        board::PI_TOPPING if firmware_version < 40 => LogoVersion::V1_2,
        board::PI_TOPPING if firmware_version == 40 => LogoVersion::V1_3,
        board::PI_TOPPING => LogoVersion::V1_4,
        board::BRIGHT => LogoVersion::V1_4,
        board::GOGO6 => LogoVersion::V2_1,
        _ => LogoVersion::V1_4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_four_versions_and_nothing_else() {
        for v in LogoVersion::ALL {
            assert_eq!(LogoVersion::parse(v.as_str()), Some(v));
            assert_eq!(v.profile().version, v);
        }
        assert_eq!(LogoVersion::parse(" 1.3 "), Some(LogoVersion::V1_3));
        for bad in ["", "1", "1.5", "2.0", "13", "dev", "1.3.0", "v1.3"] {
            assert_eq!(LogoVersion::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn picks_the_version_per_spec_core_9() {
        assert_eq!(pick_version(board::GOGO4, 111), LogoVersion::V1_2);
        assert_eq!(pick_version(board::PI_TOPPING, 31), LogoVersion::V1_2);
        assert_eq!(pick_version(board::PI_TOPPING, 39), LogoVersion::V1_2);
        assert_eq!(pick_version(board::PI_TOPPING, 40), LogoVersion::V1_3);
        assert_eq!(pick_version(board::PI_TOPPING, 41), LogoVersion::V1_4);
        assert_eq!(pick_version(board::BRIGHT, 0), LogoVersion::V1_4);
        assert_eq!(pick_version(board::GOGO6, 5), LogoVersion::V2_1);
        assert_eq!(pick_version(board::GOGO7, 42), LogoVersion::V1_4);
        assert_eq!(pick_version(board::WIRELESS, 1), LogoVersion::V1_4);
        assert_eq!(pick_version(board::NONE, 0), LogoVersion::V1_4);
        assert_eq!(pick_version(99, 0), LogoVersion::V1_4);
    }

    #[test]
    fn only_1_3_reproduces_the_list_length_overcount() {
        let quirky: Vec<_> = LogoVersion::ALL
            .iter()
            .filter(|v| v.profile().list_length_overcount)
            .collect();
        assert_eq!(quirky, vec![&LogoVersion::V1_3]);
    }

    #[test]
    fn the_version_table_documents_every_feature_and_profile_field() {
        let doc = include_str!("../../../docs/logo-versions.md");
        for f in Feature::ALL {
            assert!(doc.contains(&format!("`{}`", f.key())), "{}", f.key());
        }
        for field in [
            "instruction_set",
            "list_length_overcount",
            "show_short_text_max",
            "gototrack_register",
            "long_lists",
            "max_bytes",
        ] {
            assert!(doc.contains(&format!("`{field}`")), "{field}");
        }
    }
}

//! The GoGo Logo byte-code instruction sets, shared by the compiler, the virtual board's VM
//! and the decompiler.
//!
//! Two numberings exist (reference `logo-and-bytecode.md` §3.2):
//! - [`V13`]: the numbering of the Logo 1.3 compiler, also used for 1.4 and 2.1 (plus the
//!   two `cloud record` opcodes this project defines, see `docs/logo-versions.md`).
//! - [`LEGACY`]: the Cricket-derived numbering of the 2013 firmware, used for Logo 1.2.
//!
//! Each entry gives the opcode's in-line operands and its stack effect as the reference
//! documents it. Control opcodes (lists, loops, calls, returns) also move the program counter
//! and keep return addresses on the stack; their `pops`/`pushes` give only the values a
//! program sees (see the reference §4.3–4.4 for the full rules).

/// In-line operand bytes that follow an opcode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operand {
    None,
    /// One byte (NUM8 value, LIST length, INPUT index).
    U8,
    /// Two bytes, big-endian (NUM16 value, LONG_LIST length, CALL address).
    U16,
    /// A length byte followed by that many bytes (STRING).
    Bytes,
}

impl Operand {
    /// Operand size in bytes, given the bytes that follow the opcode (for `Bytes`, the first
    /// of them is the length). `None` when `rest` is too short.
    pub fn size(self, rest: &[u8]) -> Option<usize> {
        let n = match self {
            Operand::None => 0,
            Operand::U8 => 1,
            Operand::U16 => 2,
            Operand::Bytes => 1 + usize::from(*rest.first()?),
        };
        if rest.len() >= n {
            Some(n)
        } else {
            None
        }
    }
}

/// One opcode of an instruction set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpInfo {
    pub code: u8,
    /// The name used in the reference and in disassembly.
    pub name: &'static str,
    pub operand: Operand,
    /// Values taken from the data stack.
    pub pops: u8,
    /// Values left on the data stack (0 or 1).
    pub pushes: u8,
    /// The Logo word that compiles to exactly this opcode (after its arguments), or "".
    pub word: &'static str,
}

/// Opcode numbers of the 1.3 set (also 1.4 and 2.1).
pub mod op {
    pub const CODE_END: u8 = 0;
    pub const NUM8: u8 = 1;
    pub const NUM16: u8 = 2;
    pub const LIST: u8 = 3;
    pub const EOL: u8 = 4;
    pub const EOLR: u8 = 5;
    pub const INPUT: u8 = 6;
    pub const STOP: u8 = 7;
    pub const OUTPUT: u8 = 8;
    pub const REPEAT: u8 = 9;
    pub const IF: u8 = 10;
    pub const IFELSE: u8 = 11;
    pub const BEEP: u8 = 12;
    pub const NOTE: u8 = 13;
    pub const WAITUNTIL: u8 = 14;
    pub const FOREVER: u8 = 15;
    pub const WAIT: u8 = 16;
    pub const TIMER: u8 = 17;
    pub const RESETT: u8 = 18;
    pub const SEND: u8 = 19;
    pub const IR: u8 = 20;
    pub const NEWIR: u8 = 21;
    pub const RANDOM: u8 = 22;
    pub const OP_PLUS: u8 = 23;
    pub const OP_MINUS: u8 = 24;
    pub const OP_MULTIPLY: u8 = 25;
    pub const OP_DIVISION: u8 = 26;
    pub const OP_MODULO: u8 = 27;
    pub const OP_EQUAL: u8 = 28;
    pub const OP_GREATER: u8 = 29;
    pub const OP_LESS: u8 = 30;
    pub const OP_AND: u8 = 31;
    pub const OP_OR: u8 = 32;
    pub const OP_XOR: u8 = 33;
    pub const OP_NOT: u8 = 34;
    pub const SETGLOBAL: u8 = 35;
    pub const GETGLOBAL: u8 = 36;
    pub const ASET: u8 = 37;
    pub const AGET: u8 = 38;
    pub const RECORD: u8 = 39;
    pub const RECALL: u8 = 40;
    pub const RESETDP: u8 = 41;
    pub const SETDP: u8 = 42;
    pub const ERASE: u8 = 43;
    pub const WHEN: u8 = 44;
    pub const WHENOFF: u8 = 45;
    pub const M_A: u8 = 46;
    pub const M_B: u8 = 47;
    pub const IF_STATE_CHANGE: u8 = 48;
    pub const ON: u8 = 49;
    pub const ONFOR: u8 = 50;
    pub const OFF: u8 = 51;
    pub const THISWAY: u8 = 52;
    pub const THATWAY: u8 = 53;
    pub const RD: u8 = 54;
    pub const READSENSOR: u8 = 55;
    pub const READSWITCH: u8 = 56;
    pub const SETPOWER: u8 = 59;
    pub const BRAKE: u8 = 60;
    pub const OP_GREATER_OR_EQUAL: u8 = 61;
    pub const OP_LESS_OR_EQUAL: u8 = 62;
    pub const TALK_TO_NODE: u8 = 63;
    pub const ISON: u8 = 64;
    pub const ISOFF: u8 = 65;
    pub const ISTHISWAY: u8 = 66;
    pub const ISTHATWAY: u8 = 67;
    pub const STOPALL: u8 = 68;
    pub const EB: u8 = 69;
    pub const DB: u8 = 70;
    pub const LOWBYTE: u8 = 71;
    pub const HIGHBYTE: u8 = 72;
    pub const LEDON: u8 = 85;
    pub const LEDOFF: u8 = 86;
    pub const SETH: u8 = 87;
    pub const LT: u8 = 88;
    pub const RT: u8 = 89;
    pub const TALKTO: u8 = 90;
    pub const GETPOWER: u8 = 91;
    pub const CL_I2C_STOP: u8 = 92;
    pub const CL_I2C_WRITE: u8 = 93;
    pub const CL_I2C_READ: u8 = 94;
    pub const SERIAL: u8 = 95;
    pub const NEWSERIAL: u8 = 96;
    pub const RTC_INIT: u8 = 97;
    pub const RTC_GET_ITEM: u8 = 98;
    pub const SHOW: u8 = 99;
    pub const CLS: u8 = 100;
    pub const GETPOS: u8 = 101;
    pub const SETPOS: u8 = 102;
    pub const TALK_TO_7SEG_1: u8 = 103;
    pub const TALK_TO_7SEG_2: u8 = 104;
    pub const TALK_TO_LCD_1: u8 = 105;
    pub const TALK_TO_LCD_2: u8 = 106;
    pub const I2C_WRITE_REGISTER: u8 = 107;
    pub const I2C_READ_REGISTER: u8 = 108;
    pub const LONG_LIST: u8 = 109;
    pub const CALL: u8 = 110;
    pub const STRING: u8 = 111;
    pub const SETTICKRATE: u8 = 112;
    pub const TICKCOUNT: u8 = 113;
    pub const CLEARTICK: u8 = 114;
    pub const USECAMERA: u8 = 200;
    pub const CLOSECAMERA: u8 = 201;
    pub const STARTFINDFACE: u8 = 202;
    pub const STOPFINDFACE: u8 = 203;
    pub const FACEFOUND: u8 = 204;
    pub const TAKESNAPSHOT: u8 = 205;
    pub const CAMERAISON: u8 = 206;
    pub const ISFINDINGFACE: u8 = 207;
    pub const USESMS: u8 = 210;
    pub const SENDSMS: u8 = 211;
    pub const SENDMAIL: u8 = 212;
    pub const SENDSNAPSHOT: u8 = 213;
    pub const PLAYSOUND: u8 = 214;
    pub const STOPSOUND: u8 = 215;
    pub const SHOWIMAGE: u8 = 216;
    pub const SCREENTAPPED: u8 = 217;
    pub const WIFICONNECT: u8 = 218;
    pub const WIFIDISCONNECT: u8 = 219;
    pub const REBOOT: u8 = 220;
    pub const SHUTDOWN: u8 = 221;
    pub const NEWRECORDFILE: u8 = 222;
    pub const RECORD_TO_RPI: u8 = 223;
    pub const SHOWLOGPLOT: u8 = 224;
    pub const USERFID: u8 = 227;
    pub const CLOSERFID: u8 = 228;
    pub const RFIDBEEP: u8 = 229;
    pub const READRFID: u8 = 230;
    pub const WRITERFID: u8 = 231;
    pub const RFIDTAGFOUND: u8 = 232;
    pub const RFIDREADERFOUND: u8 = 233;
    pub const SAY: u8 = 234;
    pub const KEY: u8 = 235;
    pub const OP_KEY_COMPARE: u8 = 236;
    pub const INTKEY: u8 = 237;
    pub const CLEARKEYS: u8 = 238;
    pub const SEND_MESSAGE: u8 = 239;
    /// This project's design (no source documents one): `( value name -- )`, the name from
    /// the preceding STRING. Logo 1.4 and 2.1 only.
    pub const CLOUD_RECORD: u8 = 240;
    /// Like [`CLOUD_RECORD`], to the public data set.
    pub const PUBLIC_CLOUD_RECORD: u8 = 241;
    /// This project's design: `( value -- )` sets the board's 8-bit remote-lab answer
    /// (status byte 34) to the value's low byte. Logo 1.4 and 2.1 only.
    pub const SET_ANSWER: u8 = 242;
}

/// Opcode numbers of the legacy (Cricket-derived) set that differ from [`op`] or exist only
/// there. Logo 1.2 uses them.
pub mod legacy {
    pub const LTHING: u8 = 6;
    pub const COND_IF: u8 = 10;
    pub const COND_IFELSE: u8 = 11;
    pub const LOOP: u8 = 15;
    pub const M_AB: u8 = 48;
    pub const SENSOR1: u8 = 55;
    pub const SENSOR2: u8 = 56;
    pub const SWITCH1: u8 = 57;
    pub const SWITCH2: u8 = 58;
    pub const M_C: u8 = 63;
    pub const M_D: u8 = 64;
    pub const M_CD: u8 = 65;
    pub const M_ABCD: u8 = 66;
    pub const REALLY_STOP: u8 = 68;
    pub const SENSOR3: u8 = 73;
    pub const SWITCH3: u8 = 79;
    pub const TALK_TO_MOTOR: u8 = 90;
    pub const CL_I2C_START: u8 = 91;
    /// A byte with bit 7 set starts a procedure call: address = (byte & 0x3F) << 8 | next.
    pub const CALL_FLAG: u8 = 0x80;
    /// Bit 6 of a call byte marks a tail call.
    pub const TAIL_CALL_FLAG: u8 = 0x40;

    /// Sensor opcodes by port (1-based index − 1).
    pub const SENSORS: [u8; 8] = [55, 56, 73, 74, 75, 76, 77, 78];
    /// Switch opcodes by port.
    pub const SWITCHES: [u8; 8] = [57, 58, 79, 80, 81, 82, 83, 84];
}

const fn e(
    code: u8,
    name: &'static str,
    operand: Operand,
    pops: u8,
    pushes: u8,
    word: &'static str,
) -> OpInfo {
    OpInfo {
        code,
        name,
        operand,
        pops,
        pushes,
        word,
    }
}

use Operand::{Bytes, None as N, U16, U8};

/// Opcodes both sets number, name and describe alike.
const SHARED: [OpInfo; 57] = [
    e(op::CODE_END, "CODE_END", N, 0, 0, ""),
    e(op::NUM8, "NUM8", U8, 0, 1, ""),
    e(op::NUM16, "NUM16", U16, 0, 1, ""),
    e(op::LIST, "LIST", U8, 0, 1, ""),
    e(op::EOL, "EOL", N, 0, 0, ""),
    e(op::EOLR, "EOLR", N, 1, 0, ""),
    e(op::STOP, "STOP", N, 0, 0, "stop"),
    e(op::OUTPUT, "OUTPUT", N, 1, 0, "output"),
    e(op::REPEAT, "REPEAT", N, 2, 0, "repeat"),
    e(op::BEEP, "BEEP", N, 0, 0, "beep"),
    e(op::NOTE, "NOTE", N, 2, 0, ""),
    e(op::WAITUNTIL, "WAITUNTIL", N, 1, 0, "waituntil"),
    e(op::WAIT, "WAIT", N, 1, 0, "wait"),
    e(op::TIMER, "TIMER", N, 0, 1, "timer"),
    e(op::RESETT, "RESETT", N, 0, 0, "resett"),
    e(op::SEND, "SEND", N, 1, 0, ""),
    e(op::IR, "IR", N, 0, 1, "ir"),
    e(op::NEWIR, "NEWIR", N, 0, 1, "newir?"),
    e(op::OP_PLUS, "OP_PLUS", N, 2, 1, "+"),
    e(op::OP_MINUS, "OP_MINUS", N, 2, 1, "-"),
    e(op::OP_MULTIPLY, "OP_MULTIPLY", N, 2, 1, "*"),
    e(op::OP_DIVISION, "OP_DIVISION", N, 2, 1, "/"),
    e(op::OP_EQUAL, "OP_EQUAL", N, 2, 1, "="),
    e(op::OP_GREATER, "OP_GREATER", N, 2, 1, ">"),
    e(op::OP_LESS, "OP_LESS", N, 2, 1, "<"),
    e(op::OP_AND, "OP_AND", N, 2, 1, "and"),
    e(op::OP_OR, "OP_OR", N, 2, 1, "or"),
    e(op::OP_XOR, "OP_XOR", N, 2, 1, "xor"),
    e(op::OP_NOT, "OP_NOT", N, 1, 1, "not"),
    e(op::SETGLOBAL, "SETGLOBAL", N, 2, 0, "set"),
    e(op::GETGLOBAL, "GETGLOBAL", N, 1, 1, ""),
    e(op::ASET, "ASET", N, 3, 0, ""),
    e(op::AGET, "AGET", N, 2, 1, ""),
    e(op::RECORD, "RECORD", N, 1, 0, "record"),
    e(op::RECALL, "RECALL", N, 0, 1, "recall"),
    e(op::RESETDP, "RESETDP", N, 0, 0, "resetdp"),
    e(op::SETDP, "SETDP", N, 1, 0, "setdp"),
    e(op::ERASE, "ERASE", N, 1, 0, "erase"),
    e(op::WHEN, "WHEN", N, 0, 0, ""),
    e(op::WHENOFF, "WHENOFF", N, 0, 0, ""),
    e(op::SETPOWER, "SETPOWER", N, 1, 0, "setpower"),
    e(op::BRAKE, "BRAKE", N, 0, 0, ""),
    e(op::EB, "EB", N, 1, 1, ""),
    e(op::DB, "DB", N, 2, 0, ""),
    e(op::CL_I2C_STOP, "CL_I2C_STOP", N, 0, 0, ""),
    e(op::CL_I2C_WRITE, "CL_I2C_WRITE", N, 1, 0, ""),
    e(op::CL_I2C_READ, "CL_I2C_READ", N, 1, 1, ""),
    e(op::SERIAL, "SERIAL", N, 0, 1, "serial"),
    e(op::NEWSERIAL, "NEWSERIAL", N, 0, 1, "newserial?"),
    e(op::RTC_INIT, "RTC_INIT", N, 0, 0, "rtc_init"),
    e(op::RTC_GET_ITEM, "RTC_GET_ITEM", N, 1, 1, ""),
    e(
        op::TALK_TO_7SEG_1,
        "TALK_TO_7SEG_1",
        N,
        0,
        0,
        "talk_to_7seg_1",
    ),
    e(
        op::TALK_TO_7SEG_2,
        "TALK_TO_7SEG_2",
        N,
        0,
        0,
        "talk_to_7seg_2",
    ),
    e(op::TALK_TO_LCD_1, "TALK_TO_LCD_1", N, 0, 0, "talk_to_lcd_1"),
    e(op::TALK_TO_LCD_2, "TALK_TO_LCD_2", N, 0, 0, "talk_to_lcd_2"),
    e(
        op::I2C_WRITE_REGISTER,
        "I2C_WRITE_REGISTER",
        N,
        3,
        0,
        "i2cwrite",
    ),
    e(
        op::I2C_READ_REGISTER,
        "I2C_READ_REGISTER",
        N,
        2,
        1,
        "i2cread",
    ),
];

/// The 1.3 set's own opcodes, and those it describes differently from the legacy set.
const V13_OWN: [OpInfo; 83] = [
    e(op::INPUT, "INPUT", U8, 0, 1, ""),
    e(op::IF, "IF", N, 2, 0, "if"),
    e(op::IFELSE, "IFELSE", N, 3, 0, "ifelse"),
    e(op::FOREVER, "FOREVER", N, 1, 0, "forever"),
    e(op::RANDOM, "RANDOM", N, 1, 1, "random"),
    e(op::OP_MODULO, "OP_MODULO", N, 2, 1, "%"),
    e(op::M_A, "M_A", N, 0, 0, ""),
    e(op::M_B, "M_B", N, 0, 0, ""),
    e(
        op::IF_STATE_CHANGE,
        "IF_STATE_CHANGE",
        N,
        3,
        0,
        "ifstatechange",
    ),
    e(op::ON, "ON", N, 0, 0, "on"),
    e(op::ONFOR, "ONFOR", N, 1, 0, "onfor"),
    e(op::OFF, "OFF", N, 0, 0, "off"),
    e(op::THISWAY, "THISWAY", N, 0, 0, "thisway"),
    e(op::THATWAY, "THATWAY", N, 0, 0, "thatway"),
    e(op::RD, "RD", N, 0, 0, "rd"),
    e(op::READSENSOR, "READSENSOR", N, 1, 1, "readsensor"),
    e(op::READSWITCH, "READSWITCH", N, 1, 1, "readswitch"),
    e(
        op::OP_GREATER_OR_EQUAL,
        "OP_GREATER_OR_EQUAL",
        N,
        2,
        1,
        ">=",
    ),
    e(op::OP_LESS_OR_EQUAL, "OP_LESS_OR_EQUAL", N, 2, 1, "<="),
    e(op::TALK_TO_NODE, "TALK_TO_NODE", N, 1, 0, "talkto"),
    e(op::ISON, "ISON", N, 1, 1, ""),
    e(op::ISOFF, "ISOFF", N, 1, 1, ""),
    e(op::ISTHISWAY, "ISTHISWAY", N, 1, 1, ""),
    e(op::ISTHATWAY, "ISTHATWAY", N, 1, 1, ""),
    e(op::STOPALL, "STOPALL", N, 0, 0, "stopall"),
    e(op::LOWBYTE, "LOWBYTE", N, 1, 1, "lowbyte"),
    e(op::HIGHBYTE, "HIGHBYTE", N, 1, 1, "highbyte"),
    e(op::LEDON, "LEDON", N, 0, 0, "ledon"),
    e(op::LEDOFF, "LEDOFF", N, 0, 0, "ledoff"),
    e(op::SETH, "SETH", N, 1, 0, "seth"),
    e(op::LT, "LT", N, 1, 0, "lt"),
    e(op::RT, "RT", N, 1, 0, "rt"),
    e(op::TALKTO, "TALKTO", N, 1, 0, ""),
    e(op::GETPOWER, "GETPOWER", N, 1, 1, ""),
    e(op::SHOW, "SHOW", N, 2, 0, "show"),
    e(op::CLS, "CLS", N, 0, 0, "cls"),
    e(op::GETPOS, "GETPOS", N, 0, 1, "getpos"),
    e(op::SETPOS, "SETPOS", N, 1, 0, "setpos"),
    e(op::LONG_LIST, "LONG_LIST", U16, 0, 1, ""),
    e(op::CALL, "CALL", U16, 0, 0, ""),
    e(op::STRING, "STRING", Bytes, 0, 1, ""),
    e(op::SETTICKRATE, "SETTICKRATE", N, 1, 0, "settickrate"),
    e(op::TICKCOUNT, "TICKCOUNT", N, 0, 1, "tickcount"),
    e(op::CLEARTICK, "CLEARTICK", N, 0, 0, "cleartick"),
    e(op::USECAMERA, "USECAMERA", N, 0, 0, "usecamera"),
    e(op::CLOSECAMERA, "CLOSECAMERA", N, 0, 0, "closecamera"),
    e(op::STARTFINDFACE, "STARTFINDFACE", N, 0, 0, "startfindface"),
    e(op::STOPFINDFACE, "STOPFINDFACE", N, 0, 0, "stopfindface"),
    e(op::FACEFOUND, "FACEFOUND", N, 0, 1, "facefound?"),
    e(op::TAKESNAPSHOT, "TAKESNAPSHOT", N, 0, 0, "takesnapshot"),
    e(op::CAMERAISON, "CAMERAISON", N, 0, 1, "cameraison"),
    e(op::ISFINDINGFACE, "ISFINDINGFACE", N, 0, 1, "isfindingface"),
    e(op::USESMS, "USESMS", N, 0, 0, "usesms"),
    e(op::SENDSMS, "SENDSMS", N, 2, 0, "sendsms"),
    e(op::SENDMAIL, "SENDMAIL", N, 3, 0, "sendmail"),
    e(op::SENDSNAPSHOT, "SENDSNAPSHOT", N, 0, 0, ""),
    e(op::PLAYSOUND, "PLAYSOUND", N, 1, 0, "playsound"),
    e(op::STOPSOUND, "STOPSOUND", N, 0, 0, "stopsound"),
    e(op::SHOWIMAGE, "SHOWIMAGE", N, 1, 0, "showimage"),
    e(op::SCREENTAPPED, "SCREENTAPPED", N, 0, 1, "screentapped?"),
    e(op::WIFICONNECT, "WIFICONNECT", N, 0, 0, ""),
    e(op::WIFIDISCONNECT, "WIFIDISCONNECT", N, 0, 0, ""),
    e(op::REBOOT, "REBOOT", N, 0, 0, ""),
    e(op::SHUTDOWN, "SHUTDOWN", N, 0, 0, ""),
    e(op::NEWRECORDFILE, "NEWRECORDFILE", N, 1, 0, "newrecordfile"),
    e(op::RECORD_TO_RPI, "RECORD_TO_RPI", N, 2, 0, "record"),
    e(op::SHOWLOGPLOT, "SHOWLOGPLOT", N, 2, 0, "showlogplot"),
    e(op::USERFID, "USERFID", N, 0, 0, "userfid"),
    e(op::CLOSERFID, "CLOSERFID", N, 0, 0, "closerfid"),
    e(op::RFIDBEEP, "RFIDBEEP", N, 0, 0, "rfidbeep"),
    e(op::READRFID, "READRFID", N, 0, 1, "readrfid"),
    e(op::WRITERFID, "WRITERFID", N, 1, 0, "writerfid"),
    e(op::RFIDTAGFOUND, "RFIDTAGFOUND", N, 0, 1, "rfidtagfound?"),
    e(
        op::RFIDREADERFOUND,
        "RFIDREADERFOUND",
        N,
        0,
        1,
        "rfidreaderfound?",
    ),
    e(op::SAY, "SAY", N, 1, 0, "say"),
    e(op::KEY, "KEY", N, 1, 1, "key"),
    e(op::OP_KEY_COMPARE, "OP_KEY_COMPARE", N, 2, 1, ""),
    e(op::INTKEY, "INTKEY", N, 1, 1, "intkey"),
    e(op::CLEARKEYS, "CLEARKEYS", N, 0, 0, "clearkeys"),
    e(op::SEND_MESSAGE, "SEND_MESSAGE", N, 3, 0, "sendmessage"),
    e(op::CLOUD_RECORD, "CLOUD_RECORD", N, 2, 0, "cloud record"),
    e(
        op::PUBLIC_CLOUD_RECORD,
        "PUBLIC_CLOUD_RECORD",
        N,
        2,
        0,
        "public cloud record",
    ),
    e(op::SET_ANSWER, "SET_ANSWER", N, 1, 0, "setanswer"),
];

/// The legacy set's own opcodes, and its names for opcodes the 1.3 set also has.
const LEGACY_OWN: [OpInfo; 52] = [
    e(legacy::LTHING, "LTHING", U8, 0, 1, ""),
    e(legacy::COND_IF, "COND_IF", N, 2, 0, "if"),
    e(legacy::COND_IFELSE, "COND_IFELSE", N, 3, 0, "ifelse"),
    e(legacy::LOOP, "LOOP", N, 1, 0, "forever"),
    e(op::RANDOM, "RANDOM", N, 0, 1, "random"),
    e(op::OP_MODULO, "OP_REMAINDER", N, 2, 1, "%"),
    e(op::M_A, "M_A", N, 0, 0, "a,"),
    e(op::M_B, "M_B", N, 0, 0, "b,"),
    e(legacy::M_AB, "M_AB", N, 0, 0, "ab,"),
    e(op::ON, "M_ON", N, 0, 0, "on"),
    e(op::ONFOR, "M_ONFOR", N, 1, 0, "onfor"),
    e(op::OFF, "M_OFF", N, 0, 0, "off"),
    e(op::THISWAY, "M_THISWAY", N, 0, 0, "thisway"),
    e(op::THATWAY, "M_THATWAY", N, 0, 0, "thatway"),
    e(op::RD, "M_RD", N, 0, 0, "rd"),
    e(legacy::SENSOR1, "SENSOR1", N, 0, 1, "sensor1"),
    e(legacy::SENSOR2, "SENSOR2", N, 0, 1, "sensor2"),
    e(legacy::SWITCH1, "SWITCH1", N, 0, 1, "switch1"),
    e(legacy::SWITCH2, "SWITCH2", N, 0, 1, "switch2"),
    e(61, "BSEND", N, 1, 0, ""),
    e(62, "BSR", N, 1, 1, ""),
    e(legacy::M_C, "M_C", N, 0, 0, "c,"),
    e(legacy::M_D, "M_D", N, 0, 0, "d,"),
    e(legacy::M_CD, "M_CD", N, 0, 0, "cd,"),
    e(legacy::M_ABCD, "M_ABCD", N, 0, 0, "abcd,"),
    e(67, "FASTSEND", N, 1, 0, ""),
    e(legacy::REALLY_STOP, "REALLY_STOP", N, 0, 0, "stopall"),
    e(op::LOWBYTE, "LOW_BYTE", N, 1, 1, "lowbyte"),
    e(op::HIGHBYTE, "HIGH_BYTE", N, 1, 1, "highbyte"),
    e(73, "SENSOR3", N, 0, 1, "sensor3"),
    e(74, "SENSOR4", N, 0, 1, "sensor4"),
    e(75, "SENSOR5", N, 0, 1, "sensor5"),
    e(76, "SENSOR6", N, 0, 1, "sensor6"),
    e(77, "SENSOR7", N, 0, 1, "sensor7"),
    e(78, "SENSOR8", N, 0, 1, "sensor8"),
    e(79, "SWITCH3", N, 0, 1, "switch3"),
    e(80, "SWITCH4", N, 0, 1, "switch4"),
    e(81, "SWITCH5", N, 0, 1, "switch5"),
    e(82, "SWITCH6", N, 0, 1, "switch6"),
    e(83, "SWITCH7", N, 0, 1, "switch7"),
    e(84, "SWITCH8", N, 0, 1, "switch8"),
    e(op::LEDON, "ULED_ON", N, 0, 0, "ledon"),
    e(op::LEDOFF, "ULED_OFF", N, 0, 0, "ledoff"),
    e(op::SETH, "SERVO_SET_H", N, 1, 0, "seth"),
    e(op::LT, "SERVO_LT", N, 1, 0, "lt"),
    e(op::RT, "SERVO_RT", N, 1, 0, "rt"),
    e(legacy::TALK_TO_MOTOR, "TALK_TO_MOTOR", N, 1, 0, ""),
    e(legacy::CL_I2C_START, "CL_I2C_START", N, 0, 0, ""),
    e(op::SHOW, "DISPLAY_SHOW", N, 2, 0, "show"),
    e(op::CLS, "DISPLAY_CLS", N, 0, 0, "cls"),
    e(op::GETPOS, "DISPLAY_GETPOS", N, 0, 1, "getpos"),
    e(op::SETPOS, "DISPLAY_SETPOS", N, 1, 0, "setpos"),
];

/// `a` then `b`, as one array of exactly `LEN` entries (checked when the crate compiles).
const fn joined<const LEN: usize>(a: &[OpInfo], b: &[OpInfo]) -> [OpInfo; LEN] {
    assert!(a.len() + b.len() == LEN);
    let mut out = [e(0, "", N, 0, 0, ""); LEN];
    let mut i = 0;
    while i < a.len() {
        out[i] = a[i];
        i += 1;
    }
    let mut k = 0;
    while k < b.len() {
        out[a.len() + k] = b[k];
        k += 1;
    }
    out
}

const V13_TABLE: [OpInfo; SHARED.len() + V13_OWN.len()] = joined(&SHARED, &V13_OWN);
const LEGACY_TABLE: [OpInfo; SHARED.len() + LEGACY_OWN.len()] = joined(&SHARED, &LEGACY_OWN);

/// The 1.3 instruction set (1.4 and 2.1 add [`op::CLOUD_RECORD`],
/// [`op::PUBLIC_CLOUD_RECORD`] and [`op::SET_ANSWER`], listed here too).
pub const V13: &[OpInfo] = &V13_TABLE;

/// The legacy instruction set (2013 firmware `logovm.h`; Logo 1.2). Bytes 128–255 are
/// procedure calls, not opcodes (see [`legacy::CALL_FLAG`]).
pub const LEGACY: &[OpInfo] = &LEGACY_TABLE;

/// Which numbering a Logo version compiles to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InstructionSet {
    Legacy,
    V13,
}

impl InstructionSet {
    pub fn table(self) -> &'static [OpInfo] {
        match self {
            InstructionSet::Legacy => LEGACY,
            InstructionSet::V13 => V13,
        }
    }

    /// The opcode with this number, if the set defines one.
    pub fn lookup(self, code: u8) -> Option<&'static OpInfo> {
        self.table().iter().find(|o| o.code == code)
    }

    /// The opcode with this name (as in the reference), if the set defines one.
    pub fn by_name(self, name: &str) -> Option<&'static OpInfo> {
        self.table().iter().find(|o| o.name == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_unique(table: &[OpInfo]) {
        for (i, a) in table.iter().enumerate() {
            for b in &table[i + 1..] {
                assert_ne!(a.code, b.code, "{} and {} share a code", a.name, b.name);
                assert_ne!(a.name, b.name, "duplicate name {}", a.name);
            }
        }
    }

    #[test]
    fn codes_and_names_are_unique_in_each_set() {
        assert_unique(V13);
        assert_unique(LEGACY);
    }

    #[test]
    fn legacy_opcodes_stay_below_the_call_flag() {
        assert!(LEGACY.iter().all(|o| o.code < legacy::CALL_FLAG));
    }

    #[test]
    fn this_projects_opcodes_are_free_in_the_1_3_set() {
        let known: Vec<u8> = V13
            .iter()
            .filter(|o| !o.name.contains("CLOUD_RECORD"))
            .map(|o| o.code)
            .collect();
        assert!(!known.contains(&op::CLOUD_RECORD));
        assert!(!known.contains(&op::PUBLIC_CLOUD_RECORD));
        let others: Vec<u8> = V13
            .iter()
            .filter(|o| o.name != "SET_ANSWER")
            .map(|o| o.code)
            .collect();
        assert!(!others.contains(&op::SET_ANSWER));
        // Numbers the Raspberry Pi side reserves (reference §3.2: 208, 225, 226) stay free too.
        for reserved in [208u8, 225, 226] {
            assert!(InstructionSet::V13.lookup(reserved).is_none());
        }
    }

    #[test]
    fn operand_sizes_follow_the_encoding() {
        assert_eq!(Operand::None.size(&[]), Some(0));
        assert_eq!(Operand::U8.size(&[5]), Some(1));
        assert_eq!(Operand::U16.size(&[1]), None);
        assert_eq!(Operand::Bytes.size(&[2, 104, 105]), Some(3));
        assert_eq!(Operand::Bytes.size(&[3, 104]), None);
        let s = InstructionSet::V13.by_name("STRING").map(|o| o.operand);
        assert_eq!(s, Some(Operand::Bytes));
        assert_eq!(
            InstructionSet::Legacy.lookup(73).map(|o| o.name),
            Some("SENSOR3")
        );
    }
}

//! One instruction: decoding in the program's instruction set and its effect (reference
//! §4). Every failure is a [`Fault`]; nothing here panics.

use super::io::{lower, DisplayTarget, EndReason, EventKind};
use super::io::{SwitchMode, DATA_LOG_WORDS, PORTS, SENSORS};
use super::STACK_SIZE;
use super::{Blocked, Fault, FaultCode, Flow, Vm, ARRAY_BYTES, GLOBALS};
use crate::logo::opcodes::{legacy, op, InstructionSet};

type R<T> = Result<T, Fault>;

/// The value the clock items read without an RTC, or for an unknown item.
const RTC_ERROR: u16 = 100;

impl Vm {
    pub(super) fn step(&mut self) -> R<Flow> {
        self.op_pc = self.pc;
        let code = match self.code.get(self.pc) {
            Some(&b) => b,
            None => {
                return Err(self.error(
                    FaultCode::BadJump,
                    format!(
                        "the program counter left the program ({} bytes)",
                        self.code.len()
                    ),
                ))
            }
        };
        self.pc += 1;
        match self.set {
            InstructionSet::V13 => self.exec_v13(code),
            InstructionSet::Legacy => self.exec_legacy(code),
        }
    }

    pub(super) fn error(&self, code: FaultCode, message: String) -> Fault {
        Fault {
            code,
            pc: self.op_pc.min(usize::from(u16::MAX)) as u16,
            opcode: self.code.get(self.op_pc).copied().unwrap_or(0),
            message,
        }
    }

    pub(super) fn push(&mut self, v: u16) -> R<()> {
        if self.stack.len() >= STACK_SIZE {
            return Err(self.error(
                FaultCode::StackOverflow,
                format!("the data stack is full ({STACK_SIZE} values)"),
            ));
        }
        self.stack.push(v);
        Ok(())
    }

    pub(super) fn pop(&mut self) -> R<u16> {
        match self.stack.pop() {
            Some(v) => Ok(v),
            None => Err(self.error(
                FaultCode::StackUnderflow,
                "the instruction needs a value the data stack does not hold".to_string(),
            )),
        }
    }

    pub(super) fn pop_bool(&mut self) -> R<bool> {
        Ok(self.pop()? != 0)
    }

    pub(super) fn operand(&mut self) -> R<u8> {
        match self.code.get(self.pc) {
            Some(&b) => {
                self.pc += 1;
                Ok(b)
            }
            None => Err(self.error(
                FaultCode::BadJump,
                "the instruction's operand is past the end of the program".to_string(),
            )),
        }
    }

    pub(super) fn operand16(&mut self) -> R<u16> {
        let hi = self.operand()?;
        let lo = self.operand()?;
        Ok(u16::from_be_bytes([hi, lo]))
    }

    pub(super) fn jump(&mut self, to: u16) {
        // Checked when the next instruction is fetched.
        self.pc = usize::from(to);
    }

    pub(super) fn delay(&mut self, ms: u64) {
        if ms > 0 {
            self.wait_until = Some(self.clock.saturating_add(ms));
        }
    }

    pub(super) fn wait_units(&mut self, units: u16) {
        self.delay(u64::from(units) * u64::from(self.config.wait_unit_ms));
    }

    pub(super) fn loop_delay(&mut self) {
        self.delay(u64::from(self.config.loop_delay_ms));
    }

    pub(super) fn random_below(&mut self, n: u16) -> u16 {
        // xorshift32
        let mut x = self.rng;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.rng = x;
        if n == 0 {
            0
        } else {
            (x % u32::from(n)) as u16
        }
    }

    /// The bytes of the text a `STRING` reference points at (its length byte).
    pub(super) fn text(&self, reference: u16) -> R<Vec<u8>> {
        let at = usize::from(reference);
        let len = self.code.get(at).map(|&n| usize::from(n));
        match len.and_then(|n| self.code.get(at + 1..at + 1 + n)) {
            Some(bytes) => Ok(bytes.to_vec()),
            None => Err(self.error(
                FaultCode::BadText,
                format!("no text at byte {at} of the program"),
            )),
        }
    }

    pub(super) fn pop_text(&mut self) -> R<Vec<u8>> {
        let r = self.pop()?;
        self.text(r)
    }

    pub(super) fn sensor(&self, port: u16) -> u16 {
        match usize::from(port).checked_sub(1) {
            Some(i) if i < SENSORS => self.inputs.sensors[i],
            _ => 0,
        }
    }

    pub(super) fn switch(&self, port: u16) -> u16 {
        if port == 0 || usize::from(port) > SENSORS {
            return 0;
        }
        let on = match self.config.switch_mode {
            SwitchMode::SensorLow => self.sensor(port) < 512,
            SwitchMode::SensorHigh => self.sensor(port) >= 512,
            SwitchMode::Host => self.inputs.switches & (1 << (port - 1)) != 0,
        };
        u16::from(on)
    }

    pub(super) fn exec_v13(&mut self, code: u8) -> R<Flow> {
        match code {
            op::RANDOM => {
                let n = self.pop()?;
                let r = self.random_below(n);
                self.push(r)?;
            }
            op::IF_STATE_CHANGE => return self.if_state_change(),
            op::READSENSOR => {
                let n = self.pop()?;
                self.push(self.sensor(n))?;
            }
            op::READSWITCH => {
                let n = self.pop()?;
                self.push(self.switch(n))?;
            }
            op::OP_GREATER_OR_EQUAL => {
                let b = self.pop()?;
                let a = self.pop()?;
                self.push(u16::from(a >= b))?;
            }
            op::OP_LESS_OR_EQUAL => {
                let b = self.pop()?;
                let a = self.pop()?;
                self.push(u16::from(a <= b))?;
            }
            op::TALK_TO_NODE => self.outputs.node = self.pop()?,
            op::ISON => {
                let m = self.pop()?;
                self.push(self.motors_all(m, |m| m.on))?;
            }
            op::ISOFF => {
                let m = self.pop()?;
                self.push(self.motors_all(m, |m| !m.on))?;
            }
            op::ISTHISWAY => {
                let m = self.pop()?;
                self.push(self.motors_all(m, |m| m.this_way))?;
            }
            op::ISTHATWAY => {
                let m = self.pop()?;
                self.push(self.motors_all(m, |m| !m.this_way))?;
            }
            op::GETPOWER => {
                let m = self.pop()? & 0x0F;
                let level = (0..PORTS)
                    .find(|i| m & (1 << i) != 0)
                    .map_or(0, |i| self.outputs.motors[i].power_level);
                self.push(level)?;
            }
            op::SHOW => self.show_v13()?,
            op::LONG_LIST => {
                let n = self.operand16()?;
                return self.list(n);
            }
            op::CALL => {
                let target = self.operand16()?;
                return self.call(target, false);
            }
            op::STRING => {
                let at = self.pc;
                let len = usize::from(self.operand()?);
                if at + 1 + len > self.code.len() {
                    return Err(self.error(
                        FaultCode::BadJump,
                        "the text runs past the end of the program".to_string(),
                    ));
                }
                self.pc = at + 1 + len;
                self.push(at as u16)?;
            }
            op::SETTICKRATE => {
                let n = self.pop()?;
                self.tick_period = u64::from(n) * u64::from(self.config.tick_unit_ms);
                self.tick_base = self.clock;
            }
            op::TICKCOUNT => {
                let count = self
                    .clock
                    .saturating_sub(self.tick_base)
                    .checked_div(self.tick_period)
                    .map_or(0, |n| n as u16);
                self.push(count)?;
            }
            op::CLEARTICK => self.tick_base = self.clock,
            op::KEY => {
                // The key's text stays on the stack; OP_KEY_COMPARE looks it up.
                let r = self.pop()?;
                self.text(r)?;
                self.push(r)?;
            }
            op::OP_KEY_COMPARE => {
                let value = lower(&self.pop_text()?);
                let key = self.pop_text()?;
                let same = self.keys.get(&key) == Some(&value[..]);
                self.push(u16::from(same))?;
            }
            op::INTKEY => {
                let key = self.pop_text()?;
                let n = self.keys.get(&key).map_or(0, parse_u16);
                self.push(n)?;
            }
            op::CLEARKEYS => self.keys.clear(),
            op::SEND_MESSAGE => {
                let topic = self.pop_text()?;
                let kind = self.pop()?;
                let value = self.pop()?;
                let text = if kind == 2 {
                    self.text(value)?
                } else {
                    value.to_string().into_bytes()
                };
                self.emit(EventKind::SendMessage { topic, text });
            }
            op::RECORD_TO_RPI => {
                let name = self.pop_text()?;
                let value = self.pop()?;
                self.emit(EventKind::RecordToPi { name, value });
            }
            op::CLOUD_RECORD | op::PUBLIC_CLOUD_RECORD => {
                let name = self.pop_text()?;
                let value = self.pop()?;
                self.emit(EventKind::CloudRecord {
                    public: code == op::PUBLIC_CLOUD_RECORD,
                    name,
                    value,
                });
            }
            op::SET_ANSWER => {
                let value = (self.pop()? & 0xFF) as u8;
                self.outputs.answer = value;
                self.emit(EventKind::Answer { value });
            }
            200..=234 => return self.raspberry_pi(code),
            _ => return self.exec_common(code),
        }
        Ok(Flow::Next)
    }

    pub(super) fn exec_legacy(&mut self, code: u8) -> R<Flow> {
        if code & legacy::CALL_FLAG != 0 {
            let lo = self.operand()?;
            let target = u16::from_be_bytes([code & 0x3F, lo]);
            return self.call(target, code & legacy::TAIL_CALL_FLAG != 0);
        }
        match code {
            op::M_A => self.talk_to(1),
            op::M_B => self.talk_to(2),
            legacy::M_AB => self.talk_to(3),
            legacy::M_C => self.talk_to(4),
            legacy::M_D => self.talk_to(8),
            legacy::M_CD => self.talk_to(12),
            legacy::M_ABCD => self.talk_to(15),
            op::RANDOM => {
                let r = self.random_below(0x8000);
                self.push(r)?;
            }
            55..=58 | 73..=84 => {
                let (switch, port) = match legacy::SENSORS.iter().position(|&c| c == code) {
                    Some(i) => (false, i),
                    None => (
                        true,
                        legacy::SWITCHES
                            .iter()
                            .position(|&c| c == code)
                            .unwrap_or(0),
                    ),
                };
                let port = port as u16 + 1;
                let v = if switch {
                    self.switch(port)
                } else {
                    self.sensor(port)
                };
                self.push(v)?;
            }
            61 | 62 => {
                let name = if code == 61 { "BSEND" } else { "BSR" };
                return Err(self.error(FaultCode::Halt, format!("{name} halts the legacy board")));
            }
            67 => {
                let value = self.pop()?;
                self.emit(EventKind::Send { value });
            }
            legacy::CL_I2C_START => {}
            op::SHOW => self.show_legacy()?,
            109..=127 => return Err(self.bad_opcode(code)),
            _ => return self.exec_common(code),
        }
        Ok(Flow::Next)
    }

    pub(super) fn bad_opcode(&self, code: u8) -> Fault {
        let set = match self.set {
            InstructionSet::V13 => "the 1.3",
            InstructionSet::Legacy => "the legacy",
        };
        self.error(
            FaultCode::BadOpcode,
            format!("{code} is not an opcode of {set} instruction set"),
        )
    }

    /// Opcodes with the same number and meaning in both sets.
    pub(super) fn exec_common(&mut self, code: u8) -> R<Flow> {
        match code {
            op::CODE_END => self.finish(EndReason::Finished),
            op::NUM8 => {
                let n = self.operand()?;
                self.push(u16::from(n))?;
            }
            op::NUM16 => {
                let n = self.operand16()?;
                self.push(n)?;
            }
            op::LIST => {
                let n = self.operand()?;
                return self.list(u16::from(n));
            }
            op::EOL => return self.eol(),
            op::EOLR => return self.eolr(),
            op::INPUT => {
                let k = self.operand()?;
                return self.input(k);
            }
            op::STOP => {
                if !self.leave_procedure()? {
                    self.finish(EndReason::Finished);
                }
            }
            op::OUTPUT => {
                let v = self.pop()?;
                if self.leave_procedure()? {
                    self.push(v)?;
                } else {
                    self.finish(EndReason::Finished);
                }
            }
            op::REPEAT => return self.repeat(),
            op::IF => return self.cond_if(),
            op::IFELSE => return self.cond_ifelse(),
            op::BEEP => self.emit(EventKind::Beep),
            op::NOTE => {
                let duration = self.pop()?;
                let pitch = self.pop()?;
                self.emit(EventKind::Note { pitch, duration });
                self.wait_units(duration);
            }
            op::WAITUNTIL => return self.wait_until(),
            op::FOREVER => return self.forever(),
            op::WAIT => {
                let t = self.pop()?;
                self.wait_units(t);
            }
            op::TIMER => self.push(self.timer())?,
            op::RESETT => self.timer_base = self.clock,
            op::SEND => {
                let value = self.pop()?;
                self.emit(EventKind::Send { value });
            }
            op::IR => {
                if !self.ir_new {
                    return Ok(self.block_on(Blocked::Ir));
                }
                self.ir_new = false;
                self.push(u16::from(self.ir))?;
            }
            op::NEWIR => self.push(u16::from(self.ir_new))?,
            op::OP_PLUS..=op::OP_XOR => {
                let b = self.pop()?;
                let a = self.pop()?;
                let v = self.binary(code, a, b)?;
                self.push(v)?;
            }
            op::OP_NOT => {
                let a = self.pop()?;
                self.push(u16::from(a == 0))?;
            }
            op::SETGLOBAL => {
                let v = self.pop()?;
                let slot = self.global_slot()?;
                self.globals[slot] = v;
            }
            op::GETGLOBAL => {
                let slot = self.global_slot()?;
                self.push(self.globals[slot])?;
            }
            op::ASET => {
                let v = self.pop()?;
                let at = self.array_address()?;
                self.array[at..at + 2].copy_from_slice(&v.to_be_bytes());
            }
            op::AGET => {
                let at = self.array_address()?;
                self.push(u16::from_be_bytes([self.array[at], self.array[at + 1]]))?;
            }
            op::RECORD => {
                let value = self.pop()?;
                let index = self.data_pointer;
                if usize::from(index) < DATA_LOG_WORDS {
                    self.data_log[usize::from(index)] = value;
                    self.data_count = self.data_count.max(index + 1);
                    self.data_pointer = index + 1;
                    self.emit(EventKind::Record { index, value });
                }
            }
            op::RECALL => {
                let index = usize::from(self.data_pointer);
                let v = self.data_log.get(index).copied().unwrap_or(0);
                if index < DATA_LOG_WORDS {
                    self.data_pointer += 1;
                }
                self.push(v)?;
            }
            op::RESETDP => self.data_pointer = 0,
            op::SETDP => self.data_pointer = self.pop()?,
            op::ERASE => {
                let count = self.pop()?;
                let n = usize::from(count).min(DATA_LOG_WORDS);
                self.data_log[..n].iter_mut().for_each(|w| *w = 0);
                if n >= usize::from(self.data_count) {
                    self.data_count = 0;
                }
                self.data_pointer = 0;
                self.emit(EventKind::Erase { count });
            }
            op::WHEN | op::WHENOFF => {}
            op::M_A => self.talk_to(1),
            op::M_B => self.talk_to(2),
            op::ON => self.set_motors(|m| m.on = true),
            op::ONFOR => {
                let t = self.pop()?;
                self.set_motors(|m| m.on = true);
                self.wait_units(t);
                if self.wait_until.is_some() {
                    self.pending_off = true;
                } else {
                    self.set_motors(|m| m.on = false);
                }
            }
            op::OFF | op::BRAKE => self.set_motors(|m| m.on = false),
            op::THISWAY => self.set_motors(|m| m.this_way = true),
            op::THATWAY => self.set_motors(|m| m.this_way = false),
            op::RD => self.set_motors(|m| m.this_way = !m.this_way),
            op::SETPOWER => {
                let p = self.pop()?;
                self.set_power(p);
            }
            op::STOPALL => {
                self.set_motors(|m| m.on = false);
                self.finish(EndReason::StopAll);
            }
            op::EB => {
                let at = self.program_address()?;
                self.push(u16::from(self.code[at]))?;
            }
            op::DB => {
                let v = self.pop()?;
                let at = self.program_address()?;
                self.code[at] = v as u8;
            }
            op::LOWBYTE => {
                let v = self.pop()?;
                self.push(v & 0xFF)?;
            }
            op::HIGHBYTE => {
                let v = self.pop()?;
                self.push(v >> 8)?;
            }
            op::LEDON => self.outputs.user_led = true,
            op::LEDOFF => self.outputs.user_led = false,
            op::SETH => {
                let v = self.pop()?;
                self.servos(|_| v);
            }
            op::LT => {
                let v = self.pop()?;
                self.servos(|a| a.saturating_sub(v));
            }
            op::RT => {
                let v = self.pop()?;
                self.servos(|a| a.saturating_add(v));
            }
            op::TALKTO => {
                let m = self.pop()?;
                self.talk_to(m);
            }
            op::CL_I2C_STOP => {}
            op::CL_I2C_WRITE => {
                self.pop()?;
            }
            op::CL_I2C_READ => {
                self.pop()?;
                self.push(0)?;
            }
            op::SERIAL => {
                if !self.serial_new {
                    return Ok(self.block_on(Blocked::Serial));
                }
                self.serial_new = false;
                self.push(u16::from(self.serial))?;
            }
            op::NEWSERIAL => self.push(u16::from(self.serial_new))?,
            op::RTC_INIT => {}
            op::RTC_GET_ITEM => {
                let item = usize::from(self.pop()?);
                let v = match self.inputs.rtc.get(item) {
                    Some(&v) if self.inputs.rtc_present => u16::from(v),
                    _ => RTC_ERROR,
                };
                self.push(v)?;
            }
            op::CLS => {
                self.outputs.short_text.clear();
                self.outputs.long_text.clear();
                self.emit(EventKind::ClearDisplay);
            }
            op::GETPOS => self.push(self.outputs.cursor)?,
            op::SETPOS => self.outputs.cursor = self.pop()?,
            op::TALK_TO_7SEG_1 => self.outputs.display_target = DisplayTarget::SevenSegment1,
            op::TALK_TO_7SEG_2 => self.outputs.display_target = DisplayTarget::SevenSegment2,
            op::TALK_TO_LCD_1 => self.outputs.display_target = DisplayTarget::Lcd1,
            op::TALK_TO_LCD_2 => self.outputs.display_target = DisplayTarget::Lcd2,
            op::I2C_WRITE_REGISTER => {
                let addr = self.pop()?;
                let reg = self.pop()?;
                let value = self.pop()?;
                self.emit(EventKind::I2cWrite { addr, reg, value });
            }
            op::I2C_READ_REGISTER => {
                self.pop()?;
                self.pop()?;
                // No I2C devices are simulated: a read answers 0.
                self.push(0)?;
            }
            _ => return Err(self.bad_opcode(code)),
        }
        Ok(Flow::Next)
    }

    /// Re-runs the current instruction next time (the program waits for an input).
    pub(super) fn block_on(&mut self, what: Blocked) -> Flow {
        self.blocked = Some(what);
        self.pc = self.op_pc;
        Flow::Yield
    }

    pub(super) fn binary(&self, code: u8, a: u16, b: u16) -> R<u16> {
        Ok(match code {
            op::OP_PLUS => a.wrapping_add(b),
            op::OP_MINUS => a.wrapping_sub(b),
            op::OP_MULTIPLY => a.wrapping_mul(b),
            op::OP_DIVISION | op::OP_MODULO if b == 0 => {
                return Err(self.error(FaultCode::DivideByZero, format!("{a} divided by zero")))
            }
            op::OP_DIVISION => a / b,
            op::OP_MODULO => a % b,
            op::OP_EQUAL => u16::from(a == b),
            op::OP_GREATER => u16::from(a > b),
            op::OP_LESS => u16::from(a < b),
            op::OP_AND => u16::from(a != 0 && b != 0),
            op::OP_OR => u16::from(a != 0 || b != 0),
            _ => a ^ b,
        })
    }

    pub(super) fn global_slot(&mut self) -> R<usize> {
        let slot = usize::from(self.pop()?);
        if slot < GLOBALS {
            Ok(slot)
        } else {
            Err(self.error(
                FaultCode::BadGlobal,
                format!("global variable {slot}: the board has {GLOBALS}"),
            ))
        }
    }

    /// `( base index -- )`: the byte address of an array element (2 bytes each).
    pub(super) fn array_address(&mut self) -> R<usize> {
        let index = usize::from(self.pop()?);
        let base = usize::from(self.pop()?);
        let at = base + 2 * index;
        if at + 1 < ARRAY_BYTES {
            Ok(at)
        } else {
            Err(self.error(
                FaultCode::BadAddress,
                format!("array address {at} is outside the {ARRAY_BYTES}-byte array memory"),
            ))
        }
    }

    pub(super) fn program_address(&mut self) -> R<usize> {
        let at = usize::from(self.pop()?);
        if at < self.code.len() {
            Ok(at)
        } else {
            Err(self.error(
                FaultCode::BadAddress,
                format!("program byte {at} is outside the program"),
            ))
        }
    }
}

/// The leading decimal digits of a key-value value (0 when there are none), wrapping
/// like the board's 16-bit arithmetic.
fn parse_u16(text: &[u8]) -> u16 {
    text.iter()
        .take_while(|b| b.is_ascii_digit())
        .fold(0u16, |n, &d| {
            n.wrapping_mul(10).wrapping_add(u16::from(d - b'0'))
        })
}

//! One instruction: decoding in the program's instruction set and its effect (reference
//! §4). Every failure is a [`Fault`]; nothing here panics.

use super::io::{lower, DisplayTarget, EndReason, EventKind, PiArg, PiReporter, PowerScale};
use super::io::{SwitchMode, DATA_LOG_WORDS, PORTS, SENSORS};
use super::{Blocked, Fault, FaultCode, Flow, Vm, ARRAY_BYTES, GLOBALS, INPUT_STACK_SIZE};
use super::{STACK_SIZE, STATE_CHANGES};
use crate::logo::opcodes::{legacy, op, InstructionSet};

type R<T> = Result<T, Fault>;

/// Legacy PWM duty for `setpower 0`…`7` (reference §4.5).
const LEGACY_DUTY: [u16; 8] = [0, 36, 73, 110, 146, 183, 219, 255];
/// The value the clock items read without an RTC, or for an unknown item.
const RTC_ERROR: u16 = 100;
/// Display modes of `SHOW` (reference §4.8).
const SHOW_NUMBER: u16 = 2;
const SHOW_SHORT: u16 = 3;
const SHOW_LONG: u16 = 5;

#[derive(Clone, Copy)]
enum Screen {
    Short,
    Long,
}

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

    // ---- helpers ---------------------------------------------------------------------------

    pub(super) fn error(&self, code: FaultCode, message: String) -> Fault {
        Fault {
            code,
            pc: self.op_pc.min(usize::from(u16::MAX)) as u16,
            opcode: self.code.get(self.op_pc).copied().unwrap_or(0),
            message,
        }
    }

    fn push(&mut self, v: u16) -> R<()> {
        if self.stack.len() >= STACK_SIZE {
            return Err(self.error(
                FaultCode::StackOverflow,
                format!("the data stack is full ({STACK_SIZE} values)"),
            ));
        }
        self.stack.push(v);
        Ok(())
    }

    fn pop(&mut self) -> R<u16> {
        match self.stack.pop() {
            Some(v) => Ok(v),
            None => Err(self.error(
                FaultCode::StackUnderflow,
                "the instruction needs a value the data stack does not hold".to_string(),
            )),
        }
    }

    fn pop_bool(&mut self) -> R<bool> {
        Ok(self.pop()? != 0)
    }

    fn operand(&mut self) -> R<u8> {
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

    fn operand16(&mut self) -> R<u16> {
        let hi = self.operand()?;
        let lo = self.operand()?;
        Ok(u16::from_be_bytes([hi, lo]))
    }

    fn jump(&mut self, to: u16) {
        // Checked when the next instruction is fetched.
        self.pc = usize::from(to);
    }

    fn delay(&mut self, ms: u64) {
        if ms > 0 {
            self.wait_until = Some(self.clock.saturating_add(ms));
        }
    }

    fn wait_units(&mut self, units: u16) {
        self.delay(u64::from(units) * u64::from(self.config.wait_unit_ms));
    }

    fn loop_delay(&mut self) {
        self.delay(u64::from(self.config.loop_delay_ms));
    }

    fn random_below(&mut self, n: u16) -> u16 {
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
    fn text(&self, reference: u16) -> R<Vec<u8>> {
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

    fn pop_text(&mut self) -> R<Vec<u8>> {
        let r = self.pop()?;
        self.text(r)
    }

    fn sensor(&self, port: u16) -> u16 {
        match usize::from(port).checked_sub(1) {
            Some(i) if i < SENSORS => self.inputs.sensors[i],
            _ => 0,
        }
    }

    fn switch(&self, port: u16) -> u16 {
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

    fn talk_to(&mut self, mask: u16) {
        self.outputs.talk_to = (mask & 0x0F) as u8;
    }

    /// Whether every motor in `mask` satisfies `test` (false for an empty mask).
    fn motors_all(&self, mask: u16, test: impl Fn(&super::Motor) -> bool) -> u16 {
        let mask = mask & 0x0F;
        let all = (0..PORTS)
            .filter(|i| mask & (1 << i) != 0)
            .all(|i| test(&self.outputs.motors[i]));
        u16::from(mask != 0 && all)
    }

    fn set_power(&mut self, level: u16) {
        let percent = match self.config.power_scale {
            PowerScale::Percent => level.min(100) as u8,
            PowerScale::Legacy => {
                let duty = LEGACY_DUTY
                    .get(usize::from(level))
                    .copied()
                    .unwrap_or_else(|| level.min(255));
                ((u32::from(duty) * 100 + 127) / 255) as u8
            }
        };
        self.set_motors(|m| {
            m.power_level = level;
            m.power = percent;
        });
    }

    fn servos(&mut self, f: impl Fn(u16) -> u16) {
        let mask = self.outputs.talk_to;
        for (i, s) in self.outputs.servos.iter_mut().enumerate() {
            if mask & (1 << i) != 0 {
                s.active = true;
                s.angle = f(s.angle).min(180);
            }
        }
    }

    fn show(&mut self, screen: Screen, mut text: Vec<u8>) {
        let screen = match (self.outputs.display_target, screen) {
            (DisplayTarget::Auto, s) => s,
            (DisplayTarget::SevenSegment1 | DisplayTarget::SevenSegment2, _) => Screen::Short,
            (DisplayTarget::Lcd1 | DisplayTarget::Lcd2, _) => Screen::Long,
        };
        match screen {
            Screen::Short => {
                self.outputs.short_text = text.clone();
                self.emit(EventKind::ShowShort(text));
            }
            Screen::Long => {
                text.truncate(255);
                self.outputs.long_text = text.clone();
                self.emit(EventKind::ShowLong(text));
            }
        }
    }

    fn show_number(&mut self, n: u16) {
        self.show(Screen::Short, n.to_string().into_bytes());
    }

    // ---- control flow (reference §4.3, §4.4) -----------------------------------------------

    /// `LIST n`: push the body's address, jump past it.
    fn list(&mut self, n: u16) -> R<Flow> {
        let body = self.pc;
        self.push(body as u16)?;
        self.pc = body + usize::from(n);
        Ok(Flow::Next)
    }

    fn eol(&mut self) -> R<Flow> {
        let x = self.pop()?;
        if usize::from(x) > self.pc {
            // The return address of an IF/IFELSE or of a loop's last pass.
            self.jump(x);
        } else {
            // A loop start: count 0 loops forever, count 1 was the last pass.
            self.jump(x);
            let mut count = self.pop()?;
            if count > 1 {
                count -= 1;
            }
            if count != 1 {
                self.push(count)?;
                self.push(x)?;
            }
        }
        self.loop_delay();
        Ok(Flow::Next)
    }

    fn eolr(&mut self) -> R<Flow> {
        if self.pop_bool()? {
            self.pop()?;
            let cont = self.pop()?;
            self.jump(cont);
        } else {
            let start = match self.stack.last() {
                Some(&a) => a,
                None => return self.pop().map(|_| Flow::Next),
            };
            self.jump(start);
            self.loop_delay();
        }
        Ok(Flow::Next)
    }

    fn repeat(&mut self) -> R<Flow> {
        let body = self.pop()?;
        let count = self.pop()?;
        self.push(self.pc as u16)?;
        if count > 1 {
            self.push(count)?;
            self.push(body)?;
            self.jump(body);
        } else if count == 1 {
            self.jump(body);
        } else {
            let cont = self.pop()?;
            self.jump(cont);
        }
        Ok(Flow::Next)
    }

    fn cond_if(&mut self) -> R<Flow> {
        let body = self.pop()?;
        if self.pop_bool()? {
            self.push(self.pc as u16)?;
            self.jump(body);
        }
        Ok(Flow::Next)
    }

    fn cond_ifelse(&mut self) -> R<Flow> {
        let no = self.pop()?;
        let yes = self.pop()?;
        let cond = self.pop_bool()?;
        self.push(self.pc as u16)?;
        self.jump(if cond { yes } else { no });
        Ok(Flow::Next)
    }

    fn if_state_change(&mut self) -> R<Flow> {
        let body = self.pop()?;
        let cond = self.pop_bool()?;
        let id = usize::from(self.pop()?);
        if id >= STATE_CHANGES {
            return Err(self.error(
                FaultCode::BadAddress,
                format!("ifstatechange id {id} is not below {STATE_CHANGES}"),
            ));
        }
        let before = std::mem::replace(&mut self.state_changes[id], cond);
        if cond && !before {
            self.push(self.pc as u16)?;
            self.jump(body);
        }
        Ok(Flow::Next)
    }

    fn forever(&mut self) -> R<Flow> {
        let body = self.pop()?;
        self.push(0)?;
        self.push(body)?;
        self.jump(body);
        Ok(Flow::Next)
    }

    fn wait_until(&mut self) -> R<Flow> {
        let body = self.pop()?;
        self.push(self.pc as u16)?;
        self.push(body)?;
        self.jump(body);
        Ok(Flow::Next)
    }

    /// A procedure call: inputs move from the data stack to the input stack (the first pop
    /// is input 0), then the frame: saved data-stack depth, return address, frame base.
    fn call(&mut self, target: u16, tail: bool) -> R<Flow> {
        let at = usize::from(target);
        let nparams = match self.code.get(at) {
            Some(&n) => usize::from(n),
            None => {
                return Err(self.error(
                    FaultCode::BadJump,
                    format!("call to byte {at}, outside the program"),
                ))
            }
        };
        if self.stack.len() < nparams {
            return Err(self.error(
                FaultCode::StackUnderflow,
                format!("the procedure at byte {at} takes {nparams} inputs"),
            ));
        }
        let mut ret = self.pc as u16;
        let mut depth = None;
        if tail && self.input_stack.len() >= 3 {
            // Legacy tail call: the callee replaces the current frame and returns where
            // it would have returned.
            let n = self.input_stack.len();
            let (base, r, d) = (
                self.input_stack[n - 1],
                self.input_stack[n - 2],
                self.input_stack[n - 3],
            );
            if usize::from(base) <= n - 3 {
                self.input_stack.truncate(usize::from(base));
                ret = r;
                depth = Some(d);
            }
        }
        if self.input_stack.len() + nparams + 3 > INPUT_STACK_SIZE {
            return Err(self.error(
                FaultCode::InputOverflow,
                format!(
                    "procedure calls nest too deep: the input stack holds {INPUT_STACK_SIZE} entries"
                ),
            ));
        }
        let base = self.input_stack.len() as u16;
        for _ in 0..nparams {
            let v = self.pop()?;
            self.input_stack.push(v);
        }
        let depth = depth.unwrap_or(self.stack.len() as u16);
        self.input_stack.extend_from_slice(&[depth, ret, base]);
        self.pc = at + 1;
        Ok(Flow::Next)
    }

    /// Leaves the current procedure; false when there is no frame (the first procedure).
    fn leave_procedure(&mut self) -> R<bool> {
        let n = self.input_stack.len();
        if n == 0 {
            return Ok(false);
        }
        if n < 3 {
            return Err(self.error(
                FaultCode::InputUnderflow,
                "the call frame is broken".to_string(),
            ));
        }
        let base = usize::from(self.input_stack[n - 1]);
        let ret = self.input_stack[n - 2];
        let depth = usize::from(self.input_stack[n - 3]);
        if base > n - 3 {
            return Err(self.error(
                FaultCode::InputUnderflow,
                "the call frame is broken".to_string(),
            ));
        }
        self.input_stack.truncate(base);
        // Dropping the values above the saved depth closes the procedure's open lists.
        self.stack.truncate(depth);
        self.jump(ret);
        Ok(true)
    }

    fn input(&mut self, k: u8) -> R<Flow> {
        let n = self.input_stack.len();
        let value = match self.input_stack.last() {
            Some(&base) if n >= 3 => {
                let at = usize::from(base) + usize::from(k);
                if at < n - 3 {
                    Some(self.input_stack[at])
                } else {
                    None
                }
            }
            _ => None,
        };
        match value {
            Some(v) => {
                self.push(v)?;
                Ok(Flow::Next)
            }
            None => Err(self.error(
                FaultCode::InputUnderflow,
                format!("input {k} does not exist here (the first procedure is not called and has no inputs)"),
            )),
        }
    }

    // ---- the instruction sets -------------------------------------------------------------

    fn exec_v13(&mut self, code: u8) -> R<Flow> {
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

    fn exec_legacy(&mut self, code: u8) -> R<Flow> {
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

    fn bad_opcode(&self, code: u8) -> Fault {
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
    fn exec_common(&mut self, code: u8) -> R<Flow> {
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
    fn block_on(&mut self, what: Blocked) -> Flow {
        self.blocked = Some(what);
        self.pc = self.op_pc;
        Flow::Yield
    }

    fn binary(&self, code: u8, a: u16, b: u16) -> R<u16> {
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

    fn global_slot(&mut self) -> R<usize> {
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
    fn array_address(&mut self) -> R<usize> {
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

    fn program_address(&mut self) -> R<usize> {
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

    /// 1.3 `SHOW`: mode 2 a number; 3 and 5 a `STRING` reference (short / long display).
    fn show_v13(&mut self) -> R<()> {
        match self.pop()? {
            SHOW_NUMBER => {
                let n = self.pop()?;
                self.show_number(n);
            }
            SHOW_SHORT => {
                let mut text = self.pop_text()?;
                text.truncate(4);
                self.show(Screen::Short, text);
            }
            SHOW_LONG => {
                let text = self.pop_text()?;
                self.show(Screen::Long, text);
            }
            // An unknown mode shows nothing.
            _ => {}
        }
        Ok(())
    }

    /// Legacy `SHOW`: mode 3 pops four characters (pushed in order), mode 5 a length then
    /// that many characters (pushed last first).
    fn show_legacy(&mut self) -> R<()> {
        match self.pop()? {
            SHOW_NUMBER => {
                let n = self.pop()?;
                self.show_number(n);
            }
            SHOW_SHORT => {
                let mut text = [0u8; 4];
                for c in text.iter_mut().rev() {
                    *c = self.pop()? as u8;
                }
                self.show(Screen::Short, text.to_vec());
            }
            SHOW_LONG => {
                let len = self.pop()?;
                let mut text = Vec::new();
                for _ in 0..len {
                    text.push(self.pop()? as u8);
                }
                self.show(Screen::Long, text);
            }
            _ => {}
        }
        Ok(())
    }

    /// Raspberry Pi commands and reporters (reference §2.4, opcodes 200–234).
    fn raspberry_pi(&mut self, code: u8) -> R<Flow> {
        let reporter = match code {
            op::FACEFOUND => Some(PiReporter::FaceFound),
            op::CAMERAISON => Some(PiReporter::CameraIsOn),
            op::ISFINDINGFACE => Some(PiReporter::IsFindingFace),
            op::SCREENTAPPED => Some(PiReporter::ScreenTapped),
            op::READRFID => Some(PiReporter::ReadRfid),
            op::RFIDTAGFOUND => Some(PiReporter::RfidTagFound),
            op::RFIDREADERFOUND => Some(PiReporter::RfidReaderFound),
            _ => None,
        };
        if let Some(r) = reporter {
            self.push(self.inputs.pi[r as usize])?;
            return Ok(Flow::Next);
        }
        // Arguments, popped last first, in Logo order.
        let args = match code {
            op::USECAMERA
            | op::CLOSECAMERA
            | op::STARTFINDFACE
            | op::STOPFINDFACE
            | op::TAKESNAPSHOT
            | op::USESMS
            | op::SENDSNAPSHOT
            | op::STOPSOUND
            | op::WIFICONNECT
            | op::WIFIDISCONNECT
            | op::REBOOT
            | op::SHUTDOWN
            | op::USERFID
            | op::CLOSERFID
            | op::RFIDBEEP => Vec::new(),
            op::PLAYSOUND | op::SHOWIMAGE | op::NEWRECORDFILE | op::SAY => {
                vec![PiArg::Text(self.pop_text()?)]
            }
            op::WRITERFID => vec![PiArg::Num(self.pop()?)],
            op::SENDSMS => {
                let number = self.pop_text()?;
                let text = self.pop_text()?;
                vec![PiArg::Text(number), PiArg::Text(text)]
            }
            op::SENDMAIL => {
                let to = self.pop_text()?;
                let subject = self.pop_text()?;
                let body = self.pop_text()?;
                vec![PiArg::Text(to), PiArg::Text(subject), PiArg::Text(body)]
            }
            op::SHOWLOGPLOT => {
                let file = self.pop_text()?;
                let count = self.pop()?;
                vec![PiArg::Num(count), PiArg::Text(file)]
            }
            _ => return Err(self.bad_opcode(code)),
        };
        self.emit(EventKind::Pi { opcode: code, args });
        Ok(Flow::Next)
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

//! The GoGo board's Logo byte-code VM, for the virtual board.
//!
//! It follows the reference's VM semantics (`logo-and-bytecode.md` §4, firmware B): 16-bit
//! unsigned values, a 64-entry data stack that also holds list addresses, loop counters and
//! return addresses, a 64-entry input stack for procedure inputs and call frames, 16
//! global variables, postfix control flow (§4.3), and the board's motors, servos, LEDs,
//! display, sensors, clock, data log and messages. It runs the 1.3 numbering (also used by
//! Logo 1.4 and 2.1) and the legacy numbering of Logo 1.2.
//!
//! The VM is pure and bounded:
//! - [`Vm::run`] executes at most `budget` instructions and returns; nothing loops inside.
//! - Time is virtual: the host passes its clock in milliseconds. `wait`, `onfor`, the timer,
//!   the tick counter and the firmware's 10 ms pause after each list pass use it; nothing
//!   reads a real clock.
//! - A stack overflow or underflow, a bad opcode, a jump out of the program, a division by
//!   zero and the like stop the program with a [`Fault`] (code, address, message). No
//!   input makes it panic.
//!
//! The host sets [`Inputs`] (sensors, switches, clock, Raspberry Pi flags), sends IR codes,
//! serial bytes and key-value messages, reads [`Outputs`] and drains [`Event`]s (beeps,
//! display changes, records, messages) after each step; [`snapshot`] encodes both for the
//! C ABI. Choices where the reference is silent are listed in `docs/virtual-board-vm.md`.

mod control;
mod exec;
pub mod fault;
pub mod io;
mod outputs;
pub mod snapshot;

pub use fault::{Fault, FaultCode};
pub use io::{
    DisplayTarget, EndReason, Event, EventKind, Inputs, Motor, Outputs, PiArg, PowerScale, Servo,
    SwitchMode,
};

use crate::logo::opcodes::InstructionSet;
use crate::logo::MAX_BYTE_CODE_LENGTH;
use io::{KeyValues, DATA_LOG_WORDS};
use std::collections::VecDeque;

/// Data-stack entries (reference §4.1).
pub const STACK_SIZE: usize = 64;
/// Input-stack entries: procedure inputs plus three words per call frame.
pub const INPUT_STACK_SIZE: usize = 64;
/// Global variable slots of the firmware.
pub const GLOBALS: usize = 16;
/// Array memory (`ASET`/`AGET`), bytes; two per element.
pub const ARRAY_BYTES: usize = 512;
/// `ifstatechange` ids the VM remembers.
pub const STATE_CHANGES: usize = 256;
/// Events kept until the host drains them; older ones are dropped (and counted) first.
pub const EVENT_QUEUE: usize = 256;
/// The largest program the VM loads (the board's program area).
pub const MAX_PROGRAM: usize = MAX_BYTE_CODE_LENGTH;

/// Per-board settings. Units are milliseconds per program unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VmConfig {
    /// One unit of `wait`, `onfor` and `note` (0.1 s on GoGo 4/5, reference §4.6).
    pub wait_unit_ms: u32,
    /// One unit of `timer` (1 ms, as Cricket Logo and the 1.3 samples assume).
    pub timer_unit_ms: u32,
    /// One unit of `settickrate` (assumed equal to the wait unit).
    pub tick_unit_ms: u32,
    /// The firmware's pause after every list pass and failed `waituntil` test (10 ms).
    pub loop_delay_ms: u32,
    pub power_scale: PowerScale,
    pub switch_mode: SwitchMode,
    /// Mixed with the start time to seed `random`.
    pub seed: u32,
}

impl Default for VmConfig {
    fn default() -> Self {
        VmConfig {
            wait_unit_ms: 100,
            timer_unit_ms: 1,
            tick_unit_ms: 100,
            loop_delay_ms: 10,
            power_scale: PowerScale::Percent,
            switch_mode: SwitchMode::SensorLow,
            seed: 0x6060_B0A2,
        }
    }
}

impl VmConfig {
    /// The same settings with every unit at least 1 ms (a zero unit would make `timer`
    /// divide by zero); the loop delay may be 0.
    pub fn sanitized(self) -> Self {
        VmConfig {
            wait_unit_ms: self.wait_unit_ms.max(1),
            timer_unit_ms: self.timer_unit_ms.max(1),
            tick_unit_ms: self.tick_unit_ms.max(1),
            ..self
        }
    }
}

/// Where the program is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunState {
    /// Loaded or powered on, never run.
    Idle,
    Running,
    /// Ended by itself (`CODE_END`, `stopall`, `stop` in the first procedure).
    Done,
    /// Stopped by the host.
    Stopped,
    Faulted,
}

/// What one [`Vm::run`] call did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunReport {
    /// Instructions executed in this call (never more than the budget).
    pub executed: u32,
    pub state: RunState,
    /// While the program waits: the virtual time it wakes at.
    pub wake_at_ms: Option<u64>,
}

/// What an instruction tells the run loop.
enum Flow {
    Next,
    /// Stop this run call here (the instruction waits for an input; it runs again next time).
    Yield,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Blocked {
    Ir,
    Serial,
}

/// Errors of [`Vm::load`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    TooLarge(usize),
}

pub struct Vm {
    config: VmConfig,
    set: InstructionSet,
    code: Vec<u8>,
    loaded: bool,
    autorun: bool,
    state: RunState,
    pc: usize,
    /// Address of the instruction being executed (for faults and blocking re-runs).
    op_pc: usize,
    stack: Vec<u16>,
    input_stack: Vec<u16>,
    globals: [u16; GLOBALS],
    array: [u8; ARRAY_BYTES],
    state_changes: [bool; STATE_CHANGES],
    wait_until: Option<u64>,
    /// `onfor`: turn the talked-to motors off when the wait ends.
    pending_off: bool,
    blocked: Option<Blocked>,
    /// Virtual time of the instruction being executed.
    clock: u64,
    timer_base: u64,
    tick_base: u64,
    tick_period: u64,
    rng: u32,
    /// Level inputs; the host may change them at any time.
    pub inputs: Inputs,
    outputs: Outputs,
    data_log: Vec<u16>,
    data_pointer: u16,
    data_count: u16,
    keys: KeyValues,
    ir: u8,
    ir_new: bool,
    serial: u8,
    serial_new: bool,
    events: VecDeque<Event>,
    events_dropped: u32,
    fault: Option<Fault>,
    executed: u64,
}

impl Default for Vm {
    fn default() -> Self {
        Vm::new(VmConfig::default())
    }
}

impl Vm {
    pub fn new(config: VmConfig) -> Self {
        let config = config.sanitized();
        Vm {
            config,
            set: InstructionSet::V13,
            code: Vec::new(),
            loaded: false,
            autorun: false,
            state: RunState::Idle,
            pc: 0,
            op_pc: 0,
            stack: Vec::with_capacity(STACK_SIZE),
            input_stack: Vec::with_capacity(INPUT_STACK_SIZE),
            globals: [0; GLOBALS],
            array: [0; ARRAY_BYTES],
            state_changes: [false; STATE_CHANGES],
            wait_until: None,
            pending_off: false,
            blocked: None,
            clock: 0,
            timer_base: 0,
            tick_base: 0,
            tick_period: 0,
            rng: 1,
            inputs: Inputs::default(),
            outputs: Outputs::new(config.power_scale),
            data_log: vec![0; DATA_LOG_WORDS],
            data_pointer: 0,
            data_count: 0,
            keys: KeyValues::default(),
            ir: 0,
            ir_new: false,
            serial: 0,
            serial_new: false,
            events: VecDeque::new(),
            events_dropped: 0,
            fault: None,
            executed: 0,
        }
    }

    pub fn config(&self) -> VmConfig {
        self.config
    }

    /// Changes the board settings; a running program keeps running with the new units.
    pub fn configure(&mut self, config: VmConfig) {
        self.config = config.sanitized();
    }

    /// Loads a program (the bytes the download wrote) in an instruction set. A running
    /// program stops first; globals, arrays and the program state are reset. The data log,
    /// key-value messages and outputs stay, as they do on a board.
    pub fn load(&mut self, code: &[u8], set: InstructionSet) -> Result<(), LoadError> {
        if code.len() > MAX_PROGRAM {
            return Err(LoadError::TooLarge(code.len()));
        }
        self.halt_by_host();
        self.code = code.to_vec();
        self.set = set;
        self.loaded = true;
        self.state = RunState::Idle;
        self.pc = 0;
        self.op_pc = 0;
        self.stack.clear();
        self.input_stack.clear();
        self.globals = [0; GLOBALS];
        self.array = [0; ARRAY_BYTES];
        self.fault = None;
        Ok(())
    }

    pub fn program(&self) -> &[u8] {
        &self.code
    }

    pub fn instruction_set(&self) -> InstructionSet {
        self.set
    }

    /// The autorun flag (`CMD_AUTORUN_STATE`): run the program at power-on.
    pub fn set_autorun(&mut self, on: bool) {
        self.autorun = on;
    }

    pub fn autorun(&self) -> bool {
        self.autorun
    }

    /// Power-on or reset: stops the program, turns every output off, clears the display,
    /// restarts the timer, then runs the program when the autorun flag is set.
    pub fn power_on(&mut self, now_ms: u64) {
        self.halt_by_host();
        self.clock = self.clock.max(now_ms);
        self.outputs = Outputs::new(self.config.power_scale);
        self.timer_base = self.clock;
        self.state = RunState::Idle;
        if self.autorun {
            self.start(now_ms);
        }
    }

    /// Runs the program from its start (run button, `CMD_LOGO_CONTROL 1`). Returns false
    /// when no program is loaded.
    pub fn start(&mut self, now_ms: u64) -> bool {
        if !self.loaded || self.code.is_empty() {
            return false;
        }
        self.halt_by_host();
        self.clock = self.clock.max(now_ms);
        self.state = RunState::Running;
        self.pc = 0;
        self.op_pc = 0;
        self.stack.clear();
        self.input_stack.clear();
        self.wait_until = None;
        self.pending_off = false;
        self.blocked = None;
        self.state_changes = [false; STATE_CHANGES];
        self.tick_base = self.clock;
        self.tick_period = 0;
        self.fault = None;
        self.executed = 0;
        // The firmware seeds its generator from the timer.
        self.rng = (self.config.seed ^ (self.clock as u32).wrapping_mul(0x9E37_79B9)).max(1);
        self.serial_new = false;
        self.emit(EventKind::Started);
        true
    }

    /// Stops the program as the stop button does (reference §4.2): the wait and a pending
    /// `onfor` are cancelled, every motor turns off and the display clears.
    pub fn stop(&mut self, now_ms: u64) {
        self.clock = self.clock.max(now_ms);
        if self.state == RunState::Running {
            self.halt_by_host();
            for m in &mut self.outputs.motors {
                m.on = false;
            }
            self.clear_display();
        }
    }

    /// Runs when stopped, stops when running (`CMD_LOGO_CONTROL 2`).
    pub fn toggle(&mut self, now_ms: u64) {
        if self.state == RunState::Running {
            self.stop(now_ms);
        } else {
            self.start(now_ms);
        }
    }

    /// `CMD_LOGO_CONTROL`: 0 stop, 1 run, 2 toggle; other values do nothing.
    pub fn control(&mut self, action: u8, now_ms: u64) {
        match action {
            0 => self.stop(now_ms),
            1 => {
                self.start(now_ms);
            }
            2 => self.toggle(now_ms),
            _ => {}
        }
    }

    /// A new code from the IR remote (`ir`, `newir?`).
    pub fn receive_ir(&mut self, code: u8) {
        self.ir = code;
        self.ir_new = true;
    }

    /// A new byte on the serial link (`serial`, `newserial?`).
    pub fn receive_serial(&mut self, byte: u8) {
        self.serial = byte;
        self.serial_new = true;
    }

    /// A key-value message (`key`, `intkey`); an empty value is ignored.
    pub fn receive_key_value(&mut self, key: &[u8], value: &[u8]) {
        self.keys.set(key, value);
    }

    pub fn state(&self) -> RunState {
        self.state
    }

    pub fn fault(&self) -> Option<&Fault> {
        self.fault.as_ref()
    }

    pub fn outputs(&self) -> &Outputs {
        &self.outputs
    }

    pub fn globals(&self) -> &[u16; GLOBALS] {
        &self.globals
    }

    pub fn pc(&self) -> usize {
        self.pc
    }

    pub fn stack_depth(&self) -> usize {
        self.stack.len()
    }

    pub fn input_stack_depth(&self) -> usize {
        self.input_stack.len()
    }

    /// The data log words recorded so far (index 0 up to the highest written).
    pub fn data_log(&self) -> &[u16] {
        &self.data_log[..usize::from(self.data_count)]
    }

    pub fn data_pointer(&self) -> u16 {
        self.data_pointer
    }

    /// Virtual time the VM has reached.
    pub fn clock_ms(&self) -> u64 {
        self.clock
    }

    /// When the program waits: the time it wakes.
    pub fn wake_at_ms(&self) -> Option<u64> {
        if self.state == RunState::Running {
            self.wait_until
        } else {
            None
        }
    }

    /// The program waits for an IR code or a serial byte.
    pub fn is_blocked(&self) -> bool {
        self.state == RunState::Running && self.blocked.is_some()
    }

    /// Instructions executed since the program started.
    pub fn executed(&self) -> u64 {
        self.executed
    }

    /// `timer` as the program would read it now.
    pub fn timer(&self) -> u16 {
        ((self.clock - self.timer_base.min(self.clock)) / u64::from(self.config.timer_unit_ms))
            as u16
    }

    pub fn key_value(&self, key: &[u8]) -> Option<&[u8]> {
        self.keys.get(key)
    }

    /// Takes the events that happened since the last call, oldest first.
    pub fn drain_events(&mut self) -> Vec<Event> {
        self.events_dropped = 0;
        self.events.drain(..).collect()
    }

    /// Events dropped since the last drain because the queue was full.
    pub fn events_dropped(&self) -> u32 {
        self.events_dropped
    }

    /// Executes at most `budget` instructions at virtual time `now_ms` (never earlier than
    /// the time already reached). Returns early when the program waits past `now_ms`, waits
    /// for an input, ends or faults.
    pub fn run(&mut self, budget: u32, now_ms: u64) -> RunReport {
        let now = now_ms.max(self.clock);
        if self.wait_until.is_none() {
            self.clock = now;
        }
        let mut executed = 0u32;
        while self.state == RunState::Running {
            if let Some(until) = self.wait_until {
                if until > now {
                    break;
                }
                // Wake at the exact moment the wait ends, even when the host steps coarsely.
                self.clock = self.clock.max(until);
                self.wait_until = None;
                if self.pending_off {
                    self.pending_off = false;
                    self.set_motors(|m| m.on = false);
                }
            }
            if executed >= budget {
                break;
            }
            executed += 1;
            self.executed += 1;
            match self.step() {
                Ok(Flow::Next) => {}
                Ok(Flow::Yield) => break,
                Err(fault) => self.fail(fault),
            }
        }
        if self.wait_until.is_none() {
            self.clock = now;
        }
        RunReport {
            executed,
            state: self.state,
            wake_at_ms: self.wake_at_ms(),
        }
    }

    // ---- internals shared with exec ------------------------------------------------------

    fn emit(&mut self, kind: EventKind) {
        if self.events.len() >= EVENT_QUEUE {
            self.events.pop_front();
            self.events_dropped = self.events_dropped.saturating_add(1);
        }
        self.events.push_back(Event {
            at_ms: self.clock,
            kind,
        });
    }

    /// Ends the program by itself.
    fn finish(&mut self, reason: EndReason) {
        self.state = RunState::Done;
        self.wait_until = None;
        self.pending_off = false;
        self.blocked = None;
        self.emit(EventKind::Ended(reason));
    }

    /// Stops a running program on the host's behalf (outputs are the caller's business).
    fn halt_by_host(&mut self) {
        if self.state == RunState::Running {
            self.state = RunState::Stopped;
            self.emit(EventKind::Ended(EndReason::Stopped));
        }
        self.wait_until = None;
        self.pending_off = false;
        self.blocked = None;
    }

    fn fail(&mut self, fault: Fault) {
        self.state = RunState::Faulted;
        self.wait_until = None;
        self.pending_off = false;
        self.blocked = None;
        // The board halts; a robot should not drive on.
        self.set_motors(|m| m.on = false);
        self.fault = Some(fault);
        self.emit(EventKind::Ended(EndReason::Fault));
    }

    fn set_motors(&mut self, f: impl Fn(&mut Motor)) {
        let mask = self.outputs.talk_to;
        for (i, m) in self.outputs.motors.iter_mut().enumerate() {
            if mask & (1 << i) != 0 {
                f(m);
            }
        }
    }

    fn clear_display(&mut self) {
        if !self.outputs.short_text.is_empty() || !self.outputs.long_text.is_empty() {
            self.outputs.short_text.clear();
            self.outputs.long_text.clear();
            self.emit(EventKind::ClearDisplay);
        }
    }
}

#[cfg(test)]
mod tests;

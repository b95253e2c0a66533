//! Binary forms of the VM's state for the C ABI (decoded by `src/core/wasm-core.ts`).
//! All numbers are little-endian. The layouts are documented in `docs/virtual-board-vm.md`.
//!
//! - [`encode`]: the snapshot (fixed 100-byte header, display texts, fault) followed by the
//!   drained events.
//! - [`decode_config`]: seven u32 settings.
//! - [`decode_inputs`]: the 40-byte input block.

use super::io::{Event, EventKind, Inputs, PiArg, PowerScale, SwitchMode};
use super::io::{PI_REPORTERS, PORTS, SENSORS};
use super::{RunState, Vm, VmConfig, GLOBALS};
use crate::logo::opcodes::InstructionSet;

/// Version of the snapshot layout (first byte).
pub const FORMAT: u8 = 1;
/// Bytes before the variable part.
pub const HEADER_BYTES: usize = 100;
/// Bytes of the settings block.
pub const CONFIG_BYTES: usize = 28;
/// Bytes of the input block.
pub const INPUT_BYTES: usize = 40;

slot_table! {
    /// Event type numbers of the snapshot.
    pub mod event: u8 {
        BEEP = 1,
        NOTE = 2,
        SHOW_SHORT = 3,
        SHOW_LONG = 4,
        CLEAR_DISPLAY = 5,
        RECORD = 6,
        ERASE = 7,
        CLOUD_RECORD = 8,
        RECORD_TO_PI = 9,
        SEND_MESSAGE = 10,
        I2C_WRITE = 11,
        PI = 12,
        SEND = 13,
        STARTED = 14,
        ENDED = 15,
        ANSWER = 16,
    }
}

/// The run state as the snapshot numbers it (byte 1, in this order): [`RunState`] with
/// a running program's waits told apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StateNumber {
    Idle,
    Running,
    /// Running, waiting for a time (`wait`, `onfor`).
    Waiting,
    /// Running, waiting for an input (`ir`, `serial`).
    Blocked,
    Done,
    Stopped,
    Faulted,
}

codes!(StateNumber: Idle = "idle", Running = "running", Waiting = "waiting", Blocked = "blocked", Done = "done", Stopped = "stopped", Faulted = "faulted");

/// Run-state numbers of the snapshot (byte 1).
pub fn state_number(vm: &Vm) -> u8 {
    let state = match vm.state() {
        RunState::Idle => StateNumber::Idle,
        RunState::Running if vm.is_blocked() => StateNumber::Blocked,
        RunState::Running if vm.wake_at_ms().is_some() => StateNumber::Waiting,
        RunState::Running => StateNumber::Running,
        RunState::Done => StateNumber::Done,
        RunState::Stopped => StateNumber::Stopped,
        RunState::Faulted => StateNumber::Faulted,
    };
    state as u8
}

fn put16(out: &mut Vec<u8>, v: u16) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn put_text(out: &mut Vec<u8>, text: &[u8]) {
    let n = text.len().min(255);
    out.push(n as u8);
    out.extend_from_slice(&text[..n]);
}

fn mask(f: impl Fn(usize) -> bool) -> u8 {
    (0..PORTS).fold(0, |m, i| if f(i) { m | 1 << i } else { m })
}

/// The snapshot followed by the events since the last drain (which this drains).
pub fn encode(vm: &mut Vm) -> Vec<u8> {
    let dropped = vm.events_dropped();
    let events = vm.drain_events();
    let o = vm.outputs();
    let mut out = Vec::with_capacity(HEADER_BYTES + 64 + events.len() * 16);
    out.push(FORMAT);
    out.push(state_number(vm));
    out.push(match vm.instruction_set() {
        InstructionSet::V13 => 0,
        InstructionSet::Legacy => 1,
    });
    let flags = u8::from(o.user_led)
        | u8::from(vm.autorun()) << 1
        | u8::from(!vm.program().is_empty()) << 2
        | u8::from(dropped > 0) << 3;
    out.push(flags);
    put16(&mut out, vm.pc().min(usize::from(u16::MAX)) as u16);
    out.push(vm.stack_depth() as u8);
    out.push(vm.input_stack_depth() as u8);
    out.push(o.talk_to);
    out.push(mask(|i| o.motors[i].on));
    out.push(mask(|i| o.motors[i].this_way));
    out.push(mask(|i| o.servos[i].active));
    out.extend(o.motors.iter().map(|m| m.power));
    for s in &o.servos {
        put16(&mut out, s.angle);
    }
    for m in &o.motors {
        put16(&mut out, m.power_level);
    }
    out.push(o.display_target as u8);
    out.push(vm.fault().map_or(0, |f| f.code.number()));
    put16(&mut out, o.cursor);
    put16(&mut out, o.node);
    put16(&mut out, vm.data_pointer());
    put16(&mut out, vm.data_log().len() as u16);
    put16(&mut out, vm.timer());
    out.extend_from_slice(&dropped.to_le_bytes());
    out.extend_from_slice(&(vm.clock_ms() as f64).to_le_bytes());
    let wake = vm.wake_at_ms().map_or(-1.0, |t| t as f64);
    out.extend_from_slice(&wake.to_le_bytes());
    out.extend_from_slice(&(vm.executed() as u32).to_le_bytes());
    for &g in vm.globals().iter().take(GLOBALS) {
        put16(&mut out, g);
    }
    debug_assert_eq!(out.len(), HEADER_BYTES);
    let o = vm.outputs();
    put_text(&mut out, &o.short_text);
    put_text(&mut out, &o.long_text);
    if let Some(f) = vm.fault() {
        put16(&mut out, f.pc);
        out.push(f.opcode);
        put_text(&mut out, f.message.as_bytes());
    }
    put16(&mut out, events.len() as u16);
    for e in &events {
        encode_event(&mut out, e);
    }
    out
}

/// `type u8, at_ms f64, length u16, payload`.
fn encode_event(out: &mut Vec<u8>, e: &Event) {
    let mut p = Vec::new();
    let kind = match &e.kind {
        EventKind::Beep => event::BEEP,
        EventKind::Note { pitch, duration } => {
            put16(&mut p, *pitch);
            put16(&mut p, *duration);
            event::NOTE
        }
        EventKind::ShowShort(t) => {
            p.extend_from_slice(t);
            event::SHOW_SHORT
        }
        EventKind::ShowLong(t) => {
            p.extend_from_slice(t);
            event::SHOW_LONG
        }
        EventKind::ClearDisplay => event::CLEAR_DISPLAY,
        EventKind::Record { index, value } => {
            put16(&mut p, *index);
            put16(&mut p, *value);
            event::RECORD
        }
        EventKind::Erase { count } => {
            put16(&mut p, *count);
            event::ERASE
        }
        EventKind::CloudRecord {
            public,
            name,
            value,
        } => {
            p.push(u8::from(*public));
            put16(&mut p, *value);
            p.extend_from_slice(name);
            event::CLOUD_RECORD
        }
        EventKind::RecordToPi { name, value } => {
            put16(&mut p, *value);
            p.extend_from_slice(name);
            event::RECORD_TO_PI
        }
        EventKind::SendMessage { topic, text } => {
            put_text(&mut p, topic);
            p.extend_from_slice(text);
            event::SEND_MESSAGE
        }
        EventKind::I2cWrite { addr, reg, value } => {
            put16(&mut p, *addr);
            put16(&mut p, *reg);
            put16(&mut p, *value);
            event::I2C_WRITE
        }
        EventKind::Pi { opcode, args } => {
            p.push(*opcode);
            p.push(args.len() as u8);
            for a in args {
                match a {
                    PiArg::Num(n) => {
                        p.push(0);
                        put16(&mut p, *n);
                    }
                    PiArg::Text(t) => {
                        p.push(1);
                        put_text(&mut p, t);
                    }
                }
            }
            event::PI
        }
        EventKind::Send { value } => {
            put16(&mut p, *value);
            event::SEND
        }
        EventKind::Answer { value } => {
            p.push(*value);
            event::ANSWER
        }
        EventKind::Started => event::STARTED,
        EventKind::Ended(reason) => {
            p.push(*reason as u8);
            event::ENDED
        }
    };
    out.push(kind);
    out.extend_from_slice(&(e.at_ms as f64).to_le_bytes());
    put16(out, p.len().min(usize::from(u16::MAX)) as u16);
    out.extend_from_slice(&p);
}

fn u32_at(b: &[u8], i: usize) -> u32 {
    u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]])
}

fn u16_at(b: &[u8], i: usize) -> u16 {
    u16::from_le_bytes([b[i], b[i + 1]])
}

/// Settings: wait unit, timer unit, tick unit, loop delay (ms), power scale (0 percent,
/// 1 legacy), switch mode (0 sensor below 512, 1 sensor 512 or more, 2 host), seed.
pub fn decode_config(b: &[u8]) -> Result<VmConfig, String> {
    if b.len() != CONFIG_BYTES {
        return Err(format!(
            "the settings block has {} bytes, not {CONFIG_BYTES}",
            b.len()
        ));
    }
    let power_scale = match u32_at(b, 16) {
        0 => PowerScale::Percent,
        1 => PowerScale::Legacy,
        n => return Err(format!("unknown power scale {n}")),
    };
    let switch_mode = match u32_at(b, 20) {
        0 => SwitchMode::SensorLow,
        1 => SwitchMode::SensorHigh,
        2 => SwitchMode::Host,
        n => return Err(format!("unknown switch mode {n}")),
    };
    Ok(VmConfig {
        wait_unit_ms: u32_at(b, 0),
        timer_unit_ms: u32_at(b, 4),
        tick_unit_ms: u32_at(b, 8),
        loop_delay_ms: u32_at(b, 12),
        power_scale,
        switch_mode,
        seed: u32_at(b, 24),
    }
    .sanitized())
}

/// The input block: sensors 1–8 (u16 each, clamped to 0–1023), switch bits, flags (bit 0:
/// an RTC is present), clock items (7 bytes), a spare byte, Raspberry Pi reporters (7 × u16).
pub fn decode_inputs(b: &[u8]) -> Result<Inputs, String> {
    if b.len() != INPUT_BYTES {
        return Err(format!(
            "the input block has {} bytes, not {INPUT_BYTES}",
            b.len()
        ));
    }
    let mut inputs = Inputs::default();
    for (i, s) in inputs.sensors.iter_mut().enumerate().take(SENSORS) {
        *s = u16_at(b, 2 * i).min(1023);
    }
    inputs.switches = b[16];
    inputs.rtc_present = b[17] & 1 != 0;
    inputs.rtc.copy_from_slice(&b[18..25]);
    for (i, p) in inputs.pi.iter_mut().enumerate().take(PI_REPORTERS) {
        *p = u16_at(b, 26 + 2 * i);
    }
    Ok(inputs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_and_inputs_round_trip_and_reject_bad_sizes() {
        let mut b = Vec::new();
        for v in [50u32, 0, 10, 0, 1, 2, 7] {
            b.extend_from_slice(&v.to_le_bytes());
        }
        let c = decode_config(&b).expect("valid");
        assert_eq!(c.wait_unit_ms, 50);
        assert_eq!(c.timer_unit_ms, 1, "a zero unit becomes 1 ms");
        assert_eq!(c.loop_delay_ms, 0);
        assert_eq!(c.power_scale, PowerScale::Legacy);
        assert_eq!(c.switch_mode, SwitchMode::Host);
        assert!(decode_config(&b[..27]).is_err());
        b[20] = 9;
        assert!(decode_config(&b).is_err());

        let mut i = vec![0u8; INPUT_BYTES];
        i[0..2].copy_from_slice(&600u16.to_le_bytes());
        i[14..16].copy_from_slice(&5000u16.to_le_bytes());
        i[16] = 0b101;
        i[17] = 0;
        i[18..25].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7]);
        i[26..28].copy_from_slice(&1u16.to_le_bytes());
        let inputs = decode_inputs(&i).expect("valid");
        assert_eq!(inputs.sensors[0], 600);
        assert_eq!(inputs.sensors[7], 1023, "clamped to 10 bits");
        assert_eq!(inputs.switches, 0b101);
        assert!(!inputs.rtc_present);
        assert_eq!(inputs.rtc, [1, 2, 3, 4, 5, 6, 7]);
        assert_eq!(inputs.pi[0], 1);
        assert!(decode_inputs(&i[1..]).is_err());
    }
}

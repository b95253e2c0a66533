//! Unit tests per opcode group, on hand-assembled 1.3 and legacy byte code.

use super::*;
use crate::logo::opcodes::{legacy, op, InstructionSet, LEGACY, V13};

const N: u8 = op::NUM8;

fn loaded(code: &[u8], set: InstructionSet) -> Vm {
    let mut vm = Vm::default();
    vm.load(code, set).expect("loads");
    assert!(vm.start(0));
    vm
}

fn vm13(code: &[u8]) -> Vm {
    loaded(code, InstructionSet::V13)
}

/// Runs in 1 ms steps until the program is no longer running (or `limit_ms` passes).
fn run_until_end(vm: &mut Vm, limit_ms: u64) -> u64 {
    let mut t = vm.clock_ms();
    while vm.state() == RunState::Running && t <= limit_ms {
        vm.run(10_000, t);
        if vm.state() == RunState::Running {
            t += 1;
        }
    }
    t
}

/// Runs a straight-line program to its end and returns the data stack's top value,
/// captured with a trailing `NUM8 0 SETGLOBAL` (global 0).
fn eval(expr: &[u8]) -> u16 {
    let mut code = vec![N, 0];
    code.extend_from_slice(expr);
    code.extend_from_slice(&[op::SETGLOBAL, op::CODE_END]);
    let mut vm = vm13(&code);
    run_until_end(&mut vm, 100);
    assert_eq!(vm.state(), RunState::Done, "{:?}", vm.fault());
    vm.globals()[0]
}

fn fault_of(code: &[u8], set: InstructionSet) -> Fault {
    let mut vm = loaded(code, set);
    run_until_end(&mut vm, 10_000);
    assert_eq!(vm.state(), RunState::Faulted);
    vm.fault().cloned().expect("fault recorded")
}

fn beeps(events: &[Event]) -> usize {
    events.iter().filter(|e| e.kind == EventKind::Beep).count()
}

fn kinds(vm: &mut Vm) -> Vec<EventKind> {
    vm.drain_events().into_iter().map(|e| e.kind).collect()
}

// ---- literals, arithmetic, logic ------------------------------------------------------------

#[test]
fn literals_and_16_bit_unsigned_arithmetic() {
    assert_eq!(eval(&[N, 200]), 200);
    assert_eq!(eval(&[op::NUM16, 0x03, 0xE8]), 1000);
    assert_eq!(eval(&[N, 7, N, 5, op::OP_PLUS]), 12);
    assert_eq!(eval(&[N, 0, N, 5, op::OP_MINUS]), 65531, "wraps like int16");
    assert_eq!(
        eval(&[op::NUM16, 1, 0, op::NUM16, 1, 0, op::OP_MULTIPLY]),
        0
    );
    assert_eq!(eval(&[N, 7, N, 2, op::OP_DIVISION]), 3);
    assert_eq!(eval(&[N, 7, N, 2, op::OP_MODULO]), 1);
    assert_eq!(
        eval(&[N, 0, N, 5, op::OP_MINUS, N, 3, op::OP_GREATER]),
        1,
        "unsigned"
    );
    assert_eq!(eval(&[N, 3, N, 3, op::OP_EQUAL]), 1);
    assert_eq!(eval(&[N, 3, N, 4, op::OP_LESS]), 1);
    assert_eq!(eval(&[N, 4, N, 4, op::OP_GREATER_OR_EQUAL]), 1);
    assert_eq!(eval(&[N, 5, N, 4, op::OP_LESS_OR_EQUAL]), 0);
    assert_eq!(eval(&[N, 2, N, 9, op::OP_AND]), 1, "logical and");
    assert_eq!(eval(&[N, 0, N, 9, op::OP_OR]), 1);
    assert_eq!(eval(&[N, 6, N, 3, op::OP_XOR]), 5, "bitwise xor");
    assert_eq!(eval(&[N, 9, op::OP_NOT]), 0);
    assert_eq!(eval(&[N, 0, op::OP_NOT]), 1);
    assert_eq!(eval(&[op::NUM16, 0x12, 0x34, op::LOWBYTE]), 0x34);
    assert_eq!(eval(&[op::NUM16, 0x12, 0x34, op::HIGHBYTE]), 0x12);
}

#[test]
fn division_and_remainder_by_zero_fault() {
    for code in [op::OP_DIVISION, op::OP_MODULO] {
        let f = fault_of(&[N, 1, N, 0, code, op::CODE_END], InstructionSet::V13);
        assert_eq!((f.code, f.pc, f.opcode), (FaultCode::DivideByZero, 4, code));
    }
}

#[test]
fn random_stays_below_its_input() {
    let mut vm = vm13(&[N, 0, N, 10, op::RANDOM, op::SETGLOBAL, op::CODE_END]);
    run_until_end(&mut vm, 10);
    assert!(vm.globals()[0] < 10);
    assert_eq!(eval(&[N, 0, op::RANDOM]), 0);
}

// ---- globals and arrays -----------------------------------------------------------------------

#[test]
fn globals_hold_sixteen_slots() {
    let mut vm = vm13(&[
        N,
        15,
        N,
        42,
        op::SETGLOBAL,
        N,
        0,
        N,
        15,
        op::GETGLOBAL,
        op::SETGLOBAL,
        op::CODE_END,
    ]);
    run_until_end(&mut vm, 10);
    assert_eq!((vm.globals()[0], vm.globals()[15]), (42, 42));
    let f = fault_of(
        &[N, 16, N, 1, op::SETGLOBAL, op::CODE_END],
        InstructionSet::V13,
    );
    assert_eq!(f.code, FaultCode::BadGlobal);
}

#[test]
fn arrays_store_words_and_check_addresses() {
    // aset 10 2 777, then global 0 = aget 10 2
    let code = [
        N,
        10,
        N,
        2,
        op::NUM16,
        3,
        9,
        op::ASET,
        N,
        0,
        N,
        10,
        N,
        2,
        op::AGET,
        op::SETGLOBAL,
        op::CODE_END,
    ];
    let mut vm = vm13(&code);
    run_until_end(&mut vm, 10);
    assert_eq!(vm.globals()[0], 777);
    let f = fault_of(
        &[N, 0, op::NUM16, 1, 0, op::AGET, op::CODE_END],
        InstructionSet::V13,
    );
    assert_eq!(f.code, FaultCode::BadAddress);
}

// ---- control flow -----------------------------------------------------------------------------

#[test]
fn repeat_runs_its_list_count_times() {
    for (count, want) in [(0u8, 0usize), (1, 1), (3, 3), (200, 200)] {
        // repeat count [ beep ]  beep
        let mut vm = vm13(&[
            N,
            count,
            op::LIST,
            2,
            op::BEEP,
            op::EOL,
            op::REPEAT,
            op::BEEP,
            op::CODE_END,
        ]);
        run_until_end(&mut vm, 100_000);
        assert_eq!(vm.state(), RunState::Done);
        assert_eq!(beeps(&vm.drain_events()), want + 1, "repeat {count}");
        assert_eq!(vm.stack_depth(), 0, "repeat {count} leaves nothing behind");
    }
}

#[test]
fn each_list_pass_pauses_ten_virtual_ms() {
    // repeat 5 [ beep ]
    let mut vm = vm13(&[
        N,
        5,
        op::LIST,
        2,
        op::BEEP,
        op::EOL,
        op::REPEAT,
        op::CODE_END,
    ]);
    run_until_end(&mut vm, 1000);
    let events = vm.drain_events();
    let times: Vec<u64> = events
        .iter()
        .filter(|e| e.kind == EventKind::Beep)
        .map(|e| e.at_ms)
        .collect();
    assert_eq!(times, vec![0, 10, 20, 30, 40]);
    let mut fast = Vm::new(VmConfig {
        loop_delay_ms: 0,
        ..VmConfig::default()
    });
    fast.load(
        &[
            N,
            5,
            op::LIST,
            2,
            op::BEEP,
            op::EOL,
            op::REPEAT,
            op::CODE_END,
        ],
        InstructionSet::V13,
    )
    .expect("loads");
    fast.start(0);
    fast.run(1000, 0);
    assert_eq!(fast.state(), RunState::Done, "no pause at all");
}

#[test]
fn if_and_ifelse_pick_their_list() {
    for (cond, want) in [(0u8, 0usize), (1, 1), (9, 1)] {
        let mut vm = vm13(&[
            N,
            cond,
            op::LIST,
            2,
            op::BEEP,
            op::EOL,
            op::IF,
            op::CODE_END,
        ]);
        run_until_end(&mut vm, 100);
        assert_eq!(beeps(&vm.drain_events()), want);
        assert_eq!(vm.stack_depth(), 0);
    }
    for (cond, led) in [(0u8, false), (1, true)] {
        let mut vm = vm13(&[
            N,
            cond,
            op::LIST,
            2,
            op::LEDON,
            op::EOL,
            op::LIST,
            2,
            op::LEDOFF,
            op::EOL,
            op::IFELSE,
            op::CODE_END,
        ]);
        vm.outputs.user_led = !led;
        run_until_end(&mut vm, 100);
        assert_eq!(vm.outputs().user_led, led);
        assert_eq!(vm.state(), RunState::Done);
    }
}

#[test]
fn forever_loops_until_stopped() {
    let mut vm = vm13(&[op::LIST, 2, op::BEEP, op::EOL, op::FOREVER, op::CODE_END]);
    vm.run(1_000_000, 0);
    vm.run(1_000_000, 1000);
    assert_eq!(vm.state(), RunState::Running);
    // One pass at 0 ms, then one per 10 ms pause.
    assert_eq!(beeps(&vm.drain_events()), 101);
    assert!(vm.stack_depth() <= 2, "the loop record does not grow");
    vm.stop(1000);
    assert_eq!(vm.state(), RunState::Stopped);
}

#[test]
fn waituntil_polls_its_condition() {
    // waituntil [ sensor1 > 500 ] beep
    let mut vm = vm13(&[
        op::LIST,
        8,
        N,
        1,
        op::READSENSOR,
        op::NUM16,
        1,
        244,
        op::OP_GREATER,
        op::EOLR,
        op::WAITUNTIL,
        op::BEEP,
        op::CODE_END,
    ]);
    vm.run(1000, 0);
    vm.run(1000, 50);
    assert_eq!(vm.state(), RunState::Running);
    vm.inputs.sensors[0] = 600;
    vm.run(1000, 60);
    assert_eq!(vm.state(), RunState::Done);
    assert_eq!(beeps(&vm.drain_events()), 1);
    assert_eq!(vm.stack_depth(), 0);
}

#[test]
fn ifstatechange_runs_on_rising_edges_only() {
    // forever [ ifstatechange switch1 [ beep ] ] with switches from the host
    let code = [
        op::LIST,
        11,
        N,
        0,
        N,
        1,
        op::READSWITCH,
        op::LIST,
        2,
        op::BEEP,
        op::EOL,
        op::IF_STATE_CHANGE,
        op::EOL,
        op::FOREVER,
        op::CODE_END,
    ];
    let mut vm = Vm::new(VmConfig {
        switch_mode: SwitchMode::Host,
        ..VmConfig::default()
    });
    vm.load(&code, InstructionSet::V13).expect("loads");
    vm.start(0);
    let mut t = 0;
    let mut press = |vm: &mut Vm, on: bool| {
        vm.inputs.switches = u8::from(on);
        t += 100;
        vm.run(100_000, t);
    };
    press(&mut vm, false);
    press(&mut vm, true);
    press(&mut vm, true);
    press(&mut vm, false);
    press(&mut vm, true);
    assert_eq!(beeps(&vm.drain_events()), 2);
}

#[test]
fn a_list_jump_past_the_program_faults_when_fetched() {
    let f = fault_of(&[op::LIST, 200, op::EOL], InstructionSet::V13);
    assert_eq!((f.code, f.pc), (FaultCode::BadJump, 202));
}

// ---- procedures -------------------------------------------------------------------------------

/// main: `show add 3 4` — add at 11: `[2] INPUT 0 INPUT 1 + OUTPUT STOP`.
const ADD: [u8; 19] = [
    N,
    4,
    N,
    3,
    op::CALL,
    0,
    11,
    N,
    2,
    op::SHOW,
    op::CODE_END,
    2,
    op::INPUT,
    0,
    op::INPUT,
    1,
    op::OP_PLUS,
    op::OUTPUT,
    op::STOP,
];

#[test]
fn calls_pass_inputs_and_return_outputs() {
    let mut vm = vm13(&ADD);
    run_until_end(&mut vm, 100);
    assert_eq!(vm.state(), RunState::Done);
    assert_eq!(vm.outputs().short_text, b"7");
    assert_eq!((vm.stack_depth(), vm.input_stack_depth()), (0, 0));
}

#[test]
fn parameter_order_follows_the_push_order() {
    // f3 1 2 3 with `to f3 :x :y :z  show y`; inputs are pushed last first.
    let code = [
        N,
        3,
        N,
        2,
        N,
        1,
        op::CALL,
        0,
        10,
        op::CODE_END,
        3,
        op::INPUT,
        1,
        N,
        2,
        op::SHOW,
        op::STOP,
    ];
    let mut vm = vm13(&code);
    run_until_end(&mut vm, 100);
    assert_eq!(vm.outputs().short_text, b"2");
}

#[test]
fn stop_and_output_close_open_lists_of_the_procedure() {
    // main: forever [ f ]  ; f: repeat 5 [ output 1 ] — output inside a repeat.
    let code = [
        op::LIST,
        4,
        op::CALL,
        0,
        8,
        op::EOL,
        op::FOREVER,
        op::CODE_END, // f at 8
        0,
        N,
        5,
        op::LIST,
        4,
        N,
        1,
        op::OUTPUT,
        op::EOL,
        op::REPEAT,
        op::STOP,
    ];
    let mut vm = vm13(&code);
    vm.run(100_000, 10_000);
    assert_eq!(vm.state(), RunState::Running, "{:?}", vm.fault());
    // Each pass: the forever loop record (2) plus the discarded output (1) at most.
    assert!(vm.stack_depth() <= 3, "depth {}", vm.stack_depth());
}

#[test]
fn stop_in_the_first_procedure_ends_the_program() {
    let mut vm = vm13(&[op::BEEP, op::STOP, op::BEEP, op::CODE_END]);
    run_until_end(&mut vm, 10);
    assert_eq!(vm.state(), RunState::Done);
    assert_eq!(beeps(&vm.drain_events()), 1);
}

#[test]
fn unbounded_recursion_overflows_the_input_stack() {
    // to f :n  f n   (never returns)
    let f = fault_of(
        &[
            N,
            1,
            op::CALL,
            0,
            6,
            op::CODE_END,
            1,
            op::INPUT,
            0,
            op::CALL,
            0,
            6,
            op::STOP,
        ],
        InstructionSet::V13,
    );
    assert_eq!(
        (f.code, f.pc, f.opcode),
        (FaultCode::InputOverflow, 9, op::CALL)
    );
}

#[test]
fn inputs_outside_a_call_fault() {
    let f = fault_of(&[op::INPUT, 0, op::CODE_END], InstructionSet::V13);
    assert_eq!(f.code, FaultCode::InputUnderflow);
    let f = fault_of(
        &[op::CALL, 0, 50, op::CODE_END, 0, 0, op::INPUT, 0, op::STOP],
        InstructionSet::V13,
    );
    assert_eq!(f.code, FaultCode::BadJump, "call target beyond the program");
}

// ---- motors and servos ------------------------------------------------------------------------

#[test]
fn motor_commands_act_on_the_talked_to_ports() {
    // abcd, on  cd, thisway  b, thatway  a, rd  ac, off
    let code = [
        N,
        15,
        op::TALKTO,
        op::ON,
        N,
        12,
        op::TALKTO,
        op::THISWAY,
        N,
        2,
        op::TALKTO,
        op::THATWAY,
        N,
        1,
        op::TALKTO,
        op::RD,
        N,
        5,
        op::TALKTO,
        op::OFF,
        op::CODE_END,
    ];
    let mut vm = vm13(&code);
    run_until_end(&mut vm, 10);
    let m = vm.outputs().motors;
    assert_eq!(
        m.iter().map(|m| m.on).collect::<Vec<_>>(),
        vec![false, true, false, true]
    );
    assert_eq!(
        m.iter().map(|m| m.this_way).collect::<Vec<_>>(),
        vec![false, false, true, true]
    );
    assert_eq!(vm.outputs().talk_to, 5);
}

#[test]
fn onfor_turns_motors_off_after_the_wait() {
    // a, onfor 20 (2 s), then beep
    let mut vm = vm13(&[N, 1, op::TALKTO, N, 20, op::ONFOR, op::BEEP, op::CODE_END]);
    vm.run(1000, 0);
    assert!(vm.outputs().motors[0].on);
    assert_eq!(vm.wake_at_ms(), Some(2000));
    vm.run(1000, 1999);
    assert!(vm.outputs().motors[0].on);
    vm.run(1000, 2000);
    assert!(!vm.outputs().motors[0].on);
    assert_eq!(vm.state(), RunState::Done);
}

#[test]
fn power_and_motor_state_reporters() {
    // ab, setpower 40; globals: aon?, aoff?, athisway?, bpower
    let code = [
        N,
        3,
        op::TALKTO,
        N,
        40,
        op::SETPOWER,
        op::ON,
        N,
        0,
        N,
        1,
        op::ISON,
        op::SETGLOBAL,
        N,
        1,
        N,
        3,
        op::ISOFF,
        op::SETGLOBAL,
        N,
        2,
        N,
        3,
        op::ISTHISWAY,
        op::SETGLOBAL,
        N,
        3,
        N,
        2,
        op::GETPOWER,
        op::SETGLOBAL,
        N,
        4,
        N,
        12,
        op::ISTHATWAY,
        op::SETGLOBAL,
        op::CODE_END,
    ];
    let mut vm = vm13(&code);
    run_until_end(&mut vm, 10);
    assert_eq!(&vm.globals()[..5], &[1, 0, 1, 40, 0]);
    assert_eq!(vm.outputs().motors[1].power, 40);
    let mut legacy = Vm::new(VmConfig {
        power_scale: PowerScale::Legacy,
        ..VmConfig::default()
    });
    legacy
        .load(
            &[N, 1, op::TALKTO, N, 4, op::SETPOWER, op::CODE_END],
            InstructionSet::V13,
        )
        .expect("loads");
    legacy.start(0);
    legacy.run(100, 0);
    assert_eq!(
        legacy.outputs().motors[0].power,
        57,
        "level 4 = duty 146 of 255"
    );
}

#[test]
fn servos_turn_within_0_to_180() {
    let code = [
        N,
        1,
        op::TALKTO,
        N,
        20,
        op::SETH,
        N,
        30,
        op::LT,
        N,
        2,
        op::TALKTO,
        op::NUM16,
        1,
        0,
        op::RT,
        op::CODE_END,
    ];
    let mut vm = vm13(&code);
    run_until_end(&mut vm, 10);
    let s = vm.outputs().servos;
    assert_eq!((s[0].active, s[0].angle), (true, 0));
    assert_eq!((s[1].active, s[1].angle), (true, 180));
    assert!(!s[2].active);
}

// ---- display, LEDs, sound ---------------------------------------------------------------------

#[test]
fn show_writes_numbers_and_text_to_the_right_display() {
    let code = [
        op::NUM16,
        3,
        232,
        N,
        2,
        op::SHOW, // show 1000
        op::STRING,
        5,
        b'h',
        b'e',
        b'l',
        b'l',
        b'o',
        N,
        3,
        op::SHOW, // short text
        op::STRING,
        6,
        b'h',
        b'e',
        b'l',
        b'l',
        b'o',
        b'!',
        N,
        5,
        op::SHOW,
        op::LEDON,
        op::BEEP,
        op::CODE_END,
    ];
    let mut vm = vm13(&code);
    run_until_end(&mut vm, 10);
    assert_eq!(vm.outputs().short_text, b"hell");
    assert_eq!(vm.outputs().long_text, b"hello!");
    assert!(vm.outputs().user_led);
    assert_eq!(
        kinds(&mut vm),
        vec![
            EventKind::Started,
            EventKind::ShowShort(b"1000".to_vec()),
            EventKind::ShowShort(b"hell".to_vec()),
            EventKind::ShowLong(b"hello!".to_vec()),
            EventKind::Beep,
            EventKind::Ended(EndReason::Finished),
        ]
    );
    let mut lcd = vm13(&[
        op::TALK_TO_LCD_1,
        N,
        9,
        N,
        2,
        op::SHOW,
        op::CLS,
        op::CODE_END,
    ]);
    run_until_end(&mut lcd, 10);
    let k = kinds(&mut lcd);
    assert!(k.contains(&EventKind::ShowLong(b"9".to_vec())));
    assert!(k.contains(&EventKind::ClearDisplay));
    assert!(lcd.outputs().long_text.is_empty());
}

#[test]
fn a_text_reference_outside_the_program_faults() {
    let f = fault_of(
        &[op::NUM16, 1, 0, N, 5, op::SHOW, op::CODE_END],
        InstructionSet::V13,
    );
    assert_eq!(f.code, FaultCode::BadText);
}

// ---- sensors, switches, clock ----------------------------------------------------------------

#[test]
fn sensors_and_switches_read_the_host_inputs() {
    let code = [
        N,
        0,
        N,
        3,
        op::READSENSOR,
        op::SETGLOBAL,
        N,
        1,
        N,
        3,
        op::READSWITCH,
        op::SETGLOBAL,
        N,
        2,
        N,
        9,
        op::READSENSOR,
        op::SETGLOBAL,
        op::CODE_END,
    ];
    for (mode, value, switch) in [
        (SwitchMode::SensorLow, 100, 1),
        (SwitchMode::SensorLow, 900, 0),
        (SwitchMode::SensorHigh, 900, 1),
        (SwitchMode::Host, 900, 0),
    ] {
        let mut vm = Vm::new(VmConfig {
            switch_mode: mode,
            ..VmConfig::default()
        });
        vm.load(&code, InstructionSet::V13).expect("loads");
        vm.inputs.sensors[2] = value;
        vm.start(0);
        vm.run(100, 0);
        assert_eq!(&vm.globals()[..3], &[value, switch, 0], "{mode:?}");
    }
}

#[test]
fn clock_items_read_the_rtc_or_100_without_one() {
    let code = [
        N,
        0,
        N,
        2,
        op::RTC_GET_ITEM,
        op::SETGLOBAL,
        N,
        1,
        N,
        7,
        op::RTC_GET_ITEM,
        op::SETGLOBAL,
        op::CODE_END,
    ];
    let mut vm = vm13(&code);
    vm.inputs.rtc = [5, 6, 13, 2, 24, 12, 25];
    vm.run(100, 0);
    assert_eq!(&vm.globals()[..2], &[13, 100]);
    let mut vm = vm13(&code);
    vm.inputs.rtc_present = false;
    vm.run(100, 0);
    assert_eq!(vm.globals()[0], 100);
}

#[test]
fn wait_and_timer_use_virtual_time() {
    // resett wait 15 global0 = timer
    let code = [
        op::RESETT,
        N,
        15,
        op::WAIT,
        N,
        0,
        op::TIMER,
        op::SETGLOBAL,
        op::CODE_END,
    ];
    let mut vm = vm13(&code);
    vm.run(100, 1000);
    assert_eq!(vm.wake_at_ms(), Some(2500));
    // The host steps coarsely; the program still wakes at exactly 2500 ms.
    vm.run(100, 2700);
    assert_eq!(vm.state(), RunState::Done);
    assert_eq!(vm.globals()[0], 1500);
}

#[test]
fn tick_counter_counts_periods() {
    // settickrate 5 (0.5 s); wait 12; global0 = tickcount; cleartick; global1 = tickcount
    let code = [
        N,
        5,
        op::SETTICKRATE,
        N,
        12,
        op::WAIT,
        N,
        0,
        op::TICKCOUNT,
        op::SETGLOBAL,
        op::CLEARTICK,
        N,
        1,
        op::TICKCOUNT,
        op::SETGLOBAL,
        op::CODE_END,
    ];
    let mut vm = vm13(&code);
    run_until_end(&mut vm, 5000);
    assert_eq!(&vm.globals()[..2], &[2, 0]);
}

// ---- data log, messages, cloud --------------------------------------------------------------

#[test]
fn record_recall_and_erase_use_the_data_pointer() {
    // resetdp record 11 record 22 setdp 1 global0 = recall, erase 1
    let code = [
        op::RESETDP,
        N,
        11,
        op::RECORD,
        N,
        22,
        op::RECORD,
        N,
        1,
        op::SETDP,
        N,
        0,
        op::RECALL,
        op::SETGLOBAL,
        op::CODE_END,
    ];
    let mut vm = vm13(&code);
    run_until_end(&mut vm, 10);
    assert_eq!(vm.globals()[0], 22);
    assert_eq!(vm.data_log(), &[11, 22]);
    assert_eq!(vm.data_pointer(), 2);
    let k = kinds(&mut vm);
    assert!(k.contains(&EventKind::Record {
        index: 1,
        value: 22
    }));
    // The log survives a new program; erase clears it.
    vm.load(&[N, 5, op::ERASE, op::CODE_END], InstructionSet::V13)
        .expect("loads");
    assert_eq!(vm.data_log(), &[11, 22]);
    vm.start(0);
    vm.run(10, 0);
    assert!(vm.data_log().is_empty());
}

#[test]
fn key_values_messages_and_cloud_records() {
    let code = [
        // if key "color" = "red" [ beep ]
        op::STRING,
        5,
        b'c',
        b'o',
        b'l',
        b'o',
        b'r',
        op::KEY,
        op::STRING,
        3,
        b'r',
        b'e',
        b'd',
        op::OP_KEY_COMPARE,
        op::LIST,
        2,
        op::BEEP,
        op::EOL,
        op::IF,
        // global0 = intkey "n"
        N,
        0,
        op::STRING,
        1,
        b'n',
        op::INTKEY,
        op::SETGLOBAL,
        // sendmessage "t" 42
        N,
        42,
        N,
        1,
        op::STRING,
        1,
        b't',
        op::SEND_MESSAGE,
        // cloud record "temp" 7 ; public cloud record "p" 8
        N,
        7,
        op::STRING,
        4,
        b't',
        b'e',
        b'm',
        b'p',
        op::CLOUD_RECORD,
        N,
        8,
        op::STRING,
        1,
        b'p',
        op::PUBLIC_CLOUD_RECORD,
        // record 9 "f"
        N,
        9,
        op::STRING,
        1,
        b'f',
        op::RECORD_TO_RPI,
        op::CLEARKEYS,
        op::CODE_END,
    ];
    let mut vm = vm13(&code);
    vm.receive_key_value(b"COLOR", b"Red");
    vm.receive_key_value(b"n", b"123abc");
    run_until_end(&mut vm, 100);
    assert_eq!(vm.state(), RunState::Done, "{:?}", vm.fault());
    assert_eq!(vm.globals()[0], 123);
    assert_eq!(vm.key_value(b"color"), None, "clearkeys");
    let k = kinds(&mut vm);
    assert!(k.contains(&EventKind::Beep));
    assert!(k.contains(&EventKind::SendMessage {
        topic: b"t".to_vec(),
        text: b"42".to_vec()
    }));
    assert!(k.contains(&EventKind::CloudRecord {
        public: false,
        name: b"temp".to_vec(),
        value: 7
    }));
    assert!(k.contains(&EventKind::CloudRecord {
        public: true,
        name: b"p".to_vec(),
        value: 8
    }));
    assert!(k.contains(&EventKind::RecordToPi {
        name: b"f".to_vec(),
        value: 9
    }));
}

#[test]
fn setanswer_keeps_the_low_byte_and_tells_the_host() {
    // setanswer 300 ; setanswer 7
    let code = [
        op::NUM16,
        1,
        44,
        op::SET_ANSWER,
        N,
        7,
        op::SET_ANSWER,
        op::CODE_END,
    ];
    let mut vm = vm13(&code);
    assert_eq!(vm.outputs().answer, 0);
    run_until_end(&mut vm, 100);
    assert_eq!(vm.state(), RunState::Done, "{:?}", vm.fault());
    assert_eq!(vm.outputs().answer, 7);
    let answers: Vec<EventKind> = kinds(&mut vm)
        .into_iter()
        .filter(|k| matches!(k, EventKind::Answer { .. }))
        .collect();
    assert_eq!(
        answers,
        vec![
            EventKind::Answer { value: 44 },
            EventKind::Answer { value: 7 }
        ]
    );
}

#[test]
fn ir_blocks_until_a_code_arrives() {
    let code = [
        N,
        0,
        op::NEWIR,
        op::SETGLOBAL,
        N,
        1,
        op::IR,
        op::SETGLOBAL,
        op::CODE_END,
    ];
    let mut vm = vm13(&code);
    let r = vm.run(1000, 0);
    assert_eq!(r.state, RunState::Running);
    assert!(vm.is_blocked());
    assert!(r.executed < 10, "a blocked program yields at once");
    vm.receive_ir(77);
    vm.run(1000, 5);
    assert_eq!(vm.state(), RunState::Done);
    assert_eq!(&vm.globals()[..2], &[0, 77]);
}

#[test]
fn i2c_and_raspberry_pi_commands_become_events() {
    let code = [
        N,
        255,
        N,
        1,
        N,
        80,
        op::I2C_WRITE_REGISTER,
        op::STRING,
        2,
        b'h',
        b'i',
        op::SAY,
        op::USECAMERA,
        N,
        0,
        op::FACEFOUND,
        op::SETGLOBAL,
        op::CODE_END,
    ];
    let mut vm = vm13(&code);
    vm.inputs.pi[io::PiReporter::FaceFound as usize] = 1;
    run_until_end(&mut vm, 10);
    assert_eq!(vm.globals()[0], 1);
    let k = kinds(&mut vm);
    assert!(k.contains(&EventKind::I2cWrite {
        addr: 80,
        reg: 1,
        value: 255
    }));
    assert!(k.contains(&EventKind::Pi {
        opcode: op::SAY,
        args: vec![PiArg::Text(b"hi".to_vec())]
    }));
    assert!(k.contains(&EventKind::Pi {
        opcode: op::USECAMERA,
        args: vec![]
    }));
}

// ---- run, stop, autorun ------------------------------------------------------------------------

#[test]
fn run_stop_toggle_and_autorun() {
    let code = [
        N,
        1,
        op::TALKTO,
        op::ON,
        op::LIST,
        2,
        op::BEEP,
        op::EOL,
        op::FOREVER,
    ];
    let mut vm = Vm::default();
    assert!(!vm.start(0), "nothing loaded");
    vm.load(&code, InstructionSet::V13).expect("loads");
    vm.control(1, 0);
    vm.run(100, 5);
    assert!(vm.outputs().motors[0].on);
    vm.control(2, 6);
    assert_eq!(vm.state(), RunState::Stopped);
    assert!(!vm.outputs().motors[0].on, "stop turns motors off");
    vm.control(2, 7);
    assert_eq!(vm.state(), RunState::Running);
    vm.control(0, 8);
    assert_eq!(vm.state(), RunState::Stopped);
    vm.power_on(10);
    assert_eq!(vm.state(), RunState::Idle, "autorun is off");
    vm.set_autorun(true);
    vm.power_on(20);
    assert_eq!(vm.state(), RunState::Running);
    let k = kinds(&mut vm);
    assert_eq!(k.iter().filter(|k| **k == EventKind::Started).count(), 3);
}

#[test]
fn the_budget_bounds_every_run_call() {
    let mut vm = Vm::new(VmConfig {
        loop_delay_ms: 0,
        ..VmConfig::default()
    });
    vm.load(
        &[op::LIST, 2, op::BEEP, op::EOL, op::FOREVER],
        InstructionSet::V13,
    )
    .expect("loads");
    vm.start(0);
    for budget in [0, 1, 7, 1000] {
        assert_eq!(vm.run(budget, 0).executed, budget);
    }
    assert!(vm.events_dropped() > 0, "the event queue stays bounded");
    assert!(vm.drain_events().len() <= EVENT_QUEUE);
}

#[test]
fn too_large_programs_are_refused() {
    let mut vm = Vm::default();
    assert_eq!(
        vm.load(&[0; MAX_PROGRAM + 1], InstructionSet::V13),
        Err(LoadError::TooLarge(MAX_PROGRAM + 1))
    );
}

// ---- faults --------------------------------------------------------------------------------

#[test]
fn stack_overflow_and_underflow_fault() {
    let mut code = vec![];
    for _ in 0..=STACK_SIZE {
        code.extend_from_slice(&[N, 1]);
    }
    let f = fault_of(&code, InstructionSet::V13);
    assert_eq!(
        (f.code, usize::from(f.pc)),
        (FaultCode::StackOverflow, 2 * STACK_SIZE)
    );
    let f = fault_of(&[op::OP_PLUS], InstructionSet::V13);
    assert_eq!(f.code, FaultCode::StackUnderflow);
}

#[test]
fn a_fault_stops_motors_and_is_reported_once() {
    let mut vm = vm13(&[N, 1, op::TALKTO, op::ON, 57]);
    run_until_end(&mut vm, 10);
    assert_eq!(vm.state(), RunState::Faulted);
    let f = vm.fault().cloned().expect("fault");
    assert_eq!((f.code, f.pc, f.opcode), (FaultCode::BadOpcode, 4, 57));
    assert!(!vm.outputs().motors[0].on);
    let k = kinds(&mut vm);
    assert_eq!(k.last(), Some(&EventKind::Ended(EndReason::Fault)));
    assert_eq!(vm.run(100, 20).executed, 0);
}

/// Every opcode of each table executes without a bad-opcode fault (whatever its operands),
/// and every other byte is a bad opcode: the VM and the shared table agree.
#[test]
fn the_vm_implements_exactly_the_shared_opcode_tables() {
    for (set, table) in [(InstructionSet::V13, V13), (InstructionSet::Legacy, LEGACY)] {
        for byte in 0..=255u8 {
            if set == InstructionSet::Legacy && byte >= legacy::CALL_FLAG {
                continue;
            }
            // Three small values on the stack, the opcode, then operand bytes.
            let code = [N, 1, N, 1, N, 1, byte, 1, 1, 1, 0, 0, 0];
            let mut vm = loaded(&code, set);
            vm.receive_ir(1);
            vm.receive_serial(1);
            vm.run(4, 0);
            let bad = vm.fault().map_or(false, |f| f.code == FaultCode::BadOpcode);
            let known = table.iter().any(|o| o.code == byte);
            assert_eq!(bad, !known, "{set:?} byte {byte}: {:?}", vm.fault());
        }
    }
}

// ---- the legacy instruction set -------------------------------------------------------------

#[test]
fn legacy_sensors_motor_selectors_and_calls() {
    // sensor3 -> g0; switch2 -> g1; cd, on; call proc at 16 with input 5 -> g2
    let code = [
        N,
        0,
        73,
        op::SETGLOBAL,
        N,
        1,
        58,
        op::SETGLOBAL,
        legacy::M_CD,
        op::ON,
        N,
        5,
        0x80,
        16,
        op::CODE_END,
        0, // padding
        1,
        N,
        2,
        op::INPUT,
        0,
        op::SETGLOBAL,
        op::STOP,
    ];
    let mut vm = loaded(&code, InstructionSet::Legacy);
    vm.inputs.sensors[2] = 321;
    vm.inputs.sensors[1] = 900;
    run_until_end(&mut vm, 10);
    assert_eq!(vm.state(), RunState::Done, "{:?}", vm.fault());
    assert_eq!(&vm.globals()[..3], &[321, 0, 5]);
    let on: Vec<bool> = vm.outputs().motors.iter().map(|m| m.on).collect();
    assert_eq!(on, vec![false, false, true, true]);
}

#[test]
fn legacy_show_pops_characters() {
    // "ab  " (mode 3), then "hello" reversed + length (mode 5)
    let mut code = vec![N, b'a', N, b'b', N, b' ', N, b' ', N, 3, op::SHOW];
    for &c in b"hello".iter().rev() {
        code.extend_from_slice(&[N, c]);
    }
    code.extend_from_slice(&[N, 5, N, 5, op::SHOW, op::CODE_END]);
    let mut vm = loaded(&code, InstructionSet::Legacy);
    run_until_end(&mut vm, 10);
    assert_eq!(vm.outputs().short_text, b"ab  ");
    assert_eq!(vm.outputs().long_text, b"hello");
}

#[test]
fn legacy_tail_calls_replace_the_frame() {
    // main calls f(3); f: if n > 0 [ tail-call f(n - 1) ] ; beep — deep tail recursion
    // never overflows the input stack.
    let f = 6u8;
    let code = [
        N,
        40,
        0x80,
        f,
        op::BEEP,
        op::CODE_END, // f at 6
        1,
        op::INPUT,
        0,
        N,
        0,
        op::OP_GREATER,
        op::LIST,
        8,
        op::INPUT,
        0,
        N,
        1,
        op::OP_MINUS,
        0xC0,
        f,
        op::EOL,
        legacy::COND_IF,
        op::STOP,
    ];
    let mut vm = loaded(&code, InstructionSet::Legacy);
    run_until_end(&mut vm, 100_000);
    assert_eq!(vm.state(), RunState::Done, "{:?}", vm.fault());
    assert_eq!(beeps(&vm.drain_events()), 1);
}

#[test]
fn legacy_halting_opcodes_fault() {
    let f = fault_of(&[N, 1, 61], InstructionSet::Legacy);
    assert_eq!(f.code, FaultCode::Halt);
    let f = fault_of(&[op::CALL, 0, 0], InstructionSet::Legacy);
    assert_eq!(
        f.code,
        FaultCode::BadOpcode,
        "no CALL opcode in the legacy set"
    );
}

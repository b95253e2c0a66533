//! Program-level behaviour of the VM: real Logo compiled by the project's compiler, run on
//! virtual time, observed through the outputs and events a host sees.

mod common;

use gogo_core::logo::{compile, LogoVersion};
use gogo_core::vm::{EndReason, EventKind, FaultCode, RunState, Vm, VmConfig};

fn program(src: &str, version: LogoVersion) -> Vm {
    let c = compile(src.as_bytes(), version).expect("compiles");
    let mut vm = Vm::default();
    vm.load(&c.data, version.profile().instruction_set)
        .expect("loads");
    vm.set_autorun(c.auto_run);
    vm
}

fn started(src: &str) -> Vm {
    let mut vm = program(src, LogoVersion::V1_3);
    assert!(vm.start(0));
    vm
}

/// Steps the VM every `step_ms` up to `until_ms`, like a host frame loop.
fn advance(vm: &mut Vm, from_ms: u64, until_ms: u64, step_ms: u64) {
    let mut t = from_ms;
    while t <= until_ms {
        vm.run(100_000, t);
        t += step_ms;
    }
}

fn events(vm: &mut Vm) -> Vec<(u64, EventKind)> {
    vm.drain_events()
        .into_iter()
        .map(|e| (e.at_ms, e.kind))
        .collect()
}

fn beep_times(vm: &mut Vm) -> Vec<u64> {
    events(vm)
        .into_iter()
        .filter(|(_, k)| *k == EventKind::Beep)
        .map(|(t, _)| t)
        .collect()
}

fn motors_on(vm: &Vm) -> Vec<bool> {
    vm.outputs().motors.iter().map(|m| m.on).collect()
}

#[test]
fn s04_turns_motors_a_and_b_on_while_sensor1_is_above_500() {
    let src = "to main\nforever [ if sensor1 > 500 [ ab, on ] ]\nend\n";
    let mut vm = started(src);
    vm.inputs.sensors[0] = 400;
    advance(&mut vm, 0, 1000, 1);
    assert_eq!(motors_on(&vm), vec![false; 4], "400 leaves them off");
    vm.inputs.sensors[0] = 600;
    advance(&mut vm, 1001, 1100, 1);
    assert_eq!(motors_on(&vm), vec![true, true, false, false]);
    assert_eq!(vm.outputs().talk_to, 3);
    assert_eq!(vm.state(), RunState::Running);
}

#[test]
fn repeat_with_wait_keeps_virtual_time_whatever_the_host_step() {
    let src = "to main\nrepeat 3 [ beep wait 5 ]\nend\n";
    for step in [1, 7, 16, 250] {
        let mut vm = started(src);
        advance(&mut vm, 0, 3000, step);
        // wait 5 = 500 ms, plus the firmware's 10 ms pause after each pass.
        assert_eq!(beep_times(&mut vm), vec![0, 510, 1020], "step {step} ms");
        assert_eq!(vm.state(), RunState::Done);
    }
}

#[test]
fn procedures_take_inputs_and_output_values() {
    let mut vm = started(
        "to main\nshow fact 5\nend\n\nto fact :n\nifelse n = 0 [ output 1 ] [ output n * fact (n - 1) ]\nend\n",
    );
    advance(&mut vm, 0, 1000, 10);
    assert_eq!(vm.state(), RunState::Done, "{:?}", vm.fault());
    assert_eq!(vm.outputs().short_text, b"120");
    assert_eq!((vm.stack_depth(), vm.input_stack_depth()), (0, 0));

    let mut vm = started("to main\nf3 1 2 3\nend\nto f3 :x :y :z\nshow x\nshow y\nshow z\nend\n");
    advance(&mut vm, 0, 100, 10);
    let shown: Vec<Vec<u8>> = events(&mut vm)
        .into_iter()
        .filter_map(|(_, k)| match k {
            EventKind::ShowShort(t) => Some(t),
            _ => None,
        })
        .collect();
    assert_eq!(shown, vec![b"1".to_vec(), b"2".to_vec(), b"3".to_vec()]);
}

#[test]
fn unbounded_recursion_stops_with_a_fault_not_a_crash() {
    // Golden s32: `fact n - 1` calls fact n (a call binds tighter than `-`).
    let mut vm = started(
        "to main\nshow fact 5\nend\n\nto fact :n\nifelse n = 0 [ output 1 ] [ output n * fact n - 1 ]\nend\n",
    );
    vm.inputs.sensors[0] = 1;
    advance(&mut vm, 0, 10_000, 10);
    assert_eq!(vm.state(), RunState::Faulted);
    let fault = vm.fault().expect("fault");
    assert_eq!(fault.code, FaultCode::InputOverflow);
    assert!(fault.message.contains("nest too deep"), "{}", fault.message);
    assert!(events(&mut vm)
        .iter()
        .any(|(_, k)| *k == EventKind::Ended(EndReason::Fault)));
}

#[test]
fn nested_loops_and_globals() {
    let mut vm = started(
        "to main\nset x 0\nrepeat 3 [ repeat 4 [ set x x + 1 ] ]\nshow x\nset y 0\nrepeat 2 [ ifelse x > 5 [ set y y + 10 ] [ set y 0 ] ]\nshow y\nend\n",
    );
    advance(&mut vm, 0, 5000, 10);
    assert_eq!(vm.state(), RunState::Done);
    assert_eq!(&vm.globals()[..2], &[12, 20]);
    assert_eq!(vm.outputs().short_text, b"20");
    assert_eq!(vm.stack_depth(), 0);
}

#[test]
fn data_records_persist_and_recall() {
    // Golden s13.
    let mut vm = started("to main\nresetdp\nrecord sensor1\nsetdp 0\nshow recall\nend\n");
    vm.inputs.sensors[0] = 734;
    advance(&mut vm, 0, 100, 10);
    assert_eq!(vm.data_log(), &[734]);
    assert_eq!(vm.outputs().short_text, b"734");
    assert!(events(&mut vm).iter().any(|(_, k)| *k
        == EventKind::Record {
            index: 0,
            value: 734
        }));
}

#[test]
fn waituntil_timer_and_random() {
    // Golden s21: the timer counts milliseconds.
    let mut vm = started("to main\nresett\nwaituntil [ timer > 1000 ]\nshow random 100\nend\n");
    advance(&mut vm, 0, 999, 1);
    assert_eq!(vm.state(), RunState::Running);
    advance(&mut vm, 1000, 1100, 1);
    assert_eq!(vm.state(), RunState::Done);
    let shown: u32 = String::from_utf8_lossy(&vm.outputs().short_text)
        .parse()
        .expect("a number");
    assert!(shown < 100);
}

#[test]
fn autorun_programs_start_at_power_on() {
    // Golden s14.
    let mut vm = program(
        "to autorun\nforever [ beep wait 10 ]\nend\n",
        LogoVersion::V1_3,
    );
    assert!(vm.autorun());
    vm.power_on(0);
    advance(&mut vm, 0, 3000, 5);
    assert_eq!(beep_times(&mut vm), vec![0, 1010, 2020]);
    let mut manual = program("to main\nbeep\nend\n", LogoVersion::V1_3);
    manual.power_on(0);
    assert_eq!(manual.state(), RunState::Idle);
}

#[test]
fn procedures_in_loops_blink_the_led() {
    // Golden s25.
    let mut vm =
        started("to main\nforever [ blink ]\nend\n\nto blink\nledon wait 5 ledoff wait 5\nend\n");
    let mut seen = Vec::new();
    for t in (0..=2000).step_by(50) {
        vm.run(10_000, t);
        seen.push(vm.outputs().user_led);
    }
    assert!(seen.contains(&true) && seen.contains(&false));
    assert!(vm.input_stack_depth() <= 3);
    assert_eq!(vm.state(), RunState::Running);
}

#[test]
fn onfor_and_power_from_logo() {
    // Golden s12: `onfor 20` is two seconds.
    let mut vm = started("to main\na, setpower 7\na, onfor 20\nbeep\nend\n");
    advance(&mut vm, 0, 1999, 10);
    assert!(motors_on(&vm)[0]);
    assert_eq!(vm.outputs().motors[0].power_level, 7);
    advance(&mut vm, 2000, 2010, 1);
    assert!(!motors_on(&vm)[0]);
    assert_eq!(vm.state(), RunState::Done);
}

#[test]
fn key_value_messages_drive_programs() {
    let mut vm =
        started("to main\nforever [ if key \"color\" = \"red\" [ beep clearkeys ] ]\nend\n");
    advance(&mut vm, 0, 100, 10);
    assert!(beep_times(&mut vm).is_empty());
    vm.receive_key_value(b"color", b"RED");
    advance(&mut vm, 110, 300, 10);
    assert_eq!(beep_times(&mut vm).len(), 1);
}

#[test]
fn voice_commands_write_the_voice_module_and_wait_a_second() {
    // Golden s29.
    let mut vm = started("to main\nplay\ngototrack 2\nend\n");
    advance(&mut vm, 0, 3000, 10);
    let writes: Vec<(u64, EventKind)> = events(&mut vm)
        .into_iter()
        .filter(|(_, k)| matches!(k, EventKind::I2cWrite { .. }))
        .collect();
    assert_eq!(
        writes,
        vec![
            (
                0,
                EventKind::I2cWrite {
                    addr: 184,
                    reg: 1,
                    value: 6
                }
            ),
            (
                1000,
                EventKind::I2cWrite {
                    addr: 184,
                    reg: 3,
                    value: 50
                }
            ),
        ]
    );
}

#[test]
fn cloud_record_runs_in_logo_1_4() {
    let mut vm = program(
        "to main\ncloud record \"temp\" sensor2\nend\n",
        LogoVersion::V1_4,
    );
    vm.inputs.sensors[1] = 321;
    vm.start(0);
    vm.run(100, 0);
    assert!(events(&mut vm).iter().any(|(_, k)| *k
        == EventKind::CloudRecord {
            public: false,
            name: b"temp".to_vec(),
            value: 321
        }));
}

#[test]
fn logo_1_2_programs_run_on_the_legacy_numbering() {
    let src = "to main\nforever [ if sensor3 > 500 [ cd, on show \"hi\" seth fwd 40 ] ]\nend\nto fwd :n\noutput n / 2\nend\n";
    let mut vm = program(src, LogoVersion::V1_2);
    vm.start(0);
    vm.inputs.sensors[2] = 800;
    advance(&mut vm, 0, 100, 10);
    assert_eq!(vm.state(), RunState::Running, "{:?}", vm.fault());
    assert_eq!(motors_on(&vm), vec![false, false, true, true]);
    assert_eq!(vm.outputs().short_text, b"hi  ");
    assert_eq!(vm.outputs().servos[2].angle, 20);
}

#[test]
fn every_golden_sample_runs_without_a_fault_except_the_recursive_one() {
    for s in common::golden_samples() {
        let data = match s.data.as_ref().filter(|_| s.expect == "ok") {
            Some(d) => d,
            None => continue,
        };
        let mut vm = Vm::new(VmConfig::default());
        vm.load(data, gogo_core::logo::opcodes::InstructionSet::V13)
            .expect("loads");
        vm.start(0);
        vm.inputs.sensors = [600, 100, 50, 0, 0, 0, 0, 0];
        vm.receive_ir(5);
        let mut t = 0;
        while t < 20_000 && vm.state() == RunState::Running {
            vm.run(10_000, t);
            t += 20;
        }
        if s.id == "s32" {
            assert_eq!(vm.fault().map(|f| f.code), Some(FaultCode::InputOverflow));
        } else {
            assert_eq!(vm.fault(), None, "{}: {}", s.id, s.logo);
        }
    }
}

//! Property test: on 100,000 random and mutated byte-code programs (both instruction sets,
//! random inputs and host actions) the VM never panics, every run call stays within its
//! instruction budget, and the stacks, event queue and snapshot stay bounded. Seeded, so a
//! failure is reproducible.

mod common;

use common::Rng;
use gogo_core::logo::opcodes::InstructionSet;
use gogo_core::logo::{compile, LogoVersion};
use gogo_core::vm::snapshot::{self, HEADER_BYTES};
use gogo_core::vm::{
    RunState, Vm, VmConfig, EVENT_QUEUE, INPUT_STACK_SIZE, MAX_PROGRAM, STACK_SIZE,
};
use std::panic::{catch_unwind, AssertUnwindSafe};

const CASES: usize = 100_000;

/// Small valid programs to mutate, beside the golden samples.
const SEEDS: &[&str] = &[
    "to main\nforever [ if sensor1 > 500 [ ab, on ] ]\nend\n",
    "to main\nrepeat 3 [ repeat 2 [ beep ] wait 1 ]\nshow fact 4\nend\nto fact :n\nifelse n = 0 [ output 1 ] [ output n * fact (n - 1) ]\nend\n",
    "to main\nset x 0\nwaituntil [ x > 3 ]\nend\n",
    "to main\nset x 0\nforever [ set x x + 1 record x if x % 7 = 0 [ show x ] ]\nend\n",
    "to main\nforever [ if switch1 [ show \"hello world\" ] ]\nend\n",
];

fn seeds() -> Vec<(Vec<u8>, InstructionSet)> {
    let mut out: Vec<(Vec<u8>, InstructionSet)> = common::golden_samples()
        .into_iter()
        .filter_map(|s| s.data)
        .map(|d| (d, InstructionSet::V13))
        .collect();
    for src in SEEDS {
        for v in [LogoVersion::V1_2, LogoVersion::V1_3, LogoVersion::V1_4] {
            let c = compile(src.as_bytes(), v).expect("seed compiles");
            out.push((c.data, v.profile().instruction_set));
        }
    }
    out
}

fn random_code(rng: &mut Rng) -> Vec<u8> {
    let len = rng.below(200);
    (0..len).map(|_| (rng.next_u64() & 0xFF) as u8).collect()
}

fn mutate(rng: &mut Rng, code: &[u8]) -> Vec<u8> {
    let mut c = code.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(c.len() + 1);
        match rng.below(4) {
            0 if at < c.len() => c[at] = (rng.next_u64() & 0xFF) as u8,
            1 if at < c.len() => {
                c.remove(at);
            }
            2 => c.insert(at, (rng.next_u64() & 0xFF) as u8),
            _ => c.truncate(at),
        }
    }
    c
}

fn check_bounds(vm: &Vm, case: usize) {
    assert!(vm.stack_depth() <= STACK_SIZE, "case {case}");
    assert!(vm.input_stack_depth() <= INPUT_STACK_SIZE, "case {case}");
}

#[test]
fn random_and_mutated_byte_code_never_panics_and_respects_the_budget() {
    let seeds = seeds();
    let mut rng = Rng::new(0x0B17_C0DE);
    let mut states = [0usize; 5];
    for case in 0..CASES {
        let (code, set) = if case % 3 == 0 {
            let set = if rng.chance(50) {
                InstructionSet::V13
            } else {
                InstructionSet::Legacy
            };
            (random_code(&mut rng), set)
        } else {
            let (code, set) = rng.pick(&seeds);
            (mutate(&mut rng, code), *set)
        };
        let config = VmConfig {
            loop_delay_ms: [0, 10][rng.below(2)],
            wait_unit_ms: [1, 100][rng.below(2)],
            ..VmConfig::default()
        };
        let result = catch_unwind(AssertUnwindSafe(|| {
            let mut vm = Vm::new(config);
            vm.load(&code[..code.len().min(MAX_PROGRAM)], set)
                .expect("fits");
            vm.set_autorun(rng.chance(50));
            vm.power_on(0);
            vm.start(0);
            let mut t = 0u64;
            for _ in 0..1 + rng.below(5) {
                for s in vm.inputs.sensors.iter_mut() {
                    *s = rng.below(1024) as u16;
                }
                match rng.below(10) {
                    0 => vm.receive_ir(rng.below(256) as u8),
                    1 => vm.receive_serial(rng.below(256) as u8),
                    2 => vm.receive_key_value(b"k", b"12"),
                    3 => vm.control(rng.below(4) as u8, t),
                    _ => {}
                }
                let budget = rng.below(2000) as u32;
                t += rng.below(3000) as u64;
                let report = vm.run(budget, t);
                assert!(report.executed <= budget, "case {case}");
                check_bounds(&vm, case);
            }
            if rng.chance(50) {
                assert!(vm.drain_events().len() <= EVENT_QUEUE, "case {case}");
            }
            let snap = snapshot::encode(&mut vm);
            assert!(snap.len() >= HEADER_BYTES + 4, "case {case}");
            vm.state()
        }));
        match result {
            Ok(state) => {
                states[match state {
                    RunState::Idle => 0,
                    RunState::Running => 1,
                    RunState::Done => 2,
                    RunState::Stopped => 3,
                    RunState::Faulted => 4,
                }] += 1
            }
            Err(_) => panic!("case {case}: panicked on {set:?} {code:?}"),
        }
    }
    // Every outcome is exercised.
    assert!(
        states[1] > 1000 && states[2] > 1000 && states[4] > 1000,
        "{states:?}"
    );
}

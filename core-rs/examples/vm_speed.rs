//! Native VM speed: `cargo run --release --example vm_speed`. Runs a busy Logo loop with
//! the firmware's list pause switched off and prints instructions per second.

use gogo_core::logo::{compile, LogoVersion};
use gogo_core::vm::{Vm, VmConfig};
use std::time::Instant;

const PROGRAM: &str =
    "to main\nset x 0\nforever [ set x x + 1 if sensor1 > 500 [ ab, on ] show x % 10 ]\nend\n";

fn main() {
    let code =
        compile(PROGRAM.as_bytes(), LogoVersion::V1_3).map_or_else(|_| Vec::new(), |c| c.data);
    let mut vm = Vm::new(VmConfig {
        loop_delay_ms: 0,
        ..VmConfig::default()
    });
    if vm
        .load(&code, LogoVersion::V1_3.profile().instruction_set)
        .is_err()
    {
        return;
    }
    vm.start(0);
    let budget = 100_000u32;
    let mut best = f64::MAX;
    let mut t = 0;
    for _ in 0..20 {
        let start = Instant::now();
        let mut n = 0u64;
        for _ in 0..20 {
            t += 1;
            n += u64::from(vm.run(budget, t).executed);
            // A host drains events every step.
            vm.drain_events();
        }
        best = best.min(start.elapsed().as_secs_f64() / n as f64);
    }
    println!(
        "native VM: {:.1} million instructions per second ({:.1} ns each)",
        1e-6 / best,
        best * 1e9
    );
}

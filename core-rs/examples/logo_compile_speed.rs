//! Native compile speed of a ~2 KB Logo program:
//! `cargo run --release --example logo_compile_speed`.

use gogo_core::logo::{compile, LogoVersion};
use std::time::Instant;

fn main() {
    let src = include_bytes!("../tests/fixtures/logo-2k-program.logo");
    let runs = 20_000u32;
    let mut bytes = 0;
    for _ in 0..1_000 {
        bytes = compile(src, LogoVersion::V1_3).map_or(0, |c| c.data.len());
    }
    // The best of several batches: the machine may be busy with other work.
    let mut each = f64::MAX;
    for _ in 0..10 {
        let start = Instant::now();
        for _ in 0..runs / 10 {
            bytes = compile(src, LogoVersion::V1_3).map_or(0, |c| c.data.len());
        }
        each = each.min(start.elapsed().as_secs_f64() / f64::from(runs / 10));
    }
    println!(
        "native: {} source bytes -> {} byte-code bytes in {:.1} µs per compile ({:.1} MB/s of source)",
        src.len(),
        bytes,
        each * 1e6,
        src.len() as f64 / each / 1e6
    );
}

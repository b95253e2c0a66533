//! Property test: 100,000 random and mutated inputs never make the HID decoders, the batch
//! decoder, the command builder or the report encoder panic. A small seeded PRNG keeps
//! every run identical (no dependencies).

use gogo_core::abi::hid::{decode_batch, encode};
use gogo_core::hid::command::{build, parse_request, COMMANDS};
use gogo_core::hid::packet::decode;

mod common;

use common::Rng;

/// Valid-looking seeds: one report of each packet type.
fn seeds() -> Vec<Vec<u8>> {
    let mut status = vec![0u8; 64];
    status[17] = 6;
    status[20] = 42;
    let mut classic = status.clone();
    classic[17] = 1;
    let mut kv = vec![0u8; 64];
    kv[0] = 7;
    kv[1] = 12;
    kv[2..11].copy_from_slice(b"temp,25.5");
    let mut pi = vec![0u8; 64];
    pi[0] = 2;
    pi[1] = 14;
    let mut resp = vec![0u8; 64];
    resp[0] = 20;
    resp[1] = 3;
    resp[2] = 2;
    resp[3] = 1;
    let mut debug = vec![0u8; 64];
    debug[0] = 1;
    debug[2..7].copy_from_slice(b"hello");
    let mut tap = vec![0u8; 8];
    tap[0] = 6;
    vec![status, classic, kv, pi, resp, debug, tap]
}

fn mutate(rng: &mut Rng, base: &[u8]) -> Vec<u8> {
    let mut r = base.to_vec();
    match rng.below(4) {
        // Flip a few bytes, often the header bytes that carry types and lengths.
        0 | 1 => {
            for _ in 0..=rng.below(4) {
                if r.is_empty() {
                    break;
                }
                let at = if rng.below(2) == 0 {
                    rng.below(r.len().min(4))
                } else {
                    rng.below(r.len())
                };
                r[at] = rng.byte();
            }
        }
        // Truncate.
        2 => r.truncate(rng.below(r.len() + 1)),
        // Extend with noise.
        _ => {
            for _ in 0..rng.below(40) {
                r.push(rng.byte());
            }
        }
    }
    r
}

fn random_bytes(rng: &mut Rng, max: usize) -> Vec<u8> {
    let n = rng.below(max + 1);
    (0..n).map(|_| rng.byte()).collect()
}

#[test]
fn decoders_and_builders_never_panic_on_100k_inputs() {
    let mut rng = Rng::new(0x6060_C0DE_2024_0001);
    let seeds = seeds();
    let mut decoded = 0usize;
    let mut built = 0usize;
    for i in 0..100_000 {
        let report = if i % 2 == 0 {
            let seed = &seeds[rng.below(seeds.len())];
            mutate(&mut rng, seed)
        } else {
            random_bytes(&mut rng, 80)
        };
        if decode(&report).is_ok() {
            decoded += 1;
        }

        // The same bytes as a batch (length-prefixed records, possibly truncated).
        let out = decode_batch(&report);
        assert!(out.len() >= 4 || report.is_empty());

        // The same bytes as a command request and as an encode request.
        if let Ok(req) = parse_request(&report) {
            if build(&req).is_ok() {
                built += 1;
            }
        }
        let _ = encode(&report);

        // A plausible request: a known category/command with random arguments.
        let spec = &COMMANDS[rng.below(COMMANDS.len())];
        let argc = rng.below(4);
        let mut req = vec![spec.category, spec.command, argc as u8];
        for _ in 0..argc {
            let v = rng.below(260) as i32 - 2;
            req.extend_from_slice(&v.to_le_bytes());
        }
        if rng.below(3) == 0 {
            req.extend(random_bytes(&mut rng, 70));
        }
        if let Ok(r) = parse_request(&req) {
            if build(&r).is_ok() {
                built += 1;
            }
        }
    }
    // The generator must reach the decoders' success paths, not only the rejections.
    assert!(decoded > 10_000, "only {decoded} reports decoded");
    assert!(built > 1_000, "only {built} commands built");
}

#!/usr/bin/env bash
# Native core-rs checks: rustfmt, clippy with -D warnings, and cargo test. Uses the rustup
# toolchain when present, otherwise Debian's 1.63 toolchain (rustfmt and rust-clippy packages).
set -euo pipefail
cd "$(dirname "$0")/../core-rs"
if command -v rustup >/dev/null && rustup which cargo >/dev/null 2>&1; then
  cargo=cargo
else
  cargo=/usr/bin/cargo
  export RUSTC=/usr/bin/rustc
fi
"$cargo" fmt --check
"$cargo" clippy --all-targets -- -D warnings
"$cargo" test

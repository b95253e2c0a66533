//! GoGo Code core logic. Pure modules with no platform dependencies, tested natively with
//! `cargo test`, plus a thin C ABI facade (`abi`) for the WebAssembly build.
//!
//! The crate has no dependencies and must build on rustc 1.63 (Debian's wasm toolchain).

#![deny(clippy::unwrap_used)]
// Library code reports failures as values; tests may still assert with `expect`/`panic!`.
#![cfg_attr(not(test), deny(clippy::expect_used, clippy::panic))]
// Raw pointers belong to the C ABI facade only.
#![deny(unsafe_code)]

#[macro_use]
mod codes;

#[allow(unsafe_code)]
pub mod abi;
pub mod datalog;
pub mod firmware_image;
pub mod flash;
pub mod hex;
pub mod hid;
pub mod json;
pub mod logo;
pub mod memread;
#[cfg(not(target_arch = "wasm32"))]
pub mod mirror;
pub mod vm;

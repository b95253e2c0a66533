//! GoGo Code core logic. Pure modules with no platform dependencies, tested natively with
//! `cargo test`, plus a thin C ABI facade (`abi`) for the WebAssembly build.
//!
//! The crate has no dependencies and must build on rustc 1.63 (Debian's wasm toolchain).

#![deny(clippy::unwrap_used)]

pub mod abi;
pub mod datalog;
pub mod firmware_image;
pub mod flash;
pub mod hex;
pub mod hid;
pub mod json;
pub mod logo;
pub mod memread;
pub mod vm;

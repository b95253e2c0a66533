//! ABI exports for the byte-code VM: handle-based, so the virtual board can own several.
//!
//! A handle is a nonzero u32 from `gg_vm_create`; a destroyed or unknown handle is the
//! error `bad-handle`. Virtual time crosses as f64 milliseconds (JavaScript numbers).

use super::handles::Handles;
use super::{err, input, ok, CallError};
use crate::logo::LogoVersion;
use crate::vm::{snapshot, Vm};
use std::cell::RefCell;

/// The call errors of the VM exports (`VmErrorCode` in TypeScript).
pub const ERRORS: &[CallError] = &[
    CallError::BadHandle,
    CallError::TooMany,
    CallError::BadConfig,
    CallError::BadInputs,
    CallError::BadAction,
    CallError::UnknownVersion,
    CallError::TooLarge,
];

/// VMs alive at once.
pub const MAX_VMS: usize = 64;

thread_local! {
    static VMS: RefCell<Handles<Box<Vm>>> = const { RefCell::new(Handles::new(MAX_VMS)) };
}

/// Runs `f` on the VM of `handle`, or answers `bad-handle`. (`f` writes the output buffer,
/// a different cell, so holding the VM table meanwhile is fine.)
fn with_vm(handle: u32, f: impl FnOnce(&mut Vm) -> i32) -> i32 {
    VMS.with(|vms| match vms.borrow_mut().get_mut(handle) {
        Some(vm) => f(vm),
        None => err(
            CallError::BadHandle.as_str(),
            &format!("No virtual machine {handle}"),
            0,
        ),
    })
}

fn ms(now_ms: f64) -> u64 {
    // `as` saturates: NaN and negatives become 0.
    now_ms as u64
}

/// Creates a VM with the default settings; returns its handle, or 0 when 64 are alive.
#[no_mangle]
pub extern "C" fn gg_vm_create() -> u32 {
    VMS.with(|vms| vms.borrow_mut().insert(Box::default()).unwrap_or(0))
}

#[no_mangle]
pub extern "C" fn gg_vm_destroy(handle: u32) -> i32 {
    match VMS.with(|vms| vms.borrow_mut().remove(handle)) {
        Some(_) => ok(Vec::new()),
        None => err(
            CallError::BadHandle.as_str(),
            &format!("No virtual machine {handle}"),
            0,
        ),
    }
}

/// Board settings: the 28-byte block of `vm::snapshot::decode_config`.
///
/// # Safety
/// `ptr`/`len` must describe a buffer from `gg_alloc`.
#[no_mangle]
pub unsafe extern "C" fn gg_vm_configure(handle: u32, ptr: *const u8, len: usize) -> i32 {
    let bytes = input(ptr, len);
    with_vm(handle, |vm| match snapshot::decode_config(bytes) {
        Ok(c) => {
            vm.configure(c);
            ok(Vec::new())
        }
        Err(m) => err(CallError::BadConfig.as_str(), &m, 0),
    })
}

/// Loads byte code for a Logo version given as 12, 13, 14 or 21 (its instruction set).
///
/// # Safety
/// `ptr`/`len` must describe a buffer from `gg_alloc`.
#[no_mangle]
pub unsafe extern "C" fn gg_vm_load(handle: u32, ptr: *const u8, len: usize, version: u32) -> i32 {
    let code = input(ptr, len);
    with_vm(handle, |vm| {
        let v = LogoVersion::ALL.iter().find(|v| v.code() == version);
        match v {
            None => err(
                CallError::UnknownVersion.as_str(),
                &format!("Unknown Logo version code {version}; use 12, 13, 14 or 21"),
                0,
            ),
            Some(v) => match vm.load(code, v.profile().instruction_set) {
                Ok(()) => ok(Vec::new()),
                Err(_) => err(
                    CallError::TooLarge.as_str(),
                    &format!(
                        "The program has {} bytes; the board holds {}",
                        code.len(),
                        crate::vm::MAX_PROGRAM
                    ),
                    0,
                ),
            },
        }
    })
}

/// The actions of `gg_vm_control`, numbered in this order: stop, run and toggle are
/// `CMD_LOGO_CONTROL`'s; power-on resets and runs the program when autorun is set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    Stop,
    Run,
    Toggle,
    PowerOn,
}

codes!(Control: Stop = "stop", Run = "run", Toggle = "toggle", PowerOn = "power-on");

/// Runs a [`Control`] action given as its number.
#[no_mangle]
pub extern "C" fn gg_vm_control(handle: u32, action: u32, now_ms: f64) -> i32 {
    with_vm(handle, |vm| match Control::ALL.get(action as usize) {
        Some(Control::PowerOn) => {
            vm.power_on(ms(now_ms));
            ok(Vec::new())
        }
        Some(&c) => {
            vm.control(c as u8, ms(now_ms));
            ok(Vec::new())
        }
        None => err(
            CallError::BadAction.as_str(),
            &format!("Unknown action {action}"),
            0,
        ),
    })
}

#[no_mangle]
pub extern "C" fn gg_vm_set_autorun(handle: u32, on: u32) -> i32 {
    with_vm(handle, |vm| {
        vm.set_autorun(on != 0);
        ok(Vec::new())
    })
}

/// Level inputs: the 40-byte block of `vm::snapshot::decode_inputs`.
///
/// # Safety
/// `ptr`/`len` must describe a buffer from `gg_alloc`.
#[no_mangle]
pub unsafe extern "C" fn gg_vm_set_inputs(handle: u32, ptr: *const u8, len: usize) -> i32 {
    let bytes = input(ptr, len);
    with_vm(handle, |vm| match snapshot::decode_inputs(bytes) {
        Ok(i) => {
            vm.inputs = i;
            ok(Vec::new())
        }
        Err(m) => err(CallError::BadInputs.as_str(), &m, 0),
    })
}

/// Something arriving at the board: kind 0 an IR code (1 byte), 1 a serial byte, 2 a
/// key-value message ("key,value" text).
///
/// # Safety
/// `ptr`/`len` must describe a buffer from `gg_alloc`.
#[no_mangle]
pub unsafe extern "C" fn gg_vm_receive(handle: u32, kind: u32, ptr: *const u8, len: usize) -> i32 {
    let bytes = input(ptr, len);
    with_vm(handle, |vm| match (kind, bytes) {
        (0, [code]) => {
            vm.receive_ir(*code);
            ok(Vec::new())
        }
        (1, [b]) => {
            vm.receive_serial(*b);
            ok(Vec::new())
        }
        (2, text) => match text.iter().position(|&b| b == b',') {
            Some(i) => {
                vm.receive_key_value(&text[..i], &text[i + 1..]);
                ok(Vec::new())
            }
            None => err(
                CallError::BadInputs.as_str(),
                "A key-value message is \"key,value\"",
                0,
            ),
        },
        _ => err(
            CallError::BadInputs.as_str(),
            &format!("Unknown input kind {kind}"),
            0,
        ),
    })
}

/// Runs at most `budget` instructions at virtual time `now_ms`. Output: instructions
/// executed (u32 LE), then the snapshot and the events since the last read
/// (`vm::snapshot::encode`).
#[no_mangle]
pub extern "C" fn gg_vm_step(handle: u32, budget: u32, now_ms: f64) -> i32 {
    with_vm(handle, |vm| {
        let report = vm.run(budget, ms(now_ms));
        let mut out = report.executed.to_le_bytes().to_vec();
        out.extend(snapshot::encode(vm));
        ok(out)
    })
}

/// The snapshot and the events since the last read, without running.
#[no_mangle]
pub extern "C" fn gg_vm_snapshot(handle: u32) -> i32 {
    with_vm(handle, |vm| ok(snapshot::encode(vm)))
}

/// The data log as u16 LE words (index 0 up to the highest recorded).
#[no_mangle]
pub extern "C" fn gg_vm_data_log(handle: u32) -> i32 {
    with_vm(handle, |vm| {
        ok(vm.data_log().iter().flat_map(|w| w.to_le_bytes()).collect())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::{gg_out_len, gg_out_ptr, STATUS_ERROR, STATUS_OK};

    fn out() -> Vec<u8> {
        unsafe { std::slice::from_raw_parts(gg_out_ptr(), gg_out_len()).to_vec() }
    }

    #[test]
    fn a_vm_runs_through_its_handle_and_dies_with_it() {
        let h = gg_vm_create();
        assert_ne!(h, 0);
        // to main / a, on / beep / end
        let code = [1u8, 1, 90, 49, 12, 0];
        assert_eq!(
            unsafe { gg_vm_load(h, code.as_ptr(), code.len(), 13) },
            STATUS_OK
        );
        assert_eq!(gg_vm_control(h, 1, 0.0), STATUS_OK);
        assert_eq!(gg_vm_step(h, 100, 5.0), STATUS_OK);
        let o = out();
        assert_eq!(u32::from_le_bytes([o[0], o[1], o[2], o[3]]), 5);
        let snap = &o[4..];
        assert_eq!(snap[0], snapshot::FORMAT);
        assert_eq!(snap[1], 4, "done");
        assert_eq!(snap[9], 1, "motor a on");
        assert_eq!(gg_vm_destroy(h), STATUS_OK);
        assert_eq!(gg_vm_step(h, 100, 6.0), STATUS_ERROR);
        assert!(String::from_utf8_lossy(&out()).contains("bad-handle"));
        let again = gg_vm_create();
        assert_ne!(again, h, "a reused slot gets a new handle");
        assert_eq!(gg_vm_destroy(again), STATUS_OK);
    }

    #[test]
    fn bad_inputs_are_typed_errors() {
        let h = gg_vm_create();
        assert_eq!(
            unsafe { gg_vm_load(h, [0u8].as_ptr(), 1, 15) },
            STATUS_ERROR
        );
        assert_eq!(
            unsafe { gg_vm_set_inputs(h, [0u8; 3].as_ptr(), 3) },
            STATUS_ERROR
        );
        assert_eq!(
            unsafe { gg_vm_configure(h, [0u8; 3].as_ptr(), 3) },
            STATUS_ERROR
        );
        assert_eq!(
            unsafe { gg_vm_receive(h, 2, b"novalue".as_ptr(), 7) },
            STATUS_ERROR
        );
        assert_eq!(gg_vm_control(h, 9, 0.0), STATUS_ERROR);
        assert_eq!(gg_vm_control(0, 1, 0.0), STATUS_ERROR);
        assert_eq!(gg_vm_destroy(h), STATUS_OK);
    }
}

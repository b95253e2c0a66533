//! The facts TypeScript mirrors from core-rs, written as one TypeScript module
//! (`src/core/generated/core-facts.ts`): error-code unions, the numbered lists of the
//! binary layouts, and the slot tables of decoded status packets.
//!
//! `cargo run --example ts_mirror` (`npm run generate:core`) writes the file; the test
//! `tests/ts_mirror.rs` fails while the committed file differs from [`typescript`], so a
//! change on either side cannot drift unnoticed. Native only: the module never reaches the
//! WebAssembly build.

use crate::abi::{self, CallError};
use crate::datalog::decoder::{DatalogErrorCode, Phase};
use crate::firmware_image::{MismatchCode, Target};
use crate::flash::{self, Chip, FlashErrorCode};
use crate::hex::HexErrorCode;
use crate::hid::command::FrameErrorCode;
use crate::hid::layout::{pi_slot, slot};
use crate::hid::packet;
use crate::logo::decompile::ErrorCode as DecompileErrorCode;
use crate::logo::{LogoErrorCode, LogoVersion};
use crate::memread::ErrorCode as MemReadErrorCode;
use crate::vm::fault::FaultCode;
use crate::vm::io::{DisplayTarget, EndReason, PiReporter};
use crate::vm::snapshot::{self, StateNumber};
use std::fmt::Write;

/// Where the generated file lives, from the repository root.
pub const PATH: &str = "src/core/generated/core-facts.ts";

const HEADER: &str = "\
// Generated from core-rs by `npm run generate:core` (core-rs/src/mirror.rs); do not edit.
// `bash scripts/test-rust.sh` fails while this file differs from what core-rs generates.
";

struct Out(String);

impl Out {
    fn doc(&mut self, doc: &str) {
        self.0.push('\n');
        let _ = writeln!(self.0, "/** {doc} */");
    }

    /// `export const NAME = ['a', …] as const;` and, with `type_name`, its union type.
    fn list(&mut self, doc: &str, name: &str, type_name: Option<&str>, items: &[&str]) {
        self.doc(doc);
        let quoted: Vec<String> = items.iter().map(|i| format!("'{i}'")).collect();
        let one_line = format!("export const {name} = [{}] as const;", quoted.join(", "));
        // Prettier's layout (print width 100), so the file passes `prettier --check`.
        if one_line.len() <= 100 {
            let _ = writeln!(self.0, "{one_line}");
        } else {
            let _ = writeln!(self.0, "export const {name} = [");
            for item in &quoted {
                let _ = writeln!(self.0, "  {item},");
            }
            self.0.push_str("] as const;\n");
        }
        if let Some(t) = type_name {
            let _ = writeln!(self.0, "export type {t} = (typeof {name})[number];");
        }
    }

    /// `export const NAME = { KEY: n, … } as const;`
    fn record(&mut self, doc: &str, name: &str, entries: &[(&str, usize)]) {
        self.doc(doc);
        let _ = writeln!(self.0, "export const {name} = {{");
        for (key, value) in entries {
            let plain = key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            let key = if key.starts_with(|c: char| c.is_ascii_digit()) || !plain {
                format!("'{key}'")
            } else {
                (*key).to_string()
            };
            let _ = writeln!(self.0, "  {key}: {value},");
        }
        self.0.push_str("} as const;\n");
    }
}

fn calls(errors: &[CallError]) -> Vec<&'static str> {
    errors.iter().map(|e| e.as_str()).collect()
}

fn codes<T: Copy>(all: &[T], as_str: fn(T) -> &'static str) -> Vec<&'static str> {
    all.iter().map(|&c| as_str(c)).collect()
}

/// The whole generated module.
pub fn typescript() -> String {
    let mut o = Out(HEADER.to_string());

    o.list(
        "Error codes of Intel HEX parsing (core-rs `hex::HexErrorCode`).",
        "HEX_ERROR_CODES",
        Some("HexErrorCode"),
        &codes(HexErrorCode::ALL, HexErrorCode::as_str),
    );
    o.list(
        "Error codes of the Logo filter and compiler (core-rs `logo::LogoErrorCode`).",
        "LOGO_ERROR_CODES",
        Some("LogoErrorCode"),
        &codes(LogoErrorCode::ALL, LogoErrorCode::as_str),
    );
    let mut flash = codes(FlashErrorCode::OWN, FlashErrorCode::as_str);
    flash.extend(calls(abi::flash::ERRORS));
    o.list(
        "Error codes of flash plans besides the HEX codes (core-rs `flash::FlashErrorCode`, \
         `abi::flash::ERRORS`).",
        "FLASH_PLAN_ERROR_CODES",
        Some("FlashPlanErrorCode"),
        &flash,
    );
    o.list(
        "Error codes of command framing (core-rs `hid::command::FrameErrorCode`).",
        "HID_FRAME_ERROR_CODES",
        Some("HidFrameErrorCode"),
        &codes(FrameErrorCode::ALL, FrameErrorCode::as_str),
    );
    o.list(
        "Error codes of report encoding (core-rs `abi::hid::ENCODE_ERRORS`).",
        "HID_ENCODE_ERROR_CODES",
        Some("HidEncodeErrorCode"),
        &calls(abi::hid::ENCODE_ERRORS),
    );
    o.list(
        "Fault codes of the VM (core-rs `vm::FaultCode`), in snapshot-number order (1 first).",
        "VM_FAULT_CODES",
        Some("VmFaultCode"),
        &codes(FaultCode::ALL, FaultCode::as_str),
    );
    o.list(
        "Errors of the VM calls themselves, not program faults (core-rs `abi::vm::ERRORS`).",
        "VM_ERROR_CODES",
        Some("VmErrorCode"),
        &calls(abi::vm::ERRORS),
    );
    o.list(
        "Run states of the VM snapshot, by number (core-rs `vm::snapshot::StateNumber`).",
        "VM_RUN_STATES",
        Some("VmRunState"),
        &codes(StateNumber::ALL, StateNumber::as_str),
    );
    o.list(
        "Actions of `gg_vm_control`, by number (core-rs `abi::vm::Control`).",
        "VM_CONTROLS",
        Some("VmControl"),
        &codes(abi::vm::Control::ALL, abi::vm::Control::as_str),
    );
    o.list(
        "Display targets of the VM snapshot, by number (core-rs `vm::io::DisplayTarget`).",
        "VM_DISPLAY_TARGETS",
        Some("VmDisplayTarget"),
        &codes(DisplayTarget::ALL, DisplayTarget::as_str),
    );
    o.list(
        "Why a program ended, by number (core-rs `vm::io::EndReason`).",
        "VM_END_REASONS",
        Some("VmEndReason"),
        &codes(EndReason::ALL, EndReason::as_str),
    );
    o.list(
        "The Raspberry Pi reporters in the order of the VM's input block (core-rs \
         `vm::io::PiReporter`).",
        "VM_PI_REPORTERS",
        Some("VmPiReporter"),
        &codes(PiReporter::ALL, PiReporter::as_str),
    );
    o.record(
        "Event type numbers of the VM snapshot (core-rs `vm::snapshot::event`).",
        "VM_EVENT",
        snapshot::event::ALL,
    );
    let mut decompile = codes(DecompileErrorCode::ALL, DecompileErrorCode::as_str);
    decompile.splice(0..0, calls(abi::decompile::DECOMPILE_ERRORS));
    o.list(
        "Errors of the decompiler (core-rs `decompile::ErrorCode`, \
         `abi::decompile::DECOMPILE_ERRORS`).",
        "DECOMPILE_ERROR_CODES",
        Some("DecompileErrorCode"),
        &decompile,
    );
    let mut memread = calls(abi::decompile::MEMREAD_ERRORS);
    memread.extend(codes(MemReadErrorCode::ALL, MemReadErrorCode::as_str));
    o.list(
        "Errors of the memory-read reply (core-rs `memread::ErrorCode`, \
         `abi::decompile::MEMREAD_ERRORS`).",
        "MEMREAD_ERROR_CODES",
        Some("MemReadErrorCode"),
        &memread,
    );
    o.list(
        "Where a datalog read stands, by number (core-rs `datalog::Phase`).",
        "DATALOG_PHASES",
        Some("DatalogPhase"),
        &codes(Phase::ALL, Phase::as_str),
    );
    o.list(
        "Problems in the board's datalog stream (core-rs `datalog::DatalogErrorCode`).",
        "DATALOG_ERROR_CODES",
        Some("DatalogErrorCode"),
        &codes(DatalogErrorCode::ALL, DatalogErrorCode::as_str),
    );
    o.list(
        "Misuse of the datalog calls (core-rs `abi::datalog::ERRORS`).",
        "DATALOG_CALL_ERROR_CODES",
        Some("DatalogCallErrorCode"),
        &calls(abi::datalog::ERRORS),
    );
    let versions: Vec<(&str, usize)> = LogoVersion::ALL
        .iter()
        .map(|v| (v.as_str(), v.code() as usize))
        .collect();
    o.record(
        "The Logo versions and the numbers the VM and version picker use for them (core-rs \
         `logo::LogoVersion`).",
        "LOGO_VERSION_CODES",
        &versions,
    );
    o.record(
        "Chip numbers of flash plans (core-rs `flash::Chip`).",
        "FLASH_CHIP_CODES",
        &[
            ("stm", Chip::Stm as usize),
            ("esp", Chip::Esp as usize),
            ("legacy", Chip::Legacy as usize),
        ],
    );
    o.list(
        "Why a firmware file is refused before it is written (core-rs \
         `firmware_image::MismatchCode`; `gg_firmware_check` reports index + 1, 0 = fits).",
        "FIRMWARE_MISMATCH_CODES",
        Some("FirmwareMismatch"),
        &codes(MismatchCode::ALL, MismatchCode::as_str),
    );
    o.record(
        "What a firmware image is written as: the identity block's chip numbers (core-rs \
         `firmware_image::Target`).",
        "FIRMWARE_TARGET_CODES",
        &[
            ("stm", Target::Stm as usize),
            ("esp", Target::Esp as usize),
            ("legacy-firmware", Target::LegacyFirmware as usize),
            ("legacy-bootloader", Target::LegacyBootloader as usize),
        ],
    );
    o.record(
        "Sizes of flash units and reports, shared by the flash plans, the flash engine and \
         the virtual board's bootloaders (core-rs `flash`).",
        "FLASH_LAYOUT",
        &[
            ("STM_PAGE_BYTES", flash::STM_PAGE_BYTES),
            ("STM_REPORT_BYTES", flash::STM_REPORT_BYTES),
            ("ESP_SECTOR_BYTES", flash::ESP_SECTOR_BYTES),
            ("ESP_REPORT_BYTES", flash::ESP_REPORT_BYTES),
            ("LEGACY_CHUNK_BYTES", flash::LEGACY_CHUNK_BYTES),
            ("LEGACY_REPORT_BYTES", flash::LEGACY_REPORT_BYTES),
            ("LEGACY_ADDRESS_LIMIT", flash::LEGACY_ADDRESS_LIMIT as usize),
        ],
    );
    o.record(
        "Record kinds of `gg_hid_decode` output: the packet type, or 255 for an ignored \
         report (core-rs `hid::packet`, `abi::hid`).",
        "HID_RECORD_KIND",
        &[
            ("STATUS", usize::from(packet::TYPE_STATUS)),
            ("DEBUG", usize::from(packet::TYPE_DEBUG)),
            ("PI_STATUS", usize::from(packet::TYPE_PI_STATUS)),
            ("TAP", usize::from(packet::TYPE_TAP)),
            ("KEY_VALUE", usize::from(packet::TYPE_KEY_VALUE)),
            ("RESPONSE", usize::from(packet::TYPE_RESPONSE)),
            ("IGNORED", usize::from(abi::hid::RECORD_IGNORED)),
        ],
    );
    o.list(
        "Why a report was ignored, numbered from 1 (core-rs `hid::packet::Ignored`).",
        "HID_IGNORED_REASONS",
        Some("IgnoredReason"),
        &codes(packet::Ignored::ALL, packet::Ignored::as_str),
    );
    o.record(
        "Slots of a decoded status packet; arrays start at their slot (core-rs \
         `hid::layout::slot`).",
        "STATUS_SLOT",
        slot::ALL,
    );
    o.record(
        "Slots of a decoded Raspberry Pi status packet (core-rs `hid::layout::pi_slot`).",
        "PI_SLOT",
        pi_slot::ALL,
    );
    o.0
}

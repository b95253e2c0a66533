//! The TEST images the server ships (written by the TypeScript builder,
//! `scripts/make-test-firmware.ts`) read with the Rust reader: two implementations of the
//! identity block agree, and the rules refuse each image wherever it does not belong.

use gogo_core::firmware_image::{
    check, inspect, Destination, MismatchCode, Target, BOARD_GOGO4, BOARD_GOGO6, BOARD_PI_TOPPING,
};
use std::path::PathBuf;

fn shipped(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../server/firmware")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn dest(target: Target, board_type: u8, virtual_board: bool) -> Destination {
    Destination {
        target,
        board_type,
        virtual_board,
    }
}

#[test]
fn gogo6_images_fit_the_simulated_gogo6_only() {
    for (name, target, version) in [
        ("files/gogo-esp-1.0.3.bin", Target::Esp, 43),
        ("files/gogo-stm-1.0.1.bin", Target::Stm, 11),
    ] {
        let file = shipped(name);
        let facts = inspect(&file, false, name.as_bytes(), target).expect("a .bin always parses");
        let id = facts.identity.clone().expect("identity block");
        assert_eq!(
            (id.chip, id.board_type, id.version),
            (target as u8, BOARD_GOGO6, version)
        );
        assert!(id.complete && id.is_test(), "{name}");
        assert_eq!(
            check(&facts, false, dest(target, BOARD_GOGO6, true)),
            Ok(())
        );
        let real = check(&facts, false, dest(target, BOARD_GOGO6, false));
        assert_eq!(
            real.map_err(|m| m.code),
            Err(MismatchCode::TestImage),
            "{name}"
        );
        let legacy = check(&facts, false, dest(target, BOARD_PI_TOPPING, true));
        assert_eq!(
            legacy.map_err(|m| (m.code, m.image_board)),
            Err((MismatchCode::WrongBoard, BOARD_GOGO6))
        );
    }
}

#[test]
fn legacy_images_name_their_board() {
    for (name, target, board) in [
        (
            "legacy/bootloader.hex",
            Target::LegacyBootloader,
            BOARD_GOGO4,
        ),
        (
            "legacy/bootloaderPT.hex",
            Target::LegacyBootloader,
            BOARD_PI_TOPPING,
        ),
        (
            "legacy/gogo40.v111.hex",
            Target::LegacyFirmware,
            BOARD_GOGO4,
        ),
        (
            "legacy/rpt10.v43.hex",
            Target::LegacyFirmware,
            BOARD_PI_TOPPING,
        ),
    ] {
        let file = shipped(name);
        let facts = inspect(&file, true, name.as_bytes(), target).expect("the HEX parses");
        let id = facts.identity.clone().expect("identity block");
        assert_eq!((id.chip, id.board_type), (target as u8, board), "{name}");
        assert!(id.complete, "{name}");
        assert_eq!(
            check(&facts, true, dest(target, board, true)),
            Ok(()),
            "{name}"
        );
        let other = if board == BOARD_GOGO4 {
            BOARD_PI_TOPPING
        } else {
            BOARD_GOGO4
        };
        let refused = check(&facts, true, dest(target, other, true));
        assert_eq!(
            refused.map_err(|m| (m.code, m.image_board)),
            Err((MismatchCode::WrongBoard, board))
        );
    }
    // The GoGo 4 firmware offered to the ESP32 of a GoGo 6 (it once flashed and reported
    // "firmware 111").
    let file = shipped("legacy/gogo40.v111.hex");
    let facts = inspect(&file, true, b"gogo40.v111.hex", Target::Esp).expect("parses");
    let refused = check(&facts, true, dest(Target::Esp, BOARD_GOGO6, true));
    assert_eq!(
        refused.map_err(|m| (m.code, m.image_board)),
        Err((MismatchCode::WrongBoard, BOARD_GOGO4))
    );
}

//! Writes the TypeScript mirror of core-rs facts (`src/core/generated/core-facts.ts`).
//! `npm run generate:core` runs it; `tests/ts_mirror.rs` checks the file is current.

use gogo_core::mirror;
use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(mirror::PATH);
    let text = mirror::typescript();
    if std::fs::read_to_string(&path).ok().as_deref() == Some(text.as_str()) {
        println!("{} is up to date", mirror::PATH);
        return ExitCode::SUCCESS;
    }
    let written = path
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| std::fs::write(&path, text));
    match written {
        Ok(()) => {
            println!("wrote {}", mirror::PATH);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("cannot write {}: {e}", path.display());
            ExitCode::FAILURE
        }
    }
}

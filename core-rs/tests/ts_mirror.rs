//! The committed TypeScript mirror (`src/core/generated/core-facts.ts`) is what core-rs
//! generates now: a changed code, slot or numbered list in Rust fails here until
//! `npm run generate:core` rewrites the file (and TypeScript then type-checks against it).

use gogo_core::mirror;
use std::path::Path;

#[test]
fn the_generated_typescript_mirror_is_current() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(mirror::PATH);
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == mirror::typescript(),
        "{} is stale: run `npm run generate:core` and commit the result",
        mirror::PATH
    );
}

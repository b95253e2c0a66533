#!/usr/bin/env bash
# Runs every test on a fresh machine: set-up, static checks, core-rs native tests, unit and
# WASM tests, the server suites on SQLite and PostgreSQL, the production build, and
# end-to-end tests in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh

step() { printf '\n=== %s ===\n' "$*"; }

step "format (prettier)"
npx prettier --check . --log-level warn
step "lint (eslint, zero warnings)"
npx eslint . --max-warnings 0
step "typecheck (tsc, every runtime)"
npm run -s typecheck
step "core-rs (rustfmt, clippy, cargo test)"
bash scripts/test-rust.sh
step "unit tests (vitest; server suites on SQLite, real Auth emulator)"
npx vitest run
step "server suites again on PostgreSQL (throw-away cluster)"
node --import tsx scripts/pg-temp.ts run -- npx vitest run --project node server src
step "remote-lab and web UI broker suites on Mosquitto with dynamic security (throw-away broker)"
node --import tsx scripts/mosquitto-temp.ts run -- npx vitest run --project node server/remote-lab server/webui src/remote-lab src/webui
step "durability: SIGKILL during a burst of saves (SQLite, then PostgreSQL)"
node --import tsx scripts/durability.ts
step "build (vite)"
npx vite build --logLevel warn
step "end-to-end (playwright, chromium, real server and Auth emulator)"
npx playwright test

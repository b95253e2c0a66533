#!/usr/bin/env bash
# Runs the whole product locally: set-up, UI build, then the Firebase Auth emulator and the
# API server (which serves the UI) on http://localhost:${GOGO_PORT:-8080}. Ctrl-C stops both.
# Data stays in data/ (SQLite database, emulator accounts) between runs.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
npx vite build --logLevel warn
exec node --import tsx scripts/stack.ts

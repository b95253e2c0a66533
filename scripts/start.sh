#!/usr/bin/env bash
# Runs the whole product locally: set-up, UI build, then the Firebase Auth emulator and the
# API server (which serves the UI) on http://localhost:${GOGO_PORT:-8080}. Ctrl-C stops both.
# Data stays in data/ (SQLite database, emulator accounts) between runs.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
# The UI is built again only when something it is built from changed since the last build.
newer=$(find src locales public workers scripts core-rs/pkg index.html vite.config.ts package-lock.json \
  -newer dist/index.html -print -quit 2>/dev/null || echo changed)
if [ ! -f dist/index.html ] || [ -n "$newer" ]; then
  echo "start: building the UI with vite (a few minutes on a fresh clone)…"
  started=$SECONDS
  npx vite build --logLevel warn
  echo "start: UI built in $((SECONDS - started)) s"
else
  echo "start: the UI in dist/ is up to date"
fi
exec node --import tsx scripts/stack.ts

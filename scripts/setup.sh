#!/usr/bin/env bash
# One-time (and idempotent) set-up for a fresh Debian machine with Node 20 and npm 11:
# Debian packages when missing (as root), npm packages, and the core-rs WebAssembly build.
# Safe to run again: each step checks before it works. Each step says what it does and how
# long it took, so a long step is never a silent one.
set -euo pipefail
cd "$(dirname "$0")/.."

step_start=$SECONDS
done_in() { echo "setup: $1 in $((SECONDS - step_start)) s"; step_start=$SECONDS; }

need=()
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
# Browser for end-to-end tests; wasm toolchain fallback; PostgreSQL for the server tests;
# Mosquitto (with mosquitto_ctrl) for the remote-lab suites on an external broker, and jemalloc
# for it (docs/deploy.md "Mosquitto"); HAProxy for cluster mode (npm run cluster) and its tests.
for p in chromium rustc cargo libstd-rust-dev-wasm32 lld postgresql mosquitto mosquitto-clients libjemalloc2 haproxy; do
  have_pkg "$p" || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "setup: installing Debian packages: ${need[*]} (a few minutes on a fresh machine)…"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
    done_in "Debian packages installed"
  else
    echo "setup: missing Debian packages (${need[*]}); install them as root: apt-get install ${need[*]}" >&2
  fi
fi

# npm packages: install when node_modules is missing or older than the lock file.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  driver=node_modules/better-sqlite3/build/Release/better_sqlite3.node
  if [ "$(node scripts/sqlite-driver.mjs status)" = cached ]; then
    echo "setup: installing npm packages with npm ci (about a minute; the SQLite driver is the one built here before)…"
  else
    echo "setup: installing npm packages with npm ci. The SQLite driver (better-sqlite3) downloads its"
    echo "       prebuilt binary from GitHub; where it cannot, it compiles SQLite from source, which takes"
    echo "       5 to 15 minutes on a small machine. That build is kept, so later set-ups here take a minute."
  fi
  # While the driver compiles, npm prints nothing: say every minute that it is still working.
  (
    while sleep 60; do
      if [ -d node_modules/better-sqlite3/build ] && [ ! -f "$driver" ]; then
        echo "setup: still compiling the SQLite driver ($((SECONDS - step_start)) s so far)…"
      fi
    done
  ) &
  ticker=$!
  trap 'kill "$ticker" 2>/dev/null || true' EXIT
  npm ci --no-audit --no-fund
  kill "$ticker" 2>/dev/null || true
  node scripts/sqlite-driver.mjs keep
  done_in "npm packages installed"
fi

node scripts/build-wasm.mjs

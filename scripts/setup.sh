#!/usr/bin/env bash
# One-time (and idempotent) set-up for a fresh Debian machine with Node 20 and npm 11:
# Debian packages when missing (as root), npm packages, and the core-rs WebAssembly build.
# Safe to run again: each step checks before it works.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
# Browser for end-to-end tests; wasm toolchain fallback; PostgreSQL for the server tests;
# Mosquitto (with mosquitto_ctrl) for the remote-lab suites on an external broker; HAProxy for
# cluster mode (npm run cluster) and its tests.
for p in chromium rustc cargo libstd-rust-dev-wasm32 lld postgresql mosquitto mosquitto-clients haproxy; do
  have_pkg "$p" || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "setup: installing Debian packages: ${need[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  else
    echo "setup: missing Debian packages (${need[*]}); install them as root: apt-get install ${need[*]}" >&2
  fi
fi

# npm packages: install when node_modules is missing or older than the lock file.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: npm ci"
  npm ci --no-audit --no-fund
fi

node scripts/build-wasm.mjs

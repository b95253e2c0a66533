#!/usr/bin/env bash
# Runs every test on a fresh machine: set-up, static checks, core-rs native tests, unit and
# WASM tests, the server suites on SQLite and PostgreSQL, the production build, and
# end-to-end tests in Debian's Chromium.
#
# After set-up the suites run in two lanes at once, because most of the end-to-end time is
# spent waiting on the browser and the server, not on the CPU: lane "checks" (static checks,
# core-rs, unit tests, PostgreSQL, Mosquitto, durability) and lane "e2e" (build, Playwright,
# then the cluster of replicas).
# Each lane goes on after a failed step so one run reports every failure; the lane logs are
# printed whole, the failed lane last, then a summary.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh

LOGS=$(mktemp -d)
trap 'rm -rf "$LOGS"' EXIT

# step LANE TITLE COMMAND...: runs one step, notes its time and, if it fails, its title.
step() {
  local lane=$1 title=$2
  shift 2
  local started=$SECONDS
  printf '\n=== %s ===\n' "$title"
  if "$@"; then
    printf '=== %s: ok in %ss\n' "$title" $((SECONDS - started))
  else
    printf '=== %s: FAILED (exit %s) after %ss\n' "$title" "$?" $((SECONDS - started))
    printf '%s\n' "$title" >>"$LOGS/$lane.failed"
  fi
}

lane_checks() {
  step checks "format (prettier)" npx prettier --check . --log-level warn
  step checks "lint (eslint, zero warnings)" npx eslint . --max-warnings 0
  step checks "typecheck (tsc, every runtime)" npm run -s typecheck
  step checks "core-rs (rustfmt, clippy, cargo test)" bash scripts/test-rust.sh
  step checks "unit tests (vitest; server suites on SQLite, real Auth emulator)" npx vitest run
  step checks "server suites again on PostgreSQL (throw-away cluster)" \
    node --import tsx scripts/pg-temp.ts run -- npx vitest run --project node server src
  step checks "remote-lab and web UI broker suites on Mosquitto with dynamic security (throw-away broker)" \
    node --import tsx scripts/mosquitto-temp.ts run -- npx vitest run --project node \
    server/remote-lab server/webui src/remote-lab src/webui
  step checks "durability: SIGKILL during a burst of saves (SQLite, then PostgreSQL)" \
    node --import tsx scripts/durability.ts
}

lane_e2e() {
  step e2e "build (vite)" npx vite build --logLevel warn
  if [[ -e "$LOGS/e2e.failed" ]]; then
    printf '\n=== end-to-end: skipped, the build failed ===\n'
  else
    step e2e "end-to-end (playwright, chromium, real server and Auth emulator)" npx playwright test
  fi
  # Here rather than in the checks lane, which is the longer one.
  step e2e "cluster: 3 replicas behind HAProxy on PostgreSQL and Mosquitto (story, kill -9, rolling restart, database and broker restarts, shared limits)" \
    node --import tsx scripts/cluster-checks.ts
}

started=$SECONDS
# The checks lane prints as it goes (CI shows progress); the e2e lane is kept in its log.
lane_e2e >"$LOGS/e2e.log" 2>&1 &
e2e_pid=$!
lane_checks 2>&1 | tee "$LOGS/checks.log"
wait "$e2e_pid" || true

if [[ -e "$LOGS/checks.failed" && ! -e "$LOGS/e2e.failed" ]]; then
  printf '\n########## lane e2e (passed) ##########\n'
  cat "$LOGS/e2e.log"
  printf '\n########## lane checks (failed): its log again ##########\n'
  cat "$LOGS/checks.log"
else
  printf '\n########## lane e2e ##########\n'
  cat "$LOGS/e2e.log"
fi

printf '\n########## summary (%ss in all) ##########\n' $((SECONDS - started))
status=0
for lane in checks e2e; do
  if [[ -e "$LOGS/$lane.failed" ]]; then
    status=1
    sed "s/^/FAILED [$lane]: /" "$LOGS/$lane.failed"
  else
    printf 'lane %s: every step passed\n' "$lane"
  fi
done
exit "$status"

#!/usr/bin/env bash
# Runs every test on a fresh machine: set-up, static checks, core-rs native tests, unit and
# WASM tests, the server suites on SQLite and PostgreSQL, the production build, and
# end-to-end tests in Debian's Chromium.
#
# After set-up and the production build the suites run in five lanes at once, because much
# of their time is spent waiting on browsers, servers, databases and brokers, not on the CPU:
# lane "static" (prettier, eslint, tsc, core-rs; at a lower priority), lane "checks" (unit
# tests), lane "engines" (the server suites on PostgreSQL and Mosquitto, durability, the
# cluster of replicas) and two Playwright shards, each with its own stack (server and Auth emulator) on its own ports.
# Each lane goes on after a failed step so one run reports every failure; the lane logs are
# printed whole, failed lanes last, then a summary.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh

LOGS=$(mktemp -d)
trap 'rm -rf "$LOGS"' EXIT

# cpu_now: sets CPU to the CPU time (user + system, whole seconds) of this shell's finished
# children so far. `times` must run in this shell: a subshell ($(...) or a pipe) has no
# children of its own.
cpu_now() {
  local file="$LOGS/times.$BASHPID"
  times >"$file"
  CPU=$(tail -1 "$file" | awk '{ t = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); t += p[1] * 60 + p[2] } printf "%d", t }')
}

# step LANE TITLE COMMAND...: runs one step, notes its time, the CPU time it took (the lanes
# share two cores, so a step's wall time depends on the others) and, if it fails, its title.
step() {
  local lane=$1 title=$2
  shift 2
  local started=$SECONDS cpu
  cpu_now
  cpu=$CPU
  printf '\n=== %s ===\n' "$title"
  if "$@"; then
    cpu_now
    printf '=== %s: ok in %ss (CPU %ss)\n' "$title" $((SECONDS - started)) $((CPU - cpu))
  else
    local status=$?
    cpu_now
    printf '=== %s: FAILED (exit %s) after %ss (CPU %ss)\n' "$title" "$status" $((SECONDS - started)) $((CPU - cpu))
    printf '%s\n' "$title" >>"$LOGS/$lane.failed"
  fi
}

# Static checks (and core-rs's native tests) are single-threaded each: a lane of their own
# keeps the second core busy while the unit tests run. They run at a lower priority: nothing in them
# waits on a clock, while the browsers, servers and brokers of the other lanes have time-outs,
# and on two cores every lane waits for a core.
lane_static() {
  step static "format (prettier)" nice -n 10 npx prettier --check . --log-level warn
  step static "lint (eslint, zero warnings)" nice -n 10 npx eslint . --max-warnings 0
  step static "typecheck (tsc, every runtime)" nice -n 10 npm run -s typecheck
  step static "core-rs (rustfmt, clippy, cargo test)" nice -n 10 bash scripts/test-rust.sh
}

# Vitest's time-outs for a machine as busy as this command makes it: a test or hook that
# waits on a server, a browser engine or a broker takes several times as long as alone. A
# test that hangs still fails; one slowed by the other lanes no longer does.
VITEST_LIMITS=(--testTimeout=60000 --hookTimeout=180000)

lane_checks() {
  step checks "unit tests (vitest; server suites on SQLite, real Auth emulator)" \
    npx vitest run "${VITEST_LIMITS[@]}"
}

lane_engines() {
  # Only the suites that open a database run again; the others would repeat the same run.
  local suites
  mapfile -t suites < <(node --import tsx scripts/db-suites.ts server src)
  step engines "server suites again on PostgreSQL (throw-away cluster, ${#suites[@]} suites)" \
    node --import tsx scripts/pg-temp.ts run -- npx vitest run --project node \
    "${VITEST_LIMITS[@]}" "${suites[@]}"
  step engines "remote-lab and web UI broker suites on Mosquitto with dynamic security (throw-away broker)" \
    node --import tsx scripts/mosquitto-temp.ts run -- npx vitest run --project node \
    "${VITEST_LIMITS[@]}" \
    server/remote-lab server/webui src/remote-lab src/webui
  step engines "durability: SIGKILL during a burst of saves (SQLite, then PostgreSQL)" \
    node --import tsx scripts/durability.ts
  step engines "cluster: 3 replicas behind HAProxy on PostgreSQL and Mosquitto (story, kill -9, rolling restart, database and broker restarts, shared limits)" \
    node --import tsx scripts/cluster-checks.ts
}

# lane_e2e N PORT: one Playwright shard of two, on its own stack and output folder.
lane_e2e() {
  local n=$1 port=$2
  step "e2e$n" "end-to-end, shard $n of 2 (playwright, chromium, real server and Auth emulator on port $port)" \
    env GOGO_E2E_PORT="$port" GOGO_E2E_JSON="$LOGS/e2e$n.json" \
    npx playwright test --shard="$n/2" --output="test-results/shard-$n"
}

# machine_ticks: busy and total CPU ticks of the whole machine so far (all cores, /proc/stat).
machine_ticks() { awk '/^cpu / { busy = $2 + $3 + $4 + $7 + $8 + $9; print busy, busy + $5 + $6 }' /proc/stat; }
read -r busy0 total0 < <(machine_ticks)

started=$SECONDS
lanes=(static checks engines e2e1 e2e2)
step build "build (vite)" npx vite build --logLevel warn 2>&1 | tee "$LOGS/build.log"
pids=()
lane_static >"$LOGS/static.log" 2>&1 &
pids+=($!)
lane_engines >"$LOGS/engines.log" 2>&1 &
pids+=($!)
if [[ -e "$LOGS/build.failed" ]]; then
  printf '\n=== end-to-end: skipped, the build failed ===\n'
else
  lane_e2e 1 "${GOGO_E2E_PORT:-4173}" >"$LOGS/e2e1.log" 2>&1 &
  pids+=($!)
  lane_e2e 2 "$((${GOGO_E2E_PORT:-4173} + 100))" >"$LOGS/e2e2.log" 2>&1 &
  pids+=($!)
fi
# The checks lane prints as it goes (CI shows progress); the others are kept in their logs.
lane_checks 2>&1 | tee "$LOGS/checks.log"
for pid in "${pids[@]}"; do wait "$pid" || true; done

# Passed lanes first, then the failed ones, so a failure's log ends the output.
for pass in passed failed; do
  for lane in static engines e2e1 e2e2 checks; do
    [[ -e "$LOGS/$lane.log" ]] || continue
    if [[ -e "$LOGS/$lane.failed" ]]; then state=failed; else state=passed; fi
    [[ $state == "$pass" ]] || continue
    [[ $lane == checks && $state == passed ]] && continue
    printf '\n########## lane %s (%s) ##########\n' "$lane" "$state"
    cat "$LOGS/$lane.log"
  done
done

read -r busy1 total1 < <(machine_ticks)
printf '\n########## summary (%ss in all; the machine'"'"'s %s cores %s%% busy, %s CPU seconds) ##########\n' \
  $((SECONDS - started)) "$(nproc)" $((100 * (busy1 - busy0) / (total1 - total0 + 1))) \
  $(((busy1 - busy0) / $(getconf CLK_TCK)))
status=0
for lane in build "${lanes[@]}"; do
  if [[ -e "$LOGS/$lane.failed" ]]; then
    status=1
    sed "s/^/FAILED [$lane]: /" "$LOGS/$lane.failed"
  elif [[ -e "$LOGS/$lane.log" || $lane == build ]]; then
    printf 'lane %s: every step passed\n' "$lane"
  fi
done
grep -h '^=== .*: \(ok in\|FAILED\)' "$LOGS"/*.log 2>/dev/null | sed 's/^=== /  /' || true
printf '\n########## end-to-end digest ##########\n'
node --import tsx scripts/e2e-digest.ts "$LOGS/e2e1.json" "$LOGS/e2e2.json" || true
exit "$status"

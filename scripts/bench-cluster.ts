// Load test through the balancer (`npm run bench:cluster`): the HTTP scenarios of
// bench:server (an authenticated read and a write) on one cluster (scripts/cluster.ts:
// HAProxy round-robin, PostgreSQL, Mosquitto), measured in the same run
//   - straight at one replica (the reference: no balancer),
//   - through HAProxy with 3 replicas,
//   - through HAProxy with 1 replica (the other two stopped),
// and printed as ratios: throughput of 3 replicas against 1, p99 through the balancer
// against the direct replica's (goal: within 1.2×), and the CPU time the replicas spent per
// request. All processes share this machine's cores, so 3 replicas cannot go faster than
// the cores allow: read the CPU per request and the core count with the throughput.
//
// Then the remote lab at scale on the 3 replicas (scripts/bench/lab-scale.ts): N lab stations
// and N student sessions on Mosquitto, labs, stations and sessions spread over the replicas in
// turn, alives through the balancer, for S seconds: alives, lost alives (goal 0), alive
// p50/p99 and the replicas' CPU per alive. Its MQTT clients go straight to Mosquitto's
// WebSocket listener: the balancer allows 200 WebSockets per client address, and here every
// client is on one address.
//
// Env: BENCH_DURATION (s per HTTP scenario, default 10), BENCH_CONNECTIONS (default 50),
// BENCH_STATIONS (1000), BENCH_SECONDS (60), BENCH_CONCURRENCY (set-up requests in flight,
// 16), GOGO_BENCH_PORT (the balancer; default 8280; the Auth emulator takes the three after
// it, HAProxy's statistics +4, replicas from +10, Mosquitto +20, PostgreSQL +21). `--quick`:
// 3 s per HTTP scenario, 50 stations + 50 sessions for 10 s. Exits 1 if any request failed
// or any alive was lost.
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { signUpWithPassword } from '../server/testing/emulator-accounts.ts';
import { API_BASE_PATH } from '../src/contract/base-path.ts';
import { resolveBrokerUrl } from '../src/remote-lab/station/node-station.node.ts';
import { envPort } from './auth-emulator.ts';
import { labScale, pct, type LabScaleResult } from './bench/lab-scale.ts';
import { startCluster, type Replica } from './cluster.ts';

const QUICK = process.argv.includes('--quick');
const DURATION = Number(process.env.BENCH_DURATION ?? (QUICK ? 3 : 10));
const STATIONS = Number(process.env.BENCH_STATIONS ?? (QUICK ? 50 : 1000));
const SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 10 : 60));
const CONCURRENCY = Math.max(1, Number(process.env.BENCH_CONCURRENCY ?? 16));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const log = (m: string) => console.error(`bench:cluster: ${m}`);

interface Row {
  setup: string;
  scenario: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  total: number;
  /** CPU milliseconds the replicas used per request. */
  cpuMsPerRequest: number;
}

/** CPU time (user + system, ms) of the running replicas, from /proc. */
function cpuMs(replicas: Replica[]): number {
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  let ms = 0;
  for (const r of replicas) {
    const pid = r.process?.pid;
    if (!pid) continue;
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ');
      ms += (Number(fields?.[11]) + Number(fields?.[12])) * tick;
    } catch {
      // gone
    }
  }
  return ms;
}

async function main(): Promise<number> {
  const port = envPort('GOGO_BENCH_PORT') ?? 8280;
  const cluster = await startCluster({
    port,
    statsPort: port + 4,
    mqttPort: port + 20,
    pgPort: port + 21,
    env: {
      LOG_LEVEL: 'error',
      // The bench measures serving, not the per-client limits.
      ANONYMOUS_WRITES_PER_MINUTE: '1000000',
      ANONYMOUS_WRITE_BURST: '1000000',
      // One owner registers every bench lab.
      LAB_REGISTRATIONS_PER_HOUR: '1000000',
    },
    log,
  });
  const rows: Row[] = [];
  let lab: LabScaleResult | null = null;
  try {
    const user = await signUpWithPassword(cluster.authEmulatorHost, undefined, undefined, 'Bench');
    const auth = { authorization: `Bearer ${user.idToken}` };
    const first = await fetch(`${cluster.url}${API_BASE_PATH}/auth`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{}',
    });
    if (!first.ok) throw new Error(`POST /auth: ${first.status}`);
    const scenarios = [
      { name: 'GET  /user/me', path: '/user/me', method: 'GET' as const, body: undefined },
      { name: 'POST /auth (write)', path: '/auth', method: 'POST' as const, body: '{}' },
    ];
    const measure = async (setup: string, origin: string, replicas: Replica[]) => {
      for (const s of scenarios) {
        const before = cpuMs(replicas);
        const result = await autocannon({
          url: `${origin}${API_BASE_PATH}${s.path}`,
          method: s.method,
          headers: { ...auth, 'content-type': 'application/json' },
          ...(s.body === undefined ? {} : { body: s.body }),
          connections: CONNECTIONS,
          duration: DURATION,
        });
        const total = result.requests.total;
        rows.push({
          setup,
          scenario: s.name,
          requestsPerSec: result.requests.average,
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          errors: result.errors + result.non2xx,
          total,
          cpuMsPerRequest: total > 0 ? (cpuMs(replicas) - before) / total : 0,
        });
        log(`${setup}, ${s.name}: ${Math.round(result.requests.average)} req/s`);
      }
    };
    const [one, ...others] = cluster.replicas;
    if (!one) throw new Error('no replica');
    await measure('3 replicas via HAProxy', cluster.url, cluster.replicas);
    await measure('1 replica, direct (reference)', one.url, [one]);
    log(`remote lab: ${STATIONS} stations + ${STATIONS} sessions over 3 replicas, ${SECONDS} s`);
    const mosquitto = `127.0.0.1:${cluster.mosquitto.port}`;
    lab = await labScale({
      origins: cluster.replicas.map((r) => r.url),
      aliveOrigin: cluster.url,
      ownerToken: user.idToken,
      emulatorHost: cluster.authEmulatorHost,
      brokerUrl: (u) => resolveBrokerUrl(u, cluster.url).replace(`127.0.0.1:${port}`, mosquitto),
      cpu: () => cpuMs(cluster.replicas) / 1000,
      stations: STATIONS,
      seconds: SECONDS,
      concurrency: CONCURRENCY,
      timeoutMs: 60_000,
      pin: '2468',
    });
    for (const r of others) await r.stop('SIGTERM');
    // Two failed health checks take them out of the balancer.
    await new Promise((r) => setTimeout(r, 2000));
    await measure('1 replica via HAProxy', cluster.url, [one]);
  } finally {
    await cluster.stop();
  }

  console.log(
    `\n| setup | scenario | requests/s | p50 | p99 | replica CPU per request | errors | requests |\n|---|---|---:|---:|---:|---:|---:|---:|`,
  );
  for (const r of rows) {
    console.log(
      `| ${r.setup} | ${r.scenario} | ${Math.round(r.requestsPerSec)} | ${r.p50Ms} ms | ${r.p99Ms} ms | ${r.cpuMsPerRequest.toFixed(2)} ms | ${r.errors} | ${r.total} |`,
    );
  }
  const find = (setup: string, scenario: string) =>
    rows.find((r) => r.setup.startsWith(setup) && r.scenario === scenario);
  console.log(
    '\n| scenario | throughput 3 vs 1 replica (both via HAProxy) | p99 via HAProxy vs direct (goal ≤ 1.2×) |\n|---|---:|---:|',
  );
  for (const s of new Set(rows.map((r) => r.scenario))) {
    const three = find('3 replicas', s);
    const lb = find('1 replica via', s);
    const direct = find('1 replica, direct', s);
    if (!three || !lb || !direct) continue;
    console.log(
      `| ${s} | ${(three.requestsPerSec / lb.requestsPerSec).toFixed(2)}× | ${(lb.p99Ms / Math.max(direct.p99Ms, 1)).toFixed(2)}× |`,
    );
  }
  console.log(
    `\n${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}: every replica, HAProxy, PostgreSQL and the load generator share these cores, ` +
      'so 3 replicas scale only as far as idle cores allow.',
  );
  if (lab) {
    console.log(
      `\n| remote lab on 3 replicas | stations | sessions | seconds | alives | lost alives | alive p50 | alive p99 | replicas' CPU | CPU per alive |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n` +
        `| Mosquitto, alives via HAProxy | ${STATIONS} | ${STATIONS} | ${lab.elapsed.toFixed(0)} | ${lab.alives} | ${lab.lost} | ` +
        `${pct(lab.aliveLatency, 50).toFixed(1)} ms | ${pct(lab.aliveLatency, 99).toFixed(1)} ms | ` +
        `${lab.cpuPercent.toFixed(1)}% of one core | ${lab.cpuMsPerAlive.toFixed(2)} ms |`,
    );
  }
  return rows.some((r) => r.errors > 0) || !lab || lab.lost > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

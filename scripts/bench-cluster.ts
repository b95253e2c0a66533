// Load test through the balancer (`npm run bench:cluster`): the HTTP scenarios of
// bench:server (an authenticated read and a write) on one cluster (scripts/cluster.ts:
// HAProxy round-robin, PostgreSQL, Mosquitto), after a few unmeasured seconds that warm every
// replica, measured in the same run
//   - through HAProxy with 3 replicas,
//   - through HAProxy with 1 replica (the other two taken out of the balancer, idle) and
//     straight at that replica (the reference: no balancer), in 6 pairs of runs of half the
//     duration, each pair in turn direct first or balancer first, so the machine's other
//     work weighs on both alike (the ratio is the median of the pairs' ratios),
// then the same pairs again at half the direct replica's throughput (a fixed request rate,
// so the cores are not saturated and p99 measures serving, not the queue for a core),
// and printed as ratios: throughput of 3 replicas against 1, p99 through the balancer
// against the direct replica's at full and at half load (goal: within 1.2×), and the CPU time per request of the
// replicas, of HAProxy and of the load generator, with how busy the whole machine was. All
// processes share this machine's cores: when they are saturated (≥ 90% busy) the output says
// that the cores, not the balancer, bound the figures.
//
// Then the remote lab at scale on the 3 replicas (scripts/bench/lab-scale.ts): N lab stations
// and N student sessions on Mosquitto, labs, stations and sessions spread over the replicas in
// turn, alives through the balancer, for S seconds: alives, lost alives (goal 0), alive
// p50/p99 and the replicas' CPU per alive. Its MQTT clients go straight to Mosquitto's
// WebSocket listener: the balancer allows 200 WebSockets per client address, and here every
// client is on one address.
//
// Env: BENCH_DURATION (s per HTTP scenario, default 10), BENCH_CONNECTIONS (default 50),
// BENCH_STATIONS (1000; 0 skips the remote lab), BENCH_SECONDS (60), BENCH_CONCURRENCY (set-up requests in flight,
// 16), GOGO_BENCH_PORT (the balancer; default 8280; the Auth emulator takes the three after
// it, HAProxy's statistics +4, replicas from +10, Mosquitto +20, PostgreSQL +21). `--quick`:
// 3 s per HTTP scenario, 50 stations + 50 sessions for 10 s. Exits 1 if any request failed
// or any alive was lost.
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import mqtt from 'mqtt';
import { signUpWithPassword } from '../server/testing/emulator-accounts.ts';
import { API_BASE_PATH } from '../src/contract/base-path.ts';
import { resolveBrokerUrl } from '../src/remote-lab/station/node-station.node.ts';
import { envPort } from './auth-emulator.ts';
import { cpuSeconds, describe, labScale, pct, type LabScaleResult } from './bench/lab-scale.ts';
import { startCluster, type Replica } from './cluster.ts';
import type { TempMosquitto } from './mosquitto-temp.ts';

const QUICK = process.argv.includes('--quick');
const DURATION = Number(process.env.BENCH_DURATION ?? (QUICK ? 3 : 10));
const STATIONS = Number(process.env.BENCH_STATIONS ?? (QUICK ? 50 : 1000));
const SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 10 : 60));
const CONCURRENCY = Math.max(1, Number(process.env.BENCH_CONCURRENCY ?? 16));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/**
 * Direct and through the balancer in alternating pairs of short runs: this machine's other
 * work comes in bursts that a single run of either would catch alone.
 */
const PAIRS = 6;
const SLICE = Math.max(1, Math.round(DURATION / 2));
/** Seconds of unmeasured load per scenario before the first measurement. */
const WARMUP = QUICK ? 1 : 3;
const log = (m: string) => console.error(`bench:cluster: ${m}`);

interface Row {
  setup: string;
  scenario: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  total: number;
  /** CPU milliseconds per request: the replicas, the balancer, the load generator. */
  replicaMs: number;
  balancerMs: number;
  clientMs: number;
  /** The whole machine's busy share of all its cores while it ran (0–1). */
  busy: number;
}

/** CPU time (user + system, ms) of processes, from /proc. */
function cpuOf(pids: (number | undefined)[]): number {
  let ms = 0;
  for (const pid of pids) ms += cpuSeconds(pid) * 1000;
  return ms;
}

/** The machine's busy and total CPU time so far (all cores), from /proc/stat. */
function machineTicks(): { busy: number; total: number } {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const total = v.reduce((a, b) => a + b, 0);
  // idle and iowait
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  return { busy: total - idle, total };
}

const clientCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Median of a few runs' figures (p99 of a short run moves with the machine's other work). */
const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

/** Saturated: above this share of every core busy, latency measures the queue for a core. */
const CORE_BOUND = 0.9;

async function main(): Promise<number> {
  const port = envPort('GOGO_BENCH_PORT') ?? 8280;
  const loadBefore = os.loadavg();
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
  /** Per scenario: the median over pairs of p99 via HAProxy / p99 direct, at full load. */
  const pairRatios = new Map<string, number>();
  /** The same at half the direct replica's throughput (a fixed rate). */
  const halfRatios = new Map<string, { ratio: number; rate: number }>();
  let lab: LabScaleResult | null = null;
  /** Load averages when the remote-lab run started. */
  let labLoad: number[] = [];
  /** Messages Mosquitto dropped for full queues, before and during the remote-lab run. */
  let dropped0 = 0;
  let dropped = 0;
  let labError: string | null = null;
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
    const balancerPid = cluster.balancer.pid;
    const run = async (
      setup: string,
      s: (typeof scenarios)[number],
      origin: string,
      replicas: Replica[],
      seconds = DURATION,
      /** Requests per second in all (autocannon's overallRate); unset: as fast as it answers. */
      rate?: number,
    ) => {
      const pids = replicas.map((r) => r.process?.pid);
      const [replica0, balancer0, client0, machine0] = [
        cpuOf(pids),
        cpuOf([balancerPid]),
        clientCpuMs(),
        machineTicks(),
      ];
      // autocannon keeps its connections open (keep-alive), through the balancer and direct.
      const result = await autocannon({
        url: `${origin}${API_BASE_PATH}${s.path}`,
        method: s.method,
        headers: { ...auth, 'content-type': 'application/json' },
        ...(s.body === undefined ? {} : { body: s.body }),
        connections: CONNECTIONS,
        duration: seconds,
        ...(rate === undefined ? {} : { overallRate: rate }),
      });
      const machine1 = machineTicks();
      const total = result.requests.total;
      const per = (ms: number) => (total > 0 ? ms / total : 0);
      const row: Row = {
        setup,
        scenario: s.name,
        requestsPerSec: result.requests.average,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        errors: result.errors + result.non2xx,
        total,
        replicaMs: per(cpuOf(pids) - replica0),
        balancerMs: origin === cluster.url ? per(cpuOf([balancerPid]) - balancer0) : 0,
        clientMs: per(clientCpuMs() - client0),
        busy: (machine1.busy - machine0.busy) / Math.max(1, machine1.total - machine0.total),
      };
      log(
        `${setup}, ${s.name}: ${Math.round(row.requestsPerSec)} req/s, p99 ${row.p99Ms} ms, ` +
          `machine ${(100 * row.busy).toFixed(0)}% busy`,
      );
      return row;
    };
    const [one, ...others] = cluster.replicas;
    if (!one) throw new Error('no replica');
    // Unmeasured first: every replica's first requests (compiling, database connections,
    // the first token checks) would otherwise weigh on whichever setup runs first.
    for (const s of scenarios) {
      await autocannon({
        url: `${cluster.url}${API_BASE_PATH}${s.path}`,
        method: s.method,
        headers: { ...auth, 'content-type': 'application/json' },
        ...(s.body === undefined ? {} : { body: s.body }),
        connections: CONNECTIONS,
        duration: WARMUP,
      });
    }
    for (const s of scenarios)
      rows.push(await run('3 replicas via HAProxy', s, cluster.url, cluster.replicas));
    // One replica through the balancer: the others taken out of it (still running, idle),
    // measured in turns with the same replica direct (direct, balancer, balancer, direct),
    // so the machine's other work weighs on both alike; each figure is the pair's median.
    for (const r of others) await cluster.balancer.command(`disable server api/r${r.index}`);
    // In pairs of the same replica direct and via the balancer, alternating which goes first
    // so a drift in the machine's load favours neither; each figure is the pairs' median.
    const pairs = async (s: (typeof scenarios)[number], load: string, rate?: number) => {
      const direct: Row[] = [];
      const lb: Row[] = [];
      const ratios: number[] = [];
      for (let pair = 0; pair < PAIRS; pair++) {
        const d = () => run(`1 replica, direct (reference)${load}`, s, one.url, [one], SLICE, rate);
        const b = () => run(`1 replica via HAProxy${load}`, s, cluster.url, [one], SLICE, rate);
        let dr: Row;
        let br: Row;
        if (pair % 2 === 0) {
          dr = await d();
          br = await b();
        } else {
          br = await b();
          dr = await d();
        }
        direct.push(dr);
        lb.push(br);
        // p99 in whole milliseconds (autocannon's): at least 1 ms below.
        ratios.push(Math.max(br.p99Ms, 1) / Math.max(dr.p99Ms, 1));
      }
      const [d, b] = [combine(direct), combine(lb)];
      rows.push(d, b);
      return { direct: d, ratio: median(ratios) };
    };
    for (const s of scenarios) {
      const full = await pairs(s, '');
      pairRatios.set(s.name, full.ratio);
      const rate = Math.max(1, Math.round(full.direct.requestsPerSec / 2));
      const half = await pairs(s, `, ${rate} req/s`, rate);
      halfRatios.set(s.name, { ratio: half.ratio, rate });
    }
    for (const r of others) await cluster.balancer.command(`enable server api/r${r.index}`);
    await cluster.waitForBalancer(3);
    if (STATIONS > 0) {
      labLoad = os.loadavg();
      dropped0 = await droppedByMosquitto(cluster.mosquitto);
      log(`remote lab: ${STATIONS} stations + ${STATIONS} sessions over 3 replicas, ${SECONDS} s`);
      const mosquitto = `127.0.0.1:${cluster.mosquitto.port}`;
      try {
        lab = await labScale({
          origins: cluster.replicas.map((r) => r.url),
          aliveOrigin: cluster.url,
          ownerToken: user.idToken,
          emulatorHost: cluster.authEmulatorHost,
          brokerUrl: (u) =>
            resolveBrokerUrl(u, cluster.url).replace(`127.0.0.1:${port}`, mosquitto),
          cpu: () => cpuOf(cluster.replicas.map((r) => r.process?.pid)) / 1000,
          brokerCpu: () => cpuSeconds(cluster.mosquitto.pid()),
          stations: STATIONS,
          seconds: SECONDS,
          concurrency: CONCURRENCY,
          timeoutMs: 60_000,
          pin: '2468',
        });
      } catch (e) {
        labError = describe(e);
        log(`remote lab: ${labError}`);
      }
      dropped = (await droppedByMosquitto(cluster.mosquitto)) - dropped0;
    }
  } finally {
    await cluster.stop();
  }

  const cores = os.cpus().length;
  console.log(
    `\n| setup | scenario | requests/s | p50 | p99 | CPU per request: replicas | balancer | load generator | machine busy | errors | requests |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
  );
  for (const r of rows) {
    console.log(
      `| ${r.setup} | ${r.scenario} | ${Math.round(r.requestsPerSec)} | ${r.p50Ms} ms | ${r.p99Ms} ms | ` +
        `${r.replicaMs.toFixed(2)} ms | ${r.balancerMs.toFixed(2)} ms | ${r.clientMs.toFixed(2)} ms | ` +
        `${(100 * r.busy).toFixed(0)}% of ${cores} cores | ${r.errors} | ${r.total} |`,
    );
  }
  const find = (setup: string, scenario: string) =>
    rows.find((r) => r.setup.startsWith(setup) && r.scenario === scenario);
  console.log(
    '\n| scenario | throughput 3 vs 1 replica (both via HAProxy) | p99 via HAProxy vs direct, full load (median of pairs) | p99 via HAProxy vs direct at half the direct throughput (goal ≤ 1.2×) | CPU per request via HAProxy vs direct (replica + balancer) |\n|---|---:|---:|---:|---:|',
  );
  const notes: string[] = [];
  for (const s of new Set(rows.map((r) => r.scenario))) {
    const three = find('3 replicas', s);
    const lb = find('1 replica via', s);
    const direct = find('1 replica, direct', s);
    if (!three || !lb || !direct) continue;
    const ratio = pairRatios.get(s) ?? lb.p99Ms / Math.max(direct.p99Ms, 1);
    const half = halfRatios.get(s);
    console.log(
      `| ${s} | ${(three.requestsPerSec / Math.max(lb.requestsPerSec, 1)).toFixed(2)}× | ${ratio.toFixed(2)}× | ` +
        `${half ? `${half.ratio.toFixed(2)}× at ${half.rate} req/s` : '–'} | ` +
        `${((lb.replicaMs + lb.balancerMs) / Math.max(direct.replicaMs, 0.001)).toFixed(2)}× |`,
    );
    const bound = [three, lb, direct].filter((r) => r.busy >= CORE_BOUND);
    if (bound.length > 0) {
      notes.push(
        `${s}: the machine was ${bound.map((r) => `${(100 * r.busy).toFixed(0)}%`).join(', ')} busy ` +
          `(${bound.map((r) => r.setup).join('; ')}): its ${cores} cores bound these figures. ` +
          'Every extra millisecond of CPU per request (the balancer’s) then waits behind the ' +
          'replica, the database, the load generator and other work for a core, so p99 and ' +
          '3-against-1 throughput measure the queue for a core more than the balancer.',
      );
    }
    if (half && half.ratio > 1.2) {
      notes.push(
        `${s}: at ${half.rate} requests/s, half the direct replica's throughput, p99 via HAProxy ` +
          `is ${half.ratio.toFixed(2)}× the direct replica's: above the goal.`,
      );
    }
  }
  console.log(
    `\n${cores} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, load average ` +
      `${loadBefore.map((l) => l.toFixed(1)).join(' ')} before the start: every replica, HAProxy, ` +
      'PostgreSQL, Mosquitto and the load generator share these cores, so 3 replicas scale only ' +
      'as far as idle cores allow.',
  );
  for (const n of notes) console.log(`- ${n}`);
  if (lab) {
    console.log(
      `\n| remote lab on 3 replicas | stations | sessions | seconds | alives | lost alives | alive p50 | alive p99 | replicas' CPU | CPU per alive |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n` +
        `| Mosquitto, alives via HAProxy | ${STATIONS} | ${STATIONS} | ${lab.elapsed.toFixed(0)} | ${lab.alives} | ${lab.lost} | ` +
        `${pct(lab.aliveLatency, 50).toFixed(1)} ms | ${pct(lab.aliveLatency, 99).toFixed(1)} ms | ` +
        `${lab.cpuPercent.toFixed(1)}% of one core | ${lab.cpuMsPerAlive.toFixed(2)} ms |`,
    );
  }
  if (lab) {
    const l = lab;
    const grants = (what: string, seconds: number, ms: number[], broker: number) =>
      `| ${what} | ${seconds.toFixed(1)} s | ${pct(ms, 50).toFixed(0)} ms | ${pct(ms, 99).toFixed(0)} ms | ${broker.toFixed(1)} s |`;
    console.log(
      `\n| remote-lab set-up (${CONCURRENCY} requests at once) | took | grant p50 | grant p99 | Mosquitto CPU |\n|---|---:|---:|---:|---:|\n` +
        `| labs created | ${l.setup.labs.toFixed(1)} s | | | |\n` +
        grants(
          'stations granted and online',
          l.setup.stations,
          l.stationGrant,
          l.brokerCpu.stations,
        ) +
        '\n' +
        grants(
          'sessions granted and connected',
          l.setup.sessions,
          l.sessionGrant,
          l.brokerCpu.sessions,
        ) +
        `\n| steady state | ${l.elapsed.toFixed(0)} s | | | ${l.brokerCpu.steady.toFixed(1)} s |`,
    );
    console.log(
      `\nLoad average ${labLoad.map((v) => v.toFixed(1)).join(' ')} when the remote lab started; ` +
        `the load generator's longest event-loop delay: ${l.benchLagMs.stations.toFixed(0)} ms while ` +
        `stations came online, ${l.benchLagMs.sessions.toFixed(0)} ms while sessions connected, ` +
        `${l.benchLagMs.steady.toFixed(0)} ms in the steady state.`,
    );
  }
  if (STATIONS > 0) {
    console.log(
      `Mosquitto dropped ${dropped} messages for full queues during the remote-lab run ` +
        '(a client that reads too slowly: QoS 0 messages beyond max_queued_messages).',
    );
  }
  if (labError) console.log(`\nremote lab at scale failed: ${labError}`);
  return rows.some((r) => r.errors > 0) || (STATIONS > 0 && (!lab || lab.lost > 0)) ? 1 : 0;
}

/**
 * Messages Mosquitto has dropped so far because a client's queue was full, from its $SYS
 * counter (published every 10 s, retained; 0 if it does not answer within 15 s).
 */
async function droppedByMosquitto(m: TempMosquitto): Promise<number> {
  const topic = '$SYS/broker/publish/messages/dropped';
  const client = await mqtt.connectAsync(m.tcpUrl, {
    username: m.adminUsername,
    password: m.adminPassword,
    reconnectPeriod: 0,
  });
  try {
    const value = new Promise<number>((resolve) => {
      client.on('message', (t, payload) => {
        if (t === topic) resolve(Number(payload.toString()));
      });
      setTimeout(() => resolve(0), 15_000);
    });
    await client.subscribeAsync(topic);
    return await value;
  } finally {
    await client.endAsync(true);
  }
}

/** One row from runs of the same setup: medians of their figures, sums of their counts. */
function combine(runs: Row[]): Row {
  const [first] = runs;
  if (!first) throw new Error('no runs');
  const m = (f: (r: Row) => number) => median(runs.map(f));
  return {
    ...first,
    requestsPerSec: m((r) => r.requestsPerSec),
    p50Ms: m((r) => r.p50Ms),
    p99Ms: m((r) => r.p99Ms),
    replicaMs: m((r) => r.replicaMs),
    balancerMs: m((r) => r.balancerMs),
    clientMs: m((r) => r.clientMs),
    busy: m((r) => r.busy),
    errors: runs.reduce((a, r) => a + r.errors, 0),
    total: runs.reduce((a, r) => a + r.total, 0),
  };
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

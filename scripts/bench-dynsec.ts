// What granting costs on Mosquitto's dynamic security (`npm run bench:dynsec`,
// docs/remote-lab.md "Granting at scale"): N station grants, N session grants, N renewals of
// those sessions' access and N session ends, CONCURRENCY calls at a time, through the
// server's DynsecLabAccess on a throw-away Mosquitto, in one run for each way (BENCH_WAYS,
// comma-separated names below; default: now,tmpfs,jemalloc; `all` for every one):
//   - before-nagle: one message per call, Nagle on (how the server sent them once);
//   - per-call: one message per call, `set_tcp_nodelay true`;
//   - nagle: coalesced (DynsecBatcher), Nagle on;
//   - now: coalesced and `set_tcp_nodelay true` (the server and deploy/mosquitto.conf), with
//     glibc's malloc (Debian's default);
//   - tmpfs: as now, the plugin's file on a RAM-backed folder (/dev/shm);
//   - jemalloc: as now, Mosquitto with jemalloc instead of glibc's malloc (LD_PRELOAD), as
//     docs/deploy.md advises.
// Every way but the last runs glibc's malloc.
// Prints seconds per phase, Mosquitto's CPU seconds per phase (what the broker itself spent,
// which other work on the machine disturbs less than the wall clock), per-call latency
// p50/p99, control messages sent, the plugin's file at its largest, and each row against the
// first.
//
// Env: BENCH_STATIONS (200), BENCH_CONCURRENCY (16), BENCH_WAYS. `--quick`: 50.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import mqtt from 'mqtt';
import { DynsecBatcher } from '../server/remote-lab/dynsec-batch.ts';
import {
  DynsecLabAccess,
  type DynsecChannel,
  type DynsecResponse,
} from '../server/remote-lab/lab-access.ts';
import { ms, ratio, table } from './bench/lib.ts';
import { cpuSeconds, pct, pool, progress } from './bench/lab-scale.ts';
import { startTempMosquitto } from './mosquitto-temp.ts';

const QUICK = process.argv.includes('--quick');
const N = Number(process.env.BENCH_STATIONS ?? (QUICK ? 50 : 200));
const CONCURRENCY = Math.max(1, Number(process.env.BENCH_CONCURRENCY ?? 16));
const CONTROL = '$CONTROL/dynamic-security/v1';

/** Every call its own control message, answered by correlation data, any number in flight. */
class PerCallChannel implements DynsecChannel {
  private next = 0;
  private readonly waiting = new Map<string, (r: DynsecResponse[]) => void>();
  readonly stats = { messages: 0, commands: 0 };
  constructor(private readonly client: mqtt.MqttClient) {
    client.on('message', (_t, payload) => {
      const body = JSON.parse(payload.toString()) as {
        responses?: (DynsecResponse & { correlationData?: string })[];
      };
      const id = body.responses?.find((r) => r.correlationData)?.correlationData;
      const done = id ? this.waiting.get(id) : undefined;
      if (id && done) {
        this.waiting.delete(id);
        done(body.responses ?? []);
      }
    });
  }
  async command(commands: Record<string, unknown>[]): Promise<DynsecResponse[]> {
    const id = `p${++this.next}`;
    this.stats.messages++;
    this.stats.commands += commands.length;
    const answer = new Promise<DynsecResponse[]>((r) => this.waiting.set(id, r));
    const body = JSON.stringify({ commands: commands.map((c) => ({ ...c, correlationData: id })) });
    await this.client.publishAsync(CONTROL, body, { qos: 1 });
    return answer;
  }
}

interface Way {
  name: string;
  label: string;
  nodelay: boolean;
  coalesce: boolean;
  tmpfs?: boolean;
  jemalloc?: boolean;
}

const ALL_WAYS: Way[] = [
  { name: 'before-nagle', label: 'per call, Nagle on', nodelay: false, coalesce: false },
  { name: 'per-call', label: 'per call, no delay', nodelay: true, coalesce: false },
  { name: 'nagle', label: 'coalesced, Nagle on', nodelay: false, coalesce: true },
  { name: 'now', label: 'coalesced, no delay, glibc', nodelay: true, coalesce: true },
  { name: 'tmpfs', label: 'as now, file on tmpfs', nodelay: true, coalesce: true, tmpfs: true },
  {
    name: 'jemalloc',
    label: 'as now, jemalloc',
    nodelay: true,
    coalesce: true,
    jemalloc: true,
  },
];

function chosenWays(): Way[] {
  const names = (process.env.BENCH_WAYS ?? 'now,tmpfs,jemalloc').split(',').map((w) => w.trim());
  if (names.includes('all')) return ALL_WAYS;
  const ways = names.map((n) => {
    const way = ALL_WAYS.find((w) => w.name === n);
    if (!way)
      throw new Error(`BENCH_WAYS: no way named ${n} (${ALL_WAYS.map((w) => w.name).join(', ')})`);
    return way;
  });
  return ways;
}

type Phase = 'stations' | 'sessions' | 'renewals' | 'ends';
const PHASES: Phase[] = ['stations', 'sessions', 'renewals', 'ends'];

interface Figures {
  seconds: Record<Phase, number>;
  brokerCpu: Record<Phase, number>;
  latency: Record<Phase, number[]>;
  messages: number;
  commands: number;
  fileKiB: number;
}

async function run(way: Way): Promise<Figures> {
  const m = await startTempMosquitto({
    settings: { set_tcp_nodelay: way.nodelay ? 'true' : 'false' },
    allocator: way.jemalloc ? 'jemalloc' : 'glibc',
    ...(way.tmpfs ? { parent: '/dev/shm' } : {}),
  });
  const client = await mqtt.connectAsync(m.tcpUrl, {
    username: m.adminUsername,
    password: m.adminPassword,
    clientId: `bench-dynsec-${randomBytes(4).toString('hex')}`,
  });
  try {
    let channel: DynsecChannel & { stats: { messages: number; commands: number } };
    if (way.coalesce) {
      const batcher = new DynsecBatcher(async (payload) => {
        await client.publishAsync(CONTROL, payload, { qos: 1 });
      });
      client.on('message', (_t, payload) => batcher.receive(payload));
      channel = batcher;
    } else {
      channel = new PerCallChannel(client);
    }
    await client.subscribeAsync(`${CONTROL}/response`, { qos: 1 });
    const access = new DynsecLabAccess('bench', 'bench', channel, randomBytes(32));
    const boards = [...Array(N).keys()].map((i) => `B${i.toString().padStart(5, '0')}`);
    const keys = boards.map(() => randomBytes(8).toString('hex'));
    const figures: Figures = {
      seconds: { stations: 0, sessions: 0, renewals: 0, ends: 0 },
      brokerCpu: { stations: 0, sessions: 0, renewals: 0, ends: 0 },
      latency: { stations: [], sessions: [], renewals: [], ends: [] },
      messages: 0,
      commands: 0,
      fileKiB: 0,
    };
    const phase = async (what: Phase, f: (board: string, i: number) => Promise<void>) => {
      const latency = figures.latency[what];
      const t0 = performance.now();
      const cpu0 = cpuSeconds(m.pid());
      await pool(`${way.label}: ${what}`, boards, CONCURRENCY, async (board, i) => {
        const c0 = performance.now();
        await f(board, i);
        latency.push(performance.now() - c0);
      });
      figures.seconds[what] = (performance.now() - t0) / 1000;
      figures.brokerCpu[what] = cpuSeconds(m.pid()) - cpu0;
    };
    await phase('stations', (board) =>
      access.grantStation(board, access.stationPassword(board, 'g1')),
    );
    await phase('sessions', (board, i) =>
      access.grantSession(i + 1, board, keys[i] ?? '', `pw${i}`),
    );
    // A student's app asks again after its link broke: same session, a new password.
    await phase('renewals', (board, i) =>
      access.grantSession(i + 1, board, keys[i] ?? '', `again${i}`),
    );
    figures.fileKiB = fs.statSync(m.dynsecFile).size / 1024;
    await phase('ends', (_board, i) => access.revokeSession(i + 1));
    figures.messages = channel.stats.messages;
    figures.commands = channel.stats.commands;
    return figures;
  } finally {
    await client.endAsync(true);
    await m.remove();
  }
}

async function main(): Promise<void> {
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  const ways = chosenWays();
  progress(`dynamic-security bench: ${N} stations + ${N} sessions, ${CONCURRENCY} calls at once`);
  const loadBefore = load();
  const results: [Way, Figures, string][] = [];
  for (const way of ways) {
    const before = load();
    results.push([way, await run(way), `${before} → ${load()}`]);
  }
  const base = results[0]?.[1];
  if (!base) return;
  const sum = (r: Record<Phase, number>) => PHASES.reduce((a, p) => a + r[p], 0);
  table(
    `Dynamic-security grants (${N} stations, ${N} sessions granted, renewed and ended, ${CONCURRENCY} at once)`,
    results.map(([way, f, loads]) => ({
      way: way.label,
      ...Object.fromEntries(PHASES.map((p) => [`${p} s`, f.seconds[p].toFixed(1)])),
      ...Object.fromEntries(PHASES.map((p) => [`${p} broker CPU s`, f.brokerCpu[p].toFixed(1)])),
      'broker CPU vs first': ratio(sum(f.brokerCpu) / Math.max(sum(base.brokerCpu), 0.001)),
      'total vs first': ratio(sum(f.seconds) / sum(base.seconds)),
      'session p50': ms(pct(f.latency.sessions, 50)),
      'session p99': ms(pct(f.latency.sessions, 99)),
      'renewal p50': ms(pct(f.latency.renewals, 50)),
      messages: f.messages,
      commands: f.commands,
      'file KiB': f.fileKiB.toFixed(0),
      'load average': loads,
    })),
  );
  console.log(
    `\nLoad average ${loadBefore} at the start, ${load()} at the end (${os.cpus().length} cores).`,
  );
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);

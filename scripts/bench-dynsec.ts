// What granting costs on Mosquitto's dynamic security (`npm run bench:dynsec`,
// docs/remote-lab.md "Granting at scale"): N station grants, N session grants and N session
// ends, CONCURRENCY calls at a time, through the server's DynsecLabAccess on a throw-away
// Mosquitto, in one run for each way of talking to the plugin:
//   - one message per call, Nagle on (how the server sent them before);
//   - one message per call, `set_tcp_nodelay true` (deploy/mosquitto.conf now);
//   - coalesced (DynsecBatcher), Nagle on;
//   - coalesced and `set_tcp_nodelay true` (the server and deploy/mosquitto.conf now).
// Prints seconds per phase, per-call latency p50/p99, control messages sent, the plugin's
// file at the end, and each row against the first.
//
// Env: BENCH_STATIONS (200), BENCH_CONCURRENCY (16). `--quick`: 50.
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
import { pct, pool, progress } from './bench/lab-scale.ts';
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
  nodelay: boolean;
  coalesce: boolean;
}

const WAYS: Way[] = [
  { name: 'per call, Nagle on (before)', nodelay: false, coalesce: false },
  { name: 'per call, no delay', nodelay: true, coalesce: false },
  { name: 'coalesced, Nagle on', nodelay: false, coalesce: true },
  { name: 'coalesced, no delay (now)', nodelay: true, coalesce: true },
];

interface Figures {
  seconds: { stations: number; sessions: number; ends: number };
  latency: { stations: number[]; sessions: number[]; ends: number[] };
  messages: number;
  commands: number;
  fileKiB: number;
}

async function run(way: Way): Promise<Figures> {
  const m = await startTempMosquitto({
    settings: { set_tcp_nodelay: way.nodelay ? 'true' : 'false' },
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
    const phase = async (what: string, f: (board: string, i: number) => Promise<void>) => {
      const latency: number[] = [];
      const t0 = performance.now();
      await pool(`${way.name}: ${what}`, boards, CONCURRENCY, async (board, i) => {
        const c0 = performance.now();
        await f(board, i);
        latency.push(performance.now() - c0);
      });
      return { seconds: (performance.now() - t0) / 1000, latency };
    };
    const stations = await phase('station grants', (board) =>
      access.grantStation(board, access.stationPassword(board, 'g1')),
    );
    const sessions = await phase('session grants', (board, i) =>
      access.grantSession(i + 1, board, randomBytes(8).toString('hex'), `pw${i}`),
    );
    const fileKiB = fs.statSync(m.dynsecFile).size / 1024;
    const ends = await phase('session ends', (_board, i) => access.revokeSession(i + 1));
    return {
      seconds: { stations: stations.seconds, sessions: sessions.seconds, ends: ends.seconds },
      latency: { stations: stations.latency, sessions: sessions.latency, ends: ends.latency },
      messages: channel.stats.messages,
      commands: channel.stats.commands,
      fileKiB,
    };
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
  progress(`dynamic-security bench: ${N} stations + ${N} sessions, ${CONCURRENCY} calls at once`);
  const loadBefore = load();
  const results: [Way, Figures][] = [];
  for (const way of WAYS) results.push([way, await run(way)]);
  const base = results[0]?.[1];
  if (!base) return;
  const total = (f: Figures) => f.seconds.stations + f.seconds.sessions + f.seconds.ends;
  table(
    `Dynamic-security grants (${N} stations, ${N} sessions granted and ended, ${CONCURRENCY} at once)`,
    results.map(([way, f]) => ({
      way: way.name,
      'stations s': f.seconds.stations.toFixed(1),
      'sessions s': f.seconds.sessions.toFixed(1),
      'ends s': f.seconds.ends.toFixed(1),
      'total vs before': ratio(total(f) / total(base)),
      'station p50': ms(pct(f.latency.stations, 50)),
      'station p99': ms(pct(f.latency.stations, 99)),
      'session p50': ms(pct(f.latency.sessions, 50)),
      'session p99': ms(pct(f.latency.sessions, 99)),
      'session p50 vs before': ratio(pct(f.latency.sessions, 50) / pct(base.latency.sessions, 50)),
      messages: f.messages,
      commands: f.commands,
      'file KiB': f.fileKiB.toFixed(0),
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

// The remote lab at scale, shared by bench:remote-lab (one server) and bench:cluster (three
// replicas): N lightweight stations (presence every 2 s, as a station sends it) and N student
// sessions (one per board, broker connection open, alive at the server's period) for S
// seconds; alives answered, lost alives (target zero), alive latency and the servers' CPU.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import mqtt, { type MqttClient } from 'mqtt';
import { signUpWithPassword } from '../../server/testing/emulator-accounts.ts';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import { labTopics } from '../../src/contract/lab-topics.ts';
import type { Lab, SessionAnswer, StationGrant } from '../../src/contract/remote-lab.ts';

const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
const started = Date.now();

/** One progress line on stderr, with the time since the start. */
export function progress(message: string): void {
  console.error(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${message}`);
}

/** Rejects with `what` named when `promise` takes longer than `timeoutMs`. */
export async function withTimeout<T>(
  promise: Promise<T>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`timed out after ${timeoutMs / 1000} s: ${what}`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** How much `read()` grew since the last call (the first call: since this one was made). */
function growth(read: () => number): () => number {
  let last = read();
  return () => {
    const now = read();
    const grown = now - last;
    last = now;
    return grown;
  };
}

/**
 * Runs `f` over `items` with at most `limit` in flight, reporting progress about every tenth;
 * the first failure stops new work and rejects.
 */
export async function pool<T, R>(
  what: string,
  items: readonly T[],
  limit: number,
  f: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let done = 0;
  let failed: unknown = null;
  const step = Math.max(1, Math.ceil(items.length / 10));
  const t0 = Date.now();
  const worker = async () => {
    while (failed === null && next < items.length) {
      const i = next++;
      try {
        results[i] = await f(items[i] as T, i);
      } catch (e) {
        failed ??= e;
        return;
      }
      done++;
      if (done % step === 0 || done === items.length) {
        progress(`${what}: ${done}/${items.length} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failed !== null) throw failed instanceof Error ? failed : new Error(String(failed));
  return results;
}

/** Opens an MQTT connection, failing with a clear message instead of retrying forever. */
export async function connectMqtt(
  url: string,
  options: mqtt.IClientOptions,
  what: string,
  timeoutMs: number,
) {
  const c = mqtt.connect(url, { reconnectPeriod: 5000, connectTimeout: timeoutMs, ...options });
  try {
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        c.once('connect', () => resolve());
        c.once('error', reject);
      }),
      timeoutMs,
      `${what}: MQTT connection to ${url}`,
    );
  } catch (e) {
    c.end(true);
    throw e;
  }
  return c;
}

export function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
}

/** CPU seconds (user + system) a process has used so far (0 once it is gone). */
export function cpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** An error with its cause: fetch says only 'fetch failed' and puts the reason beneath. */
export function describe(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const cause = e.cause instanceof Error ? `: ${e.cause.message}` : '';
  return `${e.message}${cause}`;
}

/** Retries a set-up step that failed before reaching the server (it is not measured). */
export async function retried<T>(what: string, f: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await f();
    } catch (e) {
      if (i >= tries) throw new Error(`${what}: ${describe(e)}`);
      progress(`${what}: ${describe(e)}; trying again`);
      await sleep(1000 * i);
    }
  }
}

export class Api {
  constructor(
    readonly base: string,
    readonly token: string,
    private readonly timeoutMs = 30_000,
  ) {}
  async post<T>(url: string, body: unknown = {}): Promise<T> {
    const res = await fetch(`${this.base}${API_BASE_PATH}${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    }).catch((e: unknown) => {
      throw new Error(`POST ${url}: ${describe(e)}`);
    });
    const json = (await res.json()) as T & { message?: string };
    if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${json.message ?? ''}`);
    return json;
  }
}

export interface LabScaleOptions {
  /** Servers to spread labs, stations and sessions over, in turn (one or the replicas). */
  origins: string[];
  /** Where the sessions' alives go (the server, or the balancer). */
  aliveOrigin: string;
  /** The lab owner's ID token. */
  ownerToken: string;
  emulatorHost: string;
  /** A broker URL of a grant as the bench's clients reach it. */
  brokerUrl: (url: string) => string;
  /** CPU seconds the servers have used so far. */
  cpu: () => number;
  /** CPU seconds the broker has used so far (set-up figures per phase), if known. */
  brokerCpu?: () => number;
  stations: number;
  seconds: number;
  concurrency: number;
  timeoutMs: number;
  pin: string;
}

export interface LabScaleResult {
  alives: number;
  lost: number;
  /** Servers' CPU over the steady state, in % of one core. */
  cpuPercent: number;
  /** Servers' CPU per alive (ms). */
  cpuMsPerAlive: number;
  aliveLatency: number[];
  elapsed: number;
  /** Set-up seconds: labs created, stations granted and online, sessions granted and connected. */
  setup: { labs: number; stations: number; sessions: number };
  /** The broker's CPU seconds while stations and while sessions were set up, and in the steady state. */
  brokerCpu: { stations: number; sessions: number; steady: number };
  /** The load generator's longest event-loop delay (ms) while stations and while sessions
   * were set up, and in the steady state: beyond a few seconds, its stations' presence came
   * late and boards looked away because of the bench itself. */
  benchLagMs: { stations: number; sessions: number; steady: number };
  /** Station grants (`POST /lab/:uuid/station`) and session grants (`POST /session/connect`), ms. */
  stationGrant: number[];
  sessionGrant: number[];
}

/** N stations and N sessions on the servers; returns the scale figures. */
export async function labScale(o: LabScaleOptions): Promise<LabScaleResult> {
  const clients: MqttClient[] = [];
  const timers: ReturnType<typeof setInterval>[] = [];
  let running = true;
  const loops: Promise<void>[] = [];
  let sessions: { api: Api; s: SessionAnswer }[] = [];
  let stopLag = () => {};
  const at = (i: number) => o.origins[i % o.origins.length] ?? o.aliveOrigin;
  const owners = o.origins.map((origin) => new Api(origin, o.ownerToken, o.timeoutMs));
  const owner = (i: number) => owners[i % owners.length] as Api;
  try {
    const stamp = Date.now().toString(36);
    const stationGrant: number[] = [];
    const sessionGrant: number[] = [];
    const lap = growth(() => performance.now() / 1000);
    const lag = monitorEventLoopDelay({ resolution: 20 });
    lag.enable();
    const lagLap = (what: string) => {
      const max = lag.max / 1e6;
      lag.reset();
      progress(`${what}: the bench's longest event-loop delay ${max.toFixed(0)} ms`);
      return max;
    };
    stopLag = () => {
      lagLap('so far');
      lag.disable();
    };
    const brokerLap = growth(o.brokerCpu ?? (() => 0));
    const labs = await pool('labs created', [...Array(o.stations).keys()], o.concurrency, (i) =>
      owner(i).post<Lab>('/lab/create', {
        name: `Bench ${i}`,
        board_id: `BS${stamp}${i}`,
        pin: o.pin,
      }),
    );
    // Stations: the grant, the retained presence with its will, presence every 2 s. The grant
    // comes from the owner's station route: the key route allows 10 connects a minute per
    // address (against key guessing), which one machine's stations would exceed.
    const labsSeconds = lap();
    brokerLap();
    lag.reset();
    await pool('stations online', labs, o.concurrency, async (lab, i) => {
      const g0 = performance.now();
      const g = await owner(i + 1).post<StationGrant>(`/lab/${lab.uuid}/station`);
      stationGrant.push(performance.now() - g0);
      const topics = labTopics(g.base);
      const presence = (online: boolean) =>
        JSON.stringify({
          online,
          board: online ? { type: 1, version: 7, firmware: 40 } : null,
          answer: 0,
          session: null,
          kind: 'bench',
        });
      const c = await connectMqtt(
        o.brokerUrl(g.url),
        {
          username: g.username,
          password: g.password,
          will: {
            topic: topics.presence,
            payload: Buffer.from(presence(false)),
            qos: 1,
            retain: true,
          },
        },
        `station ${lab.board_id}`,
        o.timeoutMs,
      );
      clients.push(c);
      c.subscribe([topics.control, topics.anyDown]);
      const send = () => c.publish(topics.presence, presence(true), { qos: 1, retain: true });
      send();
      timers.push(setInterval(send, 2000));
    });
    const stationsSeconds = lap();
    const stationsBroker = brokerLap();
    const stationsLag = lagLap('stations online');
    await sleep(3000);
    // Students: one account (the Auth emulator's sign-ups are left out of the set-up times) and one session per board, broker connection open, alive loop.
    const accounts = await pool('student accounts', labs, o.concurrency, () =>
      retried('an Auth-emulator sign-up', () =>
        withTimeout(signUpWithPassword(o.emulatorHost), o.timeoutMs, 'an Auth-emulator sign-up'),
      ),
    );
    lap();
    brokerLap();
    // Each session keeps alive from the moment it connects (the server ends a silent one), at
    // its period from a random phase, as independent students would; losses count from then,
    // alives and their latency only in the measured steady state.
    let alives = 0;
    let lost = 0;
    let measuring = false;
    const errors = new Map<string, number>();
    /** Sessions the server ended, and why (each keeps counting lost alives, as a student's app
     * that keeps asking would). */
    const endedSessions = new Map<number, string>();
    const aliveLatency: number[] = [];
    const keepAlive = async (api: Api, s: SessionAnswer) => {
      await sleep(Math.random() * s.alive_ms);
      while (running) {
        const a0 = performance.now();
        try {
          const a = await api.post<SessionAnswer>('/session/alive', {
            session_id: s.session_id,
            session_ans: 0,
          });
          if (measuring) {
            aliveLatency.push(performance.now() - a0);
            alives++;
          }
          if (a.state !== 'active') {
            lost++;
            const why = a.end_reason ? `${a.state} (${a.end_reason})` : a.state;
            errors.set(why, (errors.get(why) ?? 0) + 1);
            if (!endedSessions.has(s.session_id)) {
              endedSessions.set(s.session_id, why);
              progress(`session ${s.session_id}: ${why}`);
            }
          }
        } catch (e) {
          lost++;
          const m = describe(e);
          errors.set(m, (errors.get(m) ?? 0) + 1);
        }
        await sleep(s.alive_ms);
      }
    };
    sessions = await pool('sessions connected', labs, o.concurrency, async (lab, i) => {
      const token = accounts[i]?.idToken ?? '';
      const api = new Api(at(i + 2), token, o.timeoutMs);
      const c0 = performance.now();
      const s = await api.post<SessionAnswer>('/session/connect', {
        board_id: lab.board_id,
        pin: o.pin,
      });
      sessionGrant.push(performance.now() - c0);
      if (s.state !== 'active' || !s.broker) throw new Error(`session ${i}: ${s.state}`);
      const alive = new Api(o.aliveOrigin, token, o.timeoutMs);
      loops.push(keepAlive(alive, s));
      const c = await connectMqtt(
        o.brokerUrl(s.broker.url),
        { username: s.broker.username, password: s.broker.password },
        `session ${i}`,
        o.timeoutMs,
      );
      clients.push(c);
      c.subscribe([s.broker.up, s.broker.presence]);
      return { api: alive, s };
    });
    const sessionsSeconds = lap();
    const sessionsBroker = brokerLap();
    const sessionsLag = lagLap('sessions connected');
    progress(
      `steady state: ${sessions.length} sessions alive for ${o.seconds} s (${lost} lost so far)`,
    );
    measuring = true;
    const cpu0 = o.cpu();
    const t0 = Date.now();
    for (let left = o.seconds; left > 0; left -= 10) {
      await sleep(Math.min(10, left) * 1000);
      progress(
        `steady state: ${o.seconds - Math.max(0, left - 10)}/${o.seconds} s, ${alives} alives, ${lost} lost`,
      );
    }
    running = false;
    const steadyLag = lagLap('steady state');
    lag.disable();
    stopLag = () => {};
    const elapsed = (Date.now() - t0) / 1000;
    const cpu = o.cpu() - cpu0;
    const steadyBroker = brokerLap();
    for (const [m, n] of errors) progress(`lost alive ×${n}: ${m}`);
    return {
      alives,
      lost,
      cpuPercent: (100 * cpu) / elapsed,
      cpuMsPerAlive: alives > 0 ? (1000 * cpu) / alives : 0,
      aliveLatency,
      elapsed,
      setup: { labs: labsSeconds, stations: stationsSeconds, sessions: sessionsSeconds },
      brokerCpu: { stations: stationsBroker, sessions: sessionsBroker, steady: steadyBroker },
      benchLagMs: { stations: stationsLag, sessions: sessionsLag, steady: steadyLag },
      stationGrant,
      sessionGrant,
    };
  } finally {
    running = false;
    stopLag();
    progress('tearing down the scale run');
    await withTimeout(Promise.all(loops), o.timeoutMs * 2, 'the alive loops to stop').catch(
      (e: unknown) => progress(String(e)),
    );
    await pool('sessions disconnected', sessions, o.concurrency, ({ api, s }) =>
      api.post('/session/disconnect', { session_id: s.session_id }),
    ).catch((e: unknown) => progress(`disconnect: ${String(e)}`));
    for (const t of timers) clearInterval(t);
    await Promise.all(
      clients.map((c) => withTimeout(c.endAsync(), 5000, 'an MQTT close').catch(() => c.end(true))),
    );
  }
}

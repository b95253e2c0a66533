// How to carry events between replicas, measured (`node --import tsx scripts/bench-event-bus.ts`):
// the outbox + LISTEN/NOTIFY bus on a durable throw-away PostgreSQL, the same outbox with
// the in-process bus (the floor), and a plain Mosquitto topic (QoS 1) on a throw-away broker.
// Two bus instances stand for two replicas: one publishes, the other hears. Prints the
// publish → hear latency (p50/p99, events paced 5 ms apart) and the throughput of a burst
// (events published with 32 in flight until the last is heard).
//
// Env: BENCH_EVENTS (default 1000), GOGO_PG_PORT, GOGO_MQTT_PORT.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { migrateToLatest, openDatabase } from '../server/db/database.ts';
import { LocalEventBus, type EventBus } from '../server/events/event-bus.ts';
import { PgEventBus } from '../server/events/pg-event-bus.ts';
import { MqttDynsecChannel } from '../server/remote-lab/brokers.ts';
import { envPort } from './auth-emulator.ts';
import { startTempMosquitto } from './mosquitto-temp.ts';
import { startTempPostgres } from './pg-temp.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const IN_FLIGHT = 32;

interface Carrier {
  name: string;
  /** Publishes; resolves when the publisher may count it sent. */
  send(n: number): Promise<unknown>;
  /** Called with n as the other side hears it. */
  onHear(listener: (n: number) => void): Promise<void>;
  close(): Promise<void>;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function measure(carrier: Carrier) {
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  let heard = 0;
  let wake: (() => void) | null = null;
  await carrier.onHear((n) => {
    const t = sentAt.get(n);
    if (t !== undefined) latencies.push(performance.now() - t);
    heard++;
    wake?.();
  });
  const waitHeard = async (count: number) => {
    const deadline = Date.now() + 60_000;
    while (heard < count) {
      if (Date.now() > deadline) throw new Error(`${carrier.name}: heard ${heard} of ${count}`);
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, 20);
      });
    }
  };
  for (let n = 0; n < EVENTS; n++) {
    sentAt.set(n, performance.now());
    await carrier.send(n);
    await new Promise((r) => setTimeout(r, 5));
  }
  await waitHeard(EVENTS);
  latencies.sort((a, b) => a - b);
  sentAt.clear();
  const start = performance.now();
  let next = EVENTS;
  const end = 2 * EVENTS;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < end) await carrier.send(next++);
    }),
  );
  await waitHeard(end);
  const seconds = (performance.now() - start) / 1000;
  return {
    carrier: carrier.name,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    perSecond: EVENTS / seconds,
  };
}

function busCarrier(name: string, publisher: EventBus, hearer: EventBus): Carrier {
  return {
    name,
    send: (n) => publisher.publish('bench', n),
    async onHear(listener) {
      await hearer.subscribe('bench', (e) => listener(e.data as number)).ready;
    },
    async close() {
      await publisher.close();
      if (hearer !== publisher) await hearer.close();
    },
  };
}

/** A broker client that may use the bench topic (the admin may use only $CONTROL). */
async function benchLogin(url: string, admin: string, adminPassword: string) {
  const channel = await MqttDynsecChannel.connect(url, admin, adminPassword);
  const acl = (acltype: string) => ({ acltype, topic: 'bench/#', allow: true });
  const login = { username: 'bench', password: 'bench-password' };
  await channel.command([
    {
      command: 'createRole',
      rolename: 'bench',
      acls: [acl('publishClientSend'), acl('publishClientReceive'), acl('subscribePattern')],
    },
    { command: 'createClient', ...login, roles: [{ rolename: 'bench' }] },
  ]);
  await channel.close();
  return login;
}

async function main() {
  const pg = await startTempPostgres({ port: envPort('GOGO_PG_PORT'), durable: true });
  const broker = await startTempMosquitto({ port: envPort('GOGO_MQTT_PORT') });
  const db = openDatabase({ kind: 'postgres', url: pg.url, poolMax: 10 });
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'gogo-bus-bench-'));
  const sqlite = openDatabase({ kind: 'sqlite', file: path.join(scratch, 'bench.sqlite') });
  const rows = [];
  try {
    await migrateToLatest(db);
    await migrateToLatest(sqlite);
    const local = new LocalEventBus(sqlite.kysely);
    rows.push(await measure(busCarrier('outbox on SQLite, in-process (one server)', local, local)));
    const a = new PgEventBus(db.kysely, pg.url);
    const b = new PgEventBus(db.kysely, pg.url);
    await Promise.all([a.start(), b.start()]);
    rows.push(await measure(busCarrier('outbox + LISTEN/NOTIFY (two replicas)', a, b)));

    const login = await benchLogin(broker.tcpUrl, broker.adminUsername, broker.adminPassword);
    const pub = await mqtt.connectAsync(broker.tcpUrl, login);
    const sub = await mqtt.connectAsync(broker.tcpUrl, login);
    const mosquitto: Carrier = {
      name: 'Mosquitto topic, QoS 1 (two replicas)',
      send: (n) => pub.publishAsync('bench/bus', String(n), { qos: 1 }),
      async onHear(listener) {
        sub.on('message', (_t, payload) => listener(Number(payload.toString())));
        await sub.subscribeAsync('bench/bus', { qos: 1 });
      },
      async close() {
        await pub.endAsync();
        await sub.endAsync();
      },
    };
    rows.push(await measure(mosquitto));
    await mosquitto.close();
    await Promise.all([a.close(), b.close(), local.close()]);
  } finally {
    await sqlite.close();
    fs.rmSync(scratch, { recursive: true, force: true });
    await db.close();
    await broker.remove();
    await pg.stop();
  }
  console.log(
    `\n${EVENTS} events each; latency paced 5 ms apart, throughput ${IN_FLIGHT} in flight`,
  );
  console.log('| carrier | p50 | p99 | events/s |');
  console.log('| --- | --- | --- | --- |');
  for (const r of rows) {
    console.log(
      `| ${r.carrier} | ${r.p50.toFixed(2)} ms | ${r.p99.toFixed(2)} ms | ${Math.round(r.perSecond)} |`,
    );
  }
}

await main();

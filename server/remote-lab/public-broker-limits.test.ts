// Floods of the public broker (docs/labs.md "Limits of the public broker"): retained
// messages, connections, WebSockets, publishes and subscriptions, each past its limit, while
// the server's memory is measured and another user keeps working. The embedded aedes broker
// enforces every limit itself (clients come from two addresses through TRUST_PROXY); an
// external Mosquitto runs deploy/mosquitto.conf (scripts/mosquitto-temp.ts): it refuses
// anonymous clients and bounds what signed-in ones can make it hold (queues, memory).
import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { WebuiBrokerGrant } from '../../src/contract/webui.ts';
import { typedApiCaller } from '../testing/api-caller.ts';
import { signUpWithPassword } from '../testing/emulator-accounts.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { testEngine } from '../testing/test-db.ts';
import { brokerUrl, publicBrokerTestEnv, testBroker } from '../testing/test-mqtt.ts';
import { PUBLIC_LIMITS } from './embedded-broker.ts';
import { MOSQUITTO_CONF } from '../../scripts/mosquitto-temp.ts';

/** Each flood comes from addresses of its own, so one test's leftovers never count in another. */
let attackers = 0;
const attacker = () => `203.0.113.${++attackers}`;
const SCHOOL = '198.51.100.7';
const PAYLOAD = Buffer.alloc(PUBLIC_LIMITS.payloadBytes, 0x61);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
/** The heap after a full collection, in bytes. */
async function heap(): Promise<number> {
  await sleep(50);
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** Messages a client received, to wait for one without fixed sleeps. */
function inbox(c: MqttClient) {
  const seen: { topic: string; retained: boolean; size: number }[] = [];
  c.on('message', (topic, payload, packet) =>
    seen.push({ topic, retained: packet.retain, size: payload.length }),
  );
  return {
    seen,
    async until(what: string, ok: () => boolean, ms = 30_000) {
      const deadline = Date.now() + ms;
      while (!ok()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await sleep(20);
      }
    },
  };
}

describe(`the public broker under floods (${testEngine()}, ${testBroker()})`, () => {
  let t: TestApp;
  let origin: string;
  let alice: string;
  let bob: string;
  let publicUrl: string;
  const clients: MqttClient[] = [];
  const api = typedApiCaller(() => t);

  beforeAll(async () => {
    // The socket peer is the test's proxy: X-Forwarded-For names the client.
    t = await startTestApp({ ...publicBrokerTestEnv(), TRUST_PROXY: '1' });
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    alice = (await signUpWithPassword(t.emulatorHost)).idToken;
    bob = (await signUpWithPassword(t.emulatorHost)).idToken;
    publicUrl = (await api<WebuiBrokerGrant>(bob, 'POST', '/webui/broker', {})).body.url;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true).catch(() => {})));
    await t.close();
  });

  const grantOf = async (token: string) =>
    (await api<WebuiBrokerGrant>(token, 'POST', '/webui/broker', {})).body;

  const connect = async (
    from: string,
    grant?: Pick<WebuiBrokerGrant, 'username' | 'password'>,
    extra: IClientOptions = {},
  ) => {
    const c = await mqtt.connectAsync(brokerUrl(publicUrl, origin), {
      ...(grant ? { username: grant.username, password: grant.password } : {}),
      reconnectPeriod: 0,
      connectTimeout: 5000,
      wsOptions: { headers: { 'x-forwarded-for': from } },
      ...extra,
    });
    clients.push(c);
    return c;
  };

  /** Another user's round trip through the broker works. */
  async function othersStillWork(): Promise<void> {
    const g = await grantOf(alice);
    const c = await connect(SCHOOL, g);
    const box = inbox(c);
    await c.subscribeAsync(`${g.root}/ping`);
    await c.publishAsync(`${g.root}/ping`, 'pong', { qos: 1 });
    await box.until('the round trip', () => box.seen.some((m) => m.topic === `${g.root}/ping`));
    await c.endAsync(true);
  }

  describe.skipIf(testBroker() !== 'aedes')('embedded (aedes)', () => {
    it('keeps nothing anonymous clients mark retained, and delivers it live', async () => {
      // The same traffic once without retain first: code loaded and warmed is not the flood.
      const warm = await Promise.all([0, 1, 2].map(() => connect(SCHOOL)));
      for (const c of warm) for (let i = 0; i < 20; i++) await c.publishAsync('warm/x', PAYLOAD);
      await Promise.all(warm.map((c) => c.endAsync(true)));
      await othersStillWork();
      const before = await heap();
      const live = await connect(SCHOOL);
      const liveBox = inbox(live);
      await live.subscribeAsync('flood/#');
      // Two addresses, every connection each may open, each publishing its burst retained.
      const from = [attacker(), attacker()];
      const flooders = await Promise.all(
        Array.from({ length: 2 * PUBLIC_LIMITS.anonymousPerAddress }, (_, i) =>
          connect(from[i % 2] as string),
        ),
      );
      let sent = 0;
      await Promise.all(
        flooders.map(async (c, n) => {
          for (let i = 0; i < PUBLIC_LIMITS.anonymousPublishBurst - 5; i++, sent++) {
            await c.publishAsync(`flood/${n}/${i}`, PAYLOAD, { retain: true, qos: 0 });
          }
        }),
      );
      await liveBox.until('the live copies', () => liveBox.seen.length === sent);
      expect(liveBox.seen.every((m) => !m.retained && m.size === PAYLOAD.length)).toBe(true);
      // A newcomer finds none of it kept.
      const late = await connect(SCHOOL);
      const lateBox = inbox(late);
      await late.subscribeAsync('flood/#');
      await sleep(300);
      expect(lateBox.seen).toEqual([]);
      await Promise.all([...flooders, live, late].map((c) => c.endAsync(true)));
      // ~9 MB were sent to be kept; once the clients are gone the server holds next to none.
      expect(sent * PAYLOAD.length).toBeGreaterThan(9_000_000);
      expect((await heap()) - before).toBeLessThan(3_000_000);
      await othersStillWork();
    }, 60_000);

    it("keeps a signed-in user's retained messages within their share", async () => {
      const g = await grantOf(bob);
      const c = await connect(SCHOOL, g);
      const topics = 2 * PUBLIC_LIMITS.retainedTopicsPerUser;
      for (let i = 0; i < topics; i++) {
        await c.publishAsync(`${g.root}/r/${i}`, PAYLOAD, { retain: true, qos: 0 });
        if (i % 100 === 99) await sleep(400); // within the publish rate
      }
      const reader = await connect(SCHOOL, g);
      const box = inbox(reader);
      await reader.subscribeAsync(`${g.root}/r/#`);
      const kept = PUBLIC_LIMITS.retainedBytesPerUser / PAYLOAD.length;
      await box.until('the retained ones', () => box.seen.length >= kept);
      await sleep(300);
      expect(box.seen.filter((m) => m.retained)).toHaveLength(kept);
      // Clearing one makes room for another.
      await c.publishAsync(`${g.root}/r/0`, '', { retain: true, qos: 1 });
      await c.publishAsync(`${g.root}/r/new`, PAYLOAD, { retain: true, qos: 1 });
      const again = await connect(SCHOOL, g);
      const againBox = inbox(again);
      await again.subscribeAsync(`${g.root}/r/new`);
      await againBox.until('the new retained one', () => againBox.seen.length === 1);
      await Promise.all([c, reader, again].map((x) => x.endAsync(true)));
    }, 60_000);

    it('refuses connections beyond the per-address caps, and others still connect', async () => {
      const ATTACKER = attacker();
      const mine = await Promise.all(
        Array.from({ length: PUBLIC_LIMITS.anonymousPerAddress }, () => connect(ATTACKER)),
      );
      await expect(connect(ATTACKER)).rejects.toThrow(/unavailable/i);
      await othersStillWork();
      const other = await connect(SCHOOL);
      expect(other.connected).toBe(true);
      // One leaves: one more may come.
      await mine[0]?.endAsync(true);
      await sleep(100);
      const next = await connect(ATTACKER);
      expect(next.connected).toBe(true);
      await Promise.all([...mine.slice(1), other, next].map((c) => c.endAsync(true)));
      await sleep(300);

      // WebSockets that never speak MQTT: refused at the upgrade past the address's share.
      const url = `${origin.replace(/^http/, 'ws')}${publicUrl}`;
      const before = await heap();
      const open = (from: string) =>
        new Promise<WebSocket | number>((resolve) => {
          const ws = new WebSocket(url, 'mqtt', { headers: { 'x-forwarded-for': from } });
          ws.once('open', () => resolve(ws));
          ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
          ws.once('error', () => resolve(-1));
        });
      const sockets: (WebSocket | number)[] = [];
      const flood = attacker();
      for (let i = 0; i < PUBLIC_LIMITS.socketsPerAddress + 20; i++)
        sockets.push(await open(flood));
      const refusedCount = sockets.filter((s) => s === 429).length;
      expect(sockets.filter((s) => s instanceof WebSocket)).toHaveLength(
        PUBLIC_LIMITS.socketsPerAddress,
      );
      expect(refusedCount).toBe(20);
      const school = await open(SCHOOL);
      expect(school).toBeInstanceOf(WebSocket);
      expect((await heap()) - before).toBeLessThan(8_000_000);
      for (const s of [...sockets, school]) if (s instanceof WebSocket) s.terminate();
      await othersStillWork();
    }, 60_000);

    it('closes a connection that publishes faster than its rate, and others go on', async () => {
      const watcher = await connect(SCHOOL);
      const box = inbox(watcher);
      await watcher.subscribeAsync('rate/#');
      const flooder = await connect(attacker());
      const closed = new Promise<void>((r) => flooder.once('close', () => r()));
      for (let i = 0; i < 2000 && flooder.connected; i++) flooder.publish('rate/x', 'x');
      await closed;
      await sleep(300);
      // The burst and a little of the rate got through; the rest was never forwarded.
      expect(box.seen.length).toBeGreaterThan(PUBLIC_LIMITS.anonymousPublishBurst / 2);
      expect(box.seen.length).toBeLessThan(PUBLIC_LIMITS.anonymousPublishBurst + 40);
      await othersStillWork();
      await watcher.endAsync(true);
    });

    it('grants at most its share of subscriptions to one connection', async () => {
      const c = await connect(SCHOOL);
      const granted: number[] = [];
      for (let i = 0; i < PUBLIC_LIMITS.subscriptionsPerClient + 10; i++) {
        const g = await c.subscribeAsync(`subs/${i}`).then(
          (r) => r[0]?.qos ?? 128,
          () => 128,
        );
        granted.push(g);
        if (!c.connected) break;
      }
      expect(granted.slice(0, PUBLIC_LIMITS.subscriptionsPerClient).every((q) => q === 0)).toBe(
        true,
      );
      expect(granted.slice(PUBLIC_LIMITS.subscriptionsPerClient).every((q) => q === 128)).toBe(
        true,
      );
      await c.endAsync(true);
    });
  });

  describe.skipIf(testBroker() !== 'mosquitto')('external (Mosquitto)', () => {
    it('refuses anonymous clients, so none can retain or flood', async () => {
      await expect(connect(attacker())).rejects.toThrow(/not authorized|unavailable|refused/i);
      await othersStillWork();
    });

    it("bounds what a signed-in user's flood and an absent reader's queue make it hold", async () => {
      const g = await grantOf(bob);
      // An absent reader with a session the broker keeps: its queue has a bound.
      const id = `absent-${Date.now()}`;
      const reader = await connect(SCHOOL, g, { clientId: id, clean: false });
      await reader.subscribeAsync(`${g.root}/q`, { qos: 1 });
      await reader.endAsync(true);
      const flooder = await connect(attacker(), g);
      // In batches: one acknowledged publish at a time would take minutes, not the broker.
      for (let i = 0; i < 3000; i += 100) {
        await Promise.all(
          Array.from({ length: 100 }, () =>
            flooder.publishAsync(`${g.root}/q`, PAYLOAD, { qos: 1 }),
          ),
        );
      }
      await othersStillWork();
      const back = await connect(SCHOOL, g, { clientId: id, clean: false });
      const box = inbox(back);
      await box.until('the queued messages', () => box.seen.length >= 100);
      await sleep(1000);
      // Its queue stopped at max_queued_bytes (Mosquitto's default would keep 1000).
      const conf = fs.readFileSync(MOSQUITTO_CONF, 'utf8');
      const queuedBytes = Number(/^max_queued_bytes (\d+)$/m.exec(conf)?.[1]);
      expect(queuedBytes).toBeGreaterThan(0);
      expect(box.seen.length).toBeLessThanOrEqual(queuedBytes / PAYLOAD.length + 20);
      expect(box.seen.length).toBeLessThan(1000);
      await Promise.all([flooder, back].map((c) => c.endAsync(true)));
    }, 120_000);
  });
});

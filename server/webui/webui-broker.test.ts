import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebuiBrokerGrant, Widget } from '../../src/contract/webui.ts';
import { typedApiCaller } from '../testing/api-caller.ts';
import { signUpWithPassword } from '../testing/emulator-accounts.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { testEngine } from '../testing/test-db.ts';
import { brokerUrl, publicBrokerTestEnv, testBroker } from '../testing/test-mqtt.ts';

const gauge: Widget = {
  id: 'g1',
  type: 'gauge',
  topic: 'sensor/1',
  label: 'Light',
  x: 0,
  y: 0,
  w: 4,
  h: 2,
  min: 0,
  max: 1023,
};

/** Messages a client received, to wait for one without fixed sleeps. */
function inbox(c: MqttClient) {
  const seen: { topic: string; text: string }[] = [];
  c.on('message', (topic, payload) => seen.push({ topic, text: payload.toString() }));
  return {
    seen,
    async next(topic: string, text: string) {
      const deadline = Date.now() + 10_000;
      while (!seen.some((m) => m.topic === topic && m.text === text)) {
        if (Date.now() > deadline) throw new Error(`no ${text} on ${topic}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}

describe(`web UI topics on the public broker (${testEngine()}, ${testBroker()})`, () => {
  let t: TestApp;
  let origin: string;
  let alice: string;
  let bob: string;
  let publicUrl: string;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    t = await startTestApp(publicBrokerTestEnv());
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    alice = (await signUpWithPassword(t.emulatorHost)).idToken;
    bob = (await signUpWithPassword(t.emulatorHost)).idToken;
    publicUrl = (await api<WebuiBrokerGrant>(bob, 'POST', '/webui/broker', {})).body.url;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await t.close();
  });

  const api = typedApiCaller(() => t);

  const connect = async (grant?: Pick<WebuiBrokerGrant, 'username' | 'password'>) => {
    const c = await mqtt.connectAsync(brokerUrl(publicUrl, origin), {
      ...(grant ? { username: grant.username, password: grant.password } : {}),
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
    clients.push(c);
    return c;
  };
  const grantOf = async (token: string) =>
    (await api<WebuiBrokerGrant>(token, 'POST', '/webui/broker', {})).body;
  /** A publish the broker refuses: Mosquitto acknowledges and drops it, aedes hangs up. */
  const refusedPublish = (c: MqttClient, topic: string, text: string) =>
    Promise.race([
      c.publishAsync(topic, text, { qos: 1 }).catch(() => {}),
      new Promise<void>((r) => c.once('close', () => r())),
    ]);
  /** The granted QoS; 128 is a refusal (mqtt.js rejects it). */
  const qos = (c: MqttClient, filter: string) =>
    c.subscribeAsync(filter, { qos: 1 }).then(
      (granted) => granted[0]?.qos,
      () => 128,
    );

  it('lets a user publish and subscribe inside their namespace and nowhere else', async () => {
    const a = await grantOf(alice);
    const b = await grantOf(bob);
    expect(a.root).not.toBe(b.root);
    const ca = await connect(a);
    const cb = await connect(b);
    const inA = inbox(ca);
    const inB = inbox(cb);

    expect(await qos(ca, `${a.root}/#`)).toBe(1);
    expect(await qos(cb, `${b.root}/#`)).toBe(1);
    // Into another user's namespace, or a filter above one's own: refused.
    expect(await qos(ca, `${b.root}/#`)).toBe(128);
    expect(await qos(ca, `${a.root.split('/').slice(0, -1).join('/')}/#`)).toBe(128);
    expect(await qos(ca, '#')).toBe(128);

    // A publish into Bob's namespace never reaches him; his own marker after it does.
    await refusedPublish(ca, `${b.root}/motor`, 'from-alice');
    await cb.publishAsync(`${b.root}/motor`, 'marker', { qos: 1 });
    await inB.next(`${b.root}/motor`, 'marker');
    expect(inB.seen.map((m) => m.text)).not.toContain('from-alice');

    const ca2 = ca.connected ? ca : await connect(await grantOf(alice));
    const inA2 = ca2 === ca ? inA : inbox(ca2);
    if (ca2 !== ca) await qos(ca2, `${a.root}/#`);
    await ca2.publishAsync(`${a.root}/sensor/1`, '512', { qos: 1 });
    await inA2.next(`${a.root}/sensor/1`, '512');
  });

  it('refuses a wrong password, and a second grant keeps the first connection', async () => {
    const first = await grantOf(alice);
    const c = await connect(first);
    await expect(connect({ username: first.username, password: 'wrong' })).rejects.toThrow();
    // Another tab of the same user: the same login, and the first tab stays connected.
    const second = await grantOf(alice);
    expect(second).toEqual(first);
    await connect(second);
    const mine = inbox(c);
    expect(await qos(c, `${first.root}/still`)).toBe(1);
    await c.publishAsync(`${first.root}/still`, 'here', { qos: 1 });
    await mine.next(`${first.root}/still`, 'here');
  });

  it("gives a link's viewer only its dashboard's topics, read only, until the link is off", async () => {
    const made = await api<{ uuid: string }>(alice, 'POST', '/webui/dashboards', {
      name: 'Shown',
      widgets: [gauge],
    });
    const shared = await api<{ shareToken: string }>(
      alice,
      'PUT',
      `/webui/dashboards/${made.body.uuid}/share`,
      { shared: true },
    );
    const token = shared.body.shareToken;
    const viewerGrant = await api<WebuiBrokerGrant>(
      null,
      'POST',
      `/webui/shared/${token}/broker`,
      {},
    );
    expect(viewerGrant.status).toBe(200);
    const v = viewerGrant.body;
    const owner = await grantOf(alice);
    expect(v.root).toBe(owner.root);

    const viewer = await connect(v);
    const seen = inbox(viewer);
    expect(await qos(viewer, `${v.root}/sensor/1`)).toBe(1);
    expect(await qos(viewer, `${v.root}/motor/power`)).toBe(128);
    expect(await qos(viewer, `${v.root}/#`)).toBe(128);

    const ca = await connect(owner);
    const inA = inbox(ca);
    await qos(ca, `${owner.root}/sensor/1`);
    await ca.publishAsync(`${owner.root}/sensor/1`, '700', { qos: 1 });
    await seen.next(`${v.root}/sensor/1`, '700');

    // The viewer cannot write, even to the topic it reads.
    await refusedPublish(viewer, `${v.root}/sensor/1`, 'forged');
    await ca.publishAsync(`${owner.root}/sensor/1`, 'marker', { qos: 1 });
    await inA.next(`${owner.root}/sensor/1`, 'marker');
    expect(inA.seen.map((m) => m.text)).not.toContain('forged');

    // Turning the link off closes the viewer and its password stops working.
    const viewer2 = await connect(v);
    const closed = new Promise<void>((r) => viewer2.once('close', () => r()));
    await api(alice, 'PUT', `/webui/dashboards/${made.body.uuid}/share`, { shared: false });
    await closed;
    await expect(connect(v)).rejects.toThrow();
    const dead = await api(null, 'POST', `/webui/shared/${token}/broker`, {});
    expect(dead.status).toBe(404);
  });

  it.runIf(testBroker() === 'aedes')(
    'keeps anonymous clients (broadcast) out of every namespace',
    async () => {
      const a = await grantOf(alice);
      const anon = await connect();
      expect(await qos(anon, `${a.root}/sensor/1`)).toBe(128);
      expect(await qos(anon, '#')).toBe(128);
      expect(await qos(anon, 'broadcast/room1')).toBe(1);
    },
  );
});

// Web UI broker accounts on Mosquitto's dynamic security do not pile up (docs/labs.md "Web
// UI topics and access on the public broker"): a link's client and role go when the link
// ends, and the clients of users and links nobody was granted for the idle time go in a
// sweep, with their connections. Runs only on the test Mosquitto (scripts/test.sh).
import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttDynsecChannel } from '../remote-lab/brokers.ts';
import { testBroker, testDynsecChannel } from '../testing/test-mqtt.ts';
import { DynsecWebuiAccess, type BrokerLogin } from './webui-access.ts';

const IDLE_MS = 60_000;

describe.runIf(testBroker() === 'mosquitto')('web UI accounts on Mosquitto', () => {
  let channel: MqttDynsecChannel;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    channel = await testDynsecChannel();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await channel.close();
  });

  /** An access of its own namespace, on a clock the test moves. */
  function access() {
    const ns = `t${randomBytes(5).toString('hex')}`;
    const clock = { now: 1_000_000 };
    const a = new DynsecWebuiAccess(ns, ns, channel, { idleMs: IDLE_MS, now: () => clock.now });
    return { ns, clock, a };
  }

  const listed = async (command: 'listClients' | 'listRoles', key: 'clients' | 'roles') => {
    const [r] = await channel.command([{ command, verbose: false, count: -1, offset: 0 }]);
    return ((r?.data as Record<string, unknown> | undefined)?.[key] ?? []) as string[];
  };

  const login = async (l: BrokerLogin) => {
    const c = await mqtt.connectAsync(process.env.TEST_MQTT_WS_URL ?? '', {
      ...l,
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
    clients.push(c);
    return c;
  };

  it("removes a link's client and role when the link ends", async () => {
    const { a } = access();
    const token = randomBytes(24).toString('base64url');
    const viewer = await a.grantViewer(token, ['x/u/1/sensor/1']);
    await login(viewer);
    expect(await listed('listClients', 'clients')).toContain(viewer.username);
    expect(await listed('listRoles', 'roles')).toContain(`${viewer.username}:role`);

    await a.revokeViewer(token);
    expect(await listed('listClients', 'clients')).not.toContain(viewer.username);
    expect(await listed('listRoles', 'roles')).not.toContain(`${viewer.username}:role`);
    await expect(login(viewer)).rejects.toThrow();
  });

  it('deletes the clients nobody was granted for the idle time, and only those', async () => {
    const { clock, a } = access();
    const other = access();
    const alice = await a.grantUser('alice');
    const bob = await a.grantUser('bob');
    const elsewhere = await other.a.grantUser('carol');
    const aliceLink = await login(alice);
    const closed = new Promise<void>((r) => aliceLink.once('close', () => r()));

    clock.now += IDLE_MS / 2;
    await a.grantUser('bob');
    clock.now += IDLE_MS / 2;
    // Alice's grant is a full idle time old; Bob's half; Carol is another server's.
    expect(await a.sweep()).toBe(1);
    let names = await listed('listClients', 'clients');
    expect(names).not.toContain(alice.username);
    expect(names).toContain(bob.username);
    expect(names).toContain(elsewhere.username);
    expect(await listed('listRoles', 'roles')).not.toContain(`${alice.username}:role`);
    // Her open connection ends and her password no longer works; a new grant does.
    await closed;
    await expect(login(alice)).rejects.toThrow();
    await login(await a.grantUser('alice'));

    clock.now += IDLE_MS;
    expect(await a.sweep()).toBe(2);
    names = await listed('listClients', 'clients');
    expect(names).not.toContain(bob.username);
    expect(names).toContain(elsewhere.username);
  });

  it('sweeps by the grant times on the broker, so replicas sharing it agree', async () => {
    const ns = `t${randomBytes(5).toString('hex')}`;
    const clock = { now: 1_000_000 };
    const secret = randomBytes(32);
    const replica = () =>
      new DynsecWebuiAccess(ns, ns, channel, { idleMs: IDLE_MS, now: () => clock.now, secret });
    const [one, two] = [replica(), replica()];
    await one.grantUser('alice');
    clock.now += IDLE_MS * 0.9;
    const alice = await one.grantUser('alice');
    clock.now += IDLE_MS * 0.5;
    // The other replica never granted her and started longer than the idle time ago: the
    // broker's time of the first replica's grant keeps her.
    expect(await two.sweep()).toBe(0);
    await login(alice);
    clock.now += IDLE_MS;
    expect(await two.sweep()).toBe(1);
    expect(await listed('listClients', 'clients')).not.toContain(alice.username);
    // The replica that granted her before makes her again on the next grant.
    await login(await one.grantUser('alice'));
  });

  it("keeps a user's open links when a later grant on any replica moves the grant's time", async () => {
    const ns = `t${randomBytes(5).toString('hex')}`;
    const clock = { now: 1_000_000 };
    const secret = randomBytes(32);
    const replica = () =>
      new DynsecWebuiAccess(ns, ns, channel, { idleMs: IDLE_MS, now: () => clock.now, secret });
    const [one, two] = [replica(), replica()];
    const link = await login(await one.grantUser('alice'));
    let drops = 0;
    link.on('close', () => drops++);
    // Past the time a grant is written again, on both replicas: a page load on each.
    clock.now += IDLE_MS / 2;
    await one.grantUser('alice');
    await two.grantUser('alice');
    clock.now += IDLE_MS * 0.7;
    // Her last grant is 0.7 of the idle time old, her password's setting 1.2: she stays.
    expect(await two.sweep()).toBe(0);
    expect(await one.sweep()).toBe(0);
    // Her link still carries her own topics (a drop would have come before this answer).
    const topic = `${ns}/u/alice/x`;
    await link.subscribeAsync(topic);
    const got = new Promise<string>((r) => link.once('message', (_t, p) => r(p.toString())));
    await link.publishAsync(topic, 'still here');
    expect(await got).toBe('still here');
    expect(drops).toBe(0);
    expect(link.connected).toBe(true);
  });
});

// The link against a real broker (aedes on a TCP port) whose login check the test controls:
// a refused login ends a link by default, and a link that retries comes online once the
// broker takes the login (a restarted server that had not yet heard of a session).
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Aedes } from 'aedes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MqttLink, type MqttLinkStatus } from './mqtt-link.ts';

describe('MqttLink against aedes', () => {
  let broker: Aedes;
  let server: net.Server;
  let url = '';
  /** Logins the broker refuses before it takes one, per user name. */
  const refusals = new Map<string, number>();

  beforeAll(async () => {
    broker = await Aedes.createBroker({
      authenticate: (_client, username, _password, done) => {
        const left = refusals.get(username ?? '') ?? 0;
        if (left > 0) {
          refusals.set(username ?? '', left - 1);
          done(
            Object.assign(new Error('bad user name or password'), { returnCode: 4 as const }),
            false,
          );
        } else done(null, true);
      },
    });
    server = net.createServer((socket) => broker.handle(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('ends a link whose login is refused, and says why', async () => {
    refusals.set('ann', 1);
    const seen: MqttLinkStatus[] = [];
    const link = await MqttLink.open({
      url,
      username: 'ann',
      password: 'x',
      reconnectMs: 50,
      onStatus: (s) => seen.push(s),
    });
    await expect(link.online(5000)).rejects.toMatchObject({ code: 'refused' });
    await new Promise((r) => setTimeout(r, 300));
    expect(link.connected).toBe(false);
    expect(seen).toEqual(['refused']);
    await link.close();
  });

  it('keeps trying after refused logins when told to, and comes online with its topics', async () => {
    refusals.set('bob', 2);
    const seen: MqttLinkStatus[] = [];
    const got: string[] = [];
    const link = await MqttLink.open({
      url,
      username: 'bob',
      password: 'x',
      reconnectMs: 50,
      onRefused: 'retry',
      subscribe: ['t/bob'],
      onStatus: (s) => seen.push(s),
      onMessage: (_topic, payload) => got.push(new TextDecoder().decode(payload)),
    });
    await expect.poll(() => link.status, { timeout: 5000 }).toBe('online');
    expect(seen).toContain('refused');
    broker.publish(
      {
        cmd: 'publish',
        topic: 't/bob',
        payload: Buffer.from('hi'),
        qos: 0,
        retain: false,
        dup: false,
      },
      () => {},
    );
    await expect.poll(() => got, { timeout: 5000 }).toEqual(['hi']);
    await link.close();
  });
});

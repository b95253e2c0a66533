// Grants issued together reach Mosquitto's dynamic security in few control messages, and
// every caller still gets its own answers (docs/remote-lab.md "Granting at scale"). Runs
// only on the test Mosquitto (scripts/test.sh).
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttDynsecChannel } from './brokers.ts';
import { MAX_BATCH_CHANGES, MAX_BATCH_COMMANDS } from './dynsec-batch.ts';
import { DynsecLabAccess, labUsernames } from './lab-access.ts';
import { testBroker, testDynsecChannel } from '../testing/test-mqtt.ts';

describe.runIf(testBroker() === 'mosquitto')('dynamic-security commands in batches', () => {
  let channel: MqttDynsecChannel;

  beforeAll(async () => {
    channel = await testDynsecChannel();
  });
  afterAll(async () => {
    await channel.close();
  });

  const ns = () => `t${randomBytes(5).toString('hex')}`;

  it('grants 40 stations at once in fewer messages, each with its own login', async () => {
    const prefix = ns();
    const access = new DynsecLabAccess(prefix, prefix, channel, randomBytes(32));
    const boards = Array.from({ length: 40 }, (_, i) => `B${i}`);
    const before = channel.stats;
    await Promise.all(boards.map((b) => access.grantStation(b, access.stationPassword(b, 'k1'))));
    const sent = channel.stats.messages - before.messages;
    // Two changes a first grant, two grants per message: half as many messages as grants.
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThanOrEqual(Math.ceil((40 * 2) / MAX_BATCH_CHANGES));
    // Every caller got its own client's answer: each station signs in with its password and
    // may publish only its own presence.
    const [b0, b1] = boards as [string, string];
    const station = await mqtt.connectAsync(process.env.TEST_MQTT_URL ?? '', {
      username: labUsernames.station(prefix, b0),
      password: access.stationPassword(b0, 'k1'),
      reconnectPeriod: 0,
    });
    try {
      await station.subscribeAsync(`${prefix}/lab/${b0}/control`);
      await expect(station.subscribeAsync(`${prefix}/lab/${b1}/control`)).rejects.toThrow();
    } finally {
      await station.endAsync(true);
    }
    await expect(
      mqtt.connectAsync(process.env.TEST_MQTT_URL ?? '', {
        username: labUsernames.station(prefix, b1),
        password: access.stationPassword(b0, 'k1'),
        reconnectPeriod: 0,
      }),
    ).rejects.toThrow();
    await Promise.all(boards.map((b) => access.revokeStation(b)));
  });

  it('answers each caller with its own responses, in bounded messages', async () => {
    const calls = 3 * MAX_BATCH_COMMANDS + 7;
    const names = Array.from({ length: calls }, () => `${ns()}:nobody`);
    const before = channel.stats;
    const answers = await Promise.all(
      names.map((username) => channel.command([{ command: 'getClient', username }])),
    );
    for (const a of answers) {
      expect(a).toHaveLength(1);
      expect(a[0]).toMatchObject({ command: 'getClient', error: 'Client not found' });
    }
    const sent = channel.stats.messages - before.messages;
    expect(channel.stats.commands - before.commands).toBe(calls);
    // At most MAX_BATCH_COMMANDS per message: at least four messages for 3 × MAX + 7 calls.
    expect(sent).toBeGreaterThanOrEqual(4);
    expect(sent).toBeLessThan(calls / 10);
  });
});

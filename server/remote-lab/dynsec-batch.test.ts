// Grants issued together reach Mosquitto's dynamic security in few control messages, and
// every caller still gets its own answers (docs/remote-lab.md "Granting at scale"). Those
// run only on the test Mosquitto (scripts/test.sh); how long a caller waits on a busy broker
// is timed here with the broker's answers held back.
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MqttDynsecChannel } from './brokers.ts';
import {
  DYNSEC_ANSWER_MS,
  DynsecBatcher,
  MAX_BATCH_CHANGES,
  MAX_BATCH_COMMANDS,
  MAX_IN_FLIGHT,
} from './dynsec-batch.ts';
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

describe('dynamic-security calls on a busy broker', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A broker that answers only when told to, in the plugin's answer format. */
  function heldBroker() {
    const sent: { commands: { command: string; correlationData: string }[] }[] = [];
    const batcher = new DynsecBatcher((payload) => {
      sent.push(JSON.parse(payload) as (typeof sent)[number]);
      return Promise.resolve();
    });
    const answer = (index: number) => {
      const message = sent[index];
      if (!message) throw new Error(`no message ${index}`);
      batcher.receive(
        JSON.stringify({
          responses: message.commands.map((c) => ({
            command: c.command,
            correlationData: c.correlationData,
          })),
        }),
      );
    };
    return { batcher, sent, answer };
  }

  const grant = (n: number) =>
    Array.from({ length: MAX_BATCH_CHANGES }, (_, i) => ({
      command: 'createRole',
      rolename: `r${n}-${i}`,
    }));

  it('waits for its turn in the queue, then gives up only when its own message goes unanswered', async () => {
    vi.useFakeTimers();
    const { batcher, sent, answer } = heldBroker();
    // One message per call (each call changes as much as a message may); MAX_IN_FLIGHT go out.
    const outcomes = Array.from({ length: MAX_IN_FLIGHT + 1 }, (_, n) =>
      batcher.command(grant(n)).then(
        () => 'answered',
        (e: unknown) => (e as Error).message,
      ),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(MAX_IN_FLIGHT);
    // The broker is slow: the last call has queued for longer than an answer may take.
    await vi.advanceTimersByTimeAsync(DYNSEC_ANSWER_MS - 1000);
    for (let i = 0; i < MAX_IN_FLIGHT; i++) answer(i);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(MAX_IN_FLIGHT + 1);
    await vi.advanceTimersByTimeAsync(DYNSEC_ANSWER_MS - 1000);
    answer(MAX_IN_FLIGHT);
    // Every call that was sent got its answer, the queued one too, although more than
    // DYNSEC_ANSWER_MS passed since it was made.
    expect(await Promise.all(outcomes)).toEqual(Array(MAX_IN_FLIGHT + 1).fill('answered'));
  });

  it('fails every call whose own message goes unanswered for 10 s, the queued ones after theirs', async () => {
    vi.useFakeTimers();
    const { batcher, sent } = heldBroker();
    const outcomes = Array.from({ length: MAX_IN_FLIGHT + 1 }, (_, n) =>
      batcher.command(grant(n)).then(
        () => 'answered',
        (e: unknown) => (e as Error).message,
      ),
    );
    await vi.advanceTimersByTimeAsync(DYNSEC_ANSWER_MS + 1);
    // The unanswered messages gave up; the queued call went out in their place.
    expect(sent).toHaveLength(MAX_IN_FLIGHT + 1);
    await vi.advanceTimersByTimeAsync(DYNSEC_ANSWER_MS);
    const answers = await Promise.all(outcomes);
    expect(answers).toEqual(Array(MAX_IN_FLIGHT + 1).fill('dynamic security: no answer in 10 s'));
  });
});

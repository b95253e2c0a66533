// The remote transport and the connection rules of spec core §4 on it, with a stand-in for
// the MQTT client (the real broker path runs in src/remote-lab/remote-lab.node.test.ts).
import { EventEmitter } from 'node:events';
import type { MqttClient } from 'mqtt';
import { describe, expect, it } from 'vitest';
import { GoGoConnection } from '../connection/gogo-connection.ts';
import type { DeviceError } from '../device.ts';
import { ConnectionType, ConnectMethod, type RemoteLink } from '../device.ts';
import { testFramer } from '../testing/test-core.ts';
import { RemoteTransport } from './remote-transport.ts';
import {
  decodeDown,
  decodeUp,
  encodeProgress,
  encodeReports,
  encodeSequence,
  encodeSequenceEnd,
  encodePing,
  SequenceStatus,
} from './wire.ts';

const LINK: RemoteLink = {
  url: 'ws://broker.test/mqtt/lab',
  username: 'gogo:s:7',
  password: 'secret',
  up: 'gogo/lab/B1/s/k/up',
  down: 'gogo/lab/B1/s/k/down',
  presence: 'gogo/lab/B1/presence',
};

/** Enough of an MQTT client: connect, subscribe, publish, and messages from the "broker". */
class FakeClient extends EventEmitter {
  connected = false;
  published: { topic: string; payload: Uint8Array }[] = [];
  subscribe(_t: string[], _o: object, cb: (e: Error | null) => void) {
    cb(null);
  }
  publish(topic: string, payload: Uint8Array, _o: object, cb?: (e?: Error) => void) {
    this.published.push({ topic, payload });
    cb?.();
  }
  end() {
    this.connected = false;
  }
  endAsync() {
    this.connected = false;
    return Promise.resolve();
  }
  up(payload: Uint8Array) {
    this.emit('message', LINK.up, payload);
  }
  presence(online: boolean, board = online) {
    const p = {
      online,
      board: board ? { type: 6, version: 1, firmware: 42 } : null,
      answer: 0,
      session: 'k',
    };
    this.emit('message', LINK.presence, new TextEncoder().encode(JSON.stringify(p)));
  }
}

/** A GoGo 7 status report with its board info, as a station forwards it. */
function statusReport(sensor1 = 500): Uint8Array {
  const r = new Uint8Array(64);
  r[1] = sensor1 >> 8;
  r[2] = sensor1 & 0xff;
  r[17] = 6;
  r[18] = 1;
  r[20] = 42;
  return r;
}

async function setUp() {
  const fake = new FakeClient();
  const made: RemoteTransport[] = [];
  const connection = new GoGoConnection({
    createTransport: (_kind, options) => {
      const t = new RemoteTransport(options.remote ?? LINK, {
        connect: () => {
          queueMicrotask(() => {
            fake.connected = true;
            fake.emit('connect');
          });
          return fake as unknown as MqttClient;
        },
      });
      made.push(t);
      return t;
    },
    framer: await testFramer(),
    displayBoard: () => 6,
    schedule: (f) => queueMicrotask(f),
  });
  return {
    fake,
    connection,
    /** The transport the connection made last. */
    get transport(): RemoteTransport {
      const t = made.at(-1);
      if (!t) throw new Error('no transport yet');
      return t;
    },
  };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('remote transport (spec core §4 connection rules)', () => {
  it('makes the connection remote when the socket opens, with the chosen connect method', async () => {
    const { connection } = await setUp();
    await connection.connect('remote', { method: ConnectMethod.remoteAccess, remote: LINK });
    expect(connection.snapshot).toMatchObject({
      connectionType: ConnectionType.remote,
      connectMethod: ConnectMethod.remoteAccess,
      transport: 'remote',
      status: 'connected',
    });
  });

  it('reads board reports from up frames and ignores ping frames', async () => {
    const { fake, connection } = await setUp();
    await connection.connect('remote', { method: ConnectMethod.remoteLab, remote: LINK });
    fake.presence(true);
    fake.up(encodePing());
    fake.up(encodePing());
    fake.up(encodeReports([statusReport(700)]));
    await tick();
    expect(connection.snapshot.board.boardType).toBe(6);
    // Pings are neither reports nor "no board" messages.
    expect(connection.stats.received).toBe(1);
    expect(connection.stats.ignored.empty).toBe(0);
  });

  it('clears board info while the station is offline and keeps the session link', async () => {
    const { fake, connection } = await setUp();
    await connection.connect('remote', { method: ConnectMethod.remoteLab, remote: LINK });
    fake.presence(true);
    fake.up(encodeReports([statusReport()]));
    await tick();
    let cleared = 0;
    connection.on('cleared', () => cleared++);
    fake.presence(false);
    await tick();
    expect(connection.snapshot.board.boardType).toBe(0);
    expect(connection.snapshot.status).toBe('connected');
    expect(cleared).toBe(1);
    // Commands are refused with the spec's message meanwhile ('The board is not online').
    await expect(connection.send({ category: 0, command: 11, args: [] })).rejects.toMatchObject({
      code: 'board-offline',
    });
  });

  it('a report still on its way when the broker goes does not bring the board back', async () => {
    const { fake, connection } = await setUp();
    await connection.connect('remote', { method: ConnectMethod.remoteLab, remote: LINK });
    fake.presence(true);
    fake.up(encodeReports([statusReport()]));
    await tick();
    expect(connection.snapshot.board.boardType).toBe(6);
    // This report waits for its flush when the broker connection closes.
    fake.up(encodeReports([statusReport(600)]));
    fake.connected = false;
    fake.emit('close');
    await tick();
    expect(connection.snapshot.board.boardType).toBe(0);
    expect(connection.snapshot.status).toBe('connected');
    // The station's next report, once the broker is back, shows the board again.
    fake.connected = true;
    fake.up(encodeReports([statusReport(700)]));
    await tick();
    expect(connection.snapshot.board.boardType).toBe(6);
  });

  it('closes to disconnected and resets board info when the session ends', async () => {
    const { fake, connection } = await setUp();
    const ended = new AbortController();
    await connection.connect('remote', {
      method: ConnectMethod.remoteLab,
      remote: { ...LINK, signal: ended.signal },
    });
    fake.presence(true);
    fake.up(encodeReports([statusReport()]));
    await tick();
    const errors: DeviceError[] = [];
    connection.on('error', (e) => errors.push(e));
    ended.abort('time-limit');
    await tick();
    expect(connection.snapshot).toMatchObject({
      connectionType: ConnectionType.disconnected,
      connectMethod: null,
      status: 'disconnected',
    });
    expect(connection.snapshot.board.boardType).toBe(0);
    expect(errors.map((e) => [e.code, e.detail.reason])).toEqual([['session-ended', 'time-limit']]);
  });

  it("sends a download as one sequence and follows the station's progress and end", async () => {
    const t = await setUp();
    const { fake, connection } = t;
    await connection.connect('remote', { method: ConnectMethod.remoteLab, remote: LINK });
    const transport = t.transport;
    fake.presence(true);
    const payloads = [Uint8Array.of(1, 1, 0, 0), Uint8Array.of(1, 3, 2, 12, 0)];
    const progress: number[] = [];
    const done = transport.writePaced(payloads, [0, 10], (d) => progress.push(d));
    const sent = fake.published.at(-1);
    expect(sent?.topic).toBe(LINK.down);
    const frame = decodeDown(sent?.payload ?? new Uint8Array());
    expect(frame).toEqual({
      type: 'sequence',
      id: 1,
      items: [
        { gapMs: 0, payload: payloads[0] },
        { gapMs: 10, payload: payloads[1] },
      ],
    });
    fake.up(encodeProgress(1, 1, 2));
    fake.up(encodeSequenceEnd(1, SequenceStatus.done));
    await done;
    expect(progress).toEqual([1, 2]);
  });

  it('fails a download with remote-interrupted when the station drops, and refused stays refused', async () => {
    const t = await setUp();
    const { fake, connection } = t;
    await connection.connect('remote', { method: ConnectMethod.remoteLab, remote: LINK });
    const transport = t.transport;
    fake.presence(true);
    const cut = transport.writePaced([Uint8Array.of(1, 1, 0, 0)], [0]);
    fake.presence(false);
    await expect(cut).rejects.toMatchObject({ code: 'remote-interrupted' });
    fake.presence(true);
    const refused = transport.writePaced([Uint8Array.of(0, 202)], [0]);
    fake.up(encodeSequenceEnd(2, SequenceStatus.refused));
    await expect(refused).rejects.toMatchObject({ code: 'invalid-command' });
  });

  it('refuses a connect whose session ended already', async () => {
    const { connection } = await setUp();
    const ended = new AbortController();
    ended.abort('expired');
    await expect(
      connection.connect('remote', {
        method: ConnectMethod.remoteLab,
        remote: { ...LINK, signal: ended.signal },
      }),
    ).rejects.toMatchObject({ code: 'session-ended' });
    expect(connection.snapshot.status).toBe('disconnected');
  });
});

describe('remote-lab frames (docs/remote-lab.md "Frames")', () => {
  it('round-trips commands, sequences and reports', () => {
    const seq = encodeSequence(513, [
      { payload: Uint8Array.of(1, 1, 0, 0), gapMs: 0 },
      { payload: Uint8Array.of(0, 11), gapMs: 300 },
    ]);
    expect([...seq.subarray(0, 5)]).toEqual([2, 2, 1, 0, 2]);
    expect(decodeDown(seq)).toMatchObject({ type: 'sequence', id: 513 });
    const reports = [statusReport(1), Uint8Array.of(20, 1, 2, 3)];
    expect(decodeUp(encodeReports(reports))).toEqual({ type: 'reports', reports });
  });

  it('rejects malformed frames instead of reading past them', () => {
    for (const bad of [
      Uint8Array.of(),
      Uint8Array.of(9),
      Uint8Array.of(2, 0, 1, 0, 1, 0, 0, 5, 1),
      Uint8Array.of(2, 0, 1, 0, 1, 0, 0, 0),
      Uint8Array.of(1),
    ]) {
      expect(decodeDown(bad), String(bad)).toBeNull();
    }
    expect(decodeUp(Uint8Array.of(1, 10, 1, 2))).toBeNull();
    expect(decodeUp(Uint8Array.of(3, 0, 1))).toBeNull();
    expect(decodeUp(Uint8Array.of(0, 0))).toBeNull();
  });
});

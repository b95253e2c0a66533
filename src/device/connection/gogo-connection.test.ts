import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BoardType,
  ConnectionType,
  ConnectMethod,
  DeviceError,
  type BoardStatus,
  type DeviceErrorCode,
  type TransportKind,
} from '../device.ts';
import * as cmd from '../protocol/commands.ts';
import type { Framer } from '../protocol/framer.ts';
import { FakeTransport, report, statusReport } from '../testing/fake-transport.ts';
import { testFramer } from '../testing/test-core.ts';
import { GoGoConnection, type ConnectionDeps, type Timers } from './gogo-connection.ts';

let framer: Framer;
let transports: FakeTransport[];
let nextOpenError: DeviceError | null;
let displayBoard: number;
let timers: ManualTimers;
let conn: GoGoConnection;
let errors: DeviceErrorCode[];

/** Timers the test fires by hand. */
class ManualTimers implements Timers {
  pending = new Map<number, { fn: () => void; ms: number }>();
  private id = 0;
  setTimeout(fn: () => void, ms: number): unknown {
    this.pending.set(++this.id, { fn, ms });
    return this.id;
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  fireAll(): void {
    const due = [...this.pending.values()];
    this.pending.clear();
    due.forEach((t) => t.fn());
  }
}

beforeAll(async () => {
  framer = await testFramer();
});

/** A connection over FakeTransports (each kept in `transports`, failing with `nextOpenError`). */
function connection(extra: Partial<ConnectionDeps> = {}): GoGoConnection {
  return new GoGoConnection({
    createTransport: (kind: TransportKind) => {
      const t = new FakeTransport(kind);
      t.openError = nextOpenError;
      transports.push(t);
      return t;
    },
    framer,
    displayBoard: () => displayBoard,
    schedule: (flush) => queueMicrotask(flush),
    timers,
    ...extra,
  });
}

beforeEach(() => {
  transports = [];
  nextOpenError = null;
  displayBoard = BoardType.v7;
  timers = new ManualTimers();
  errors = [];
  conn = connection();
  conn.on('error', (e) => errors.push(e.code));
});

const current = () => {
  const t = transports.at(-1);
  if (!t) throw new Error('no transport');
  return t;
};

/** Waits for scheduled flushes and decoding to finish. */
const settle = () => new Promise((r) => setTimeout(r, 0));

/** The current transport receives `reports`, and they are decoded. */
async function receive(...reports: Uint8Array[]) {
  current().push(...reports);
  await settle();
}

async function connectBoard(kind: TransportKind = 'webhid', type = 6, fw = 42) {
  await conn.connect(kind);
  await receive(statusReport(type, fw));
}

describe('GoGoConnection (connect)', () => {
  it('connects over WebHID as type 2, method USB, and reads the board info', async () => {
    await conn.connect('webhid');
    expect(conn.snapshot).toMatchObject({
      connectionType: ConnectionType.webhid,
      connectMethod: ConnectMethod.usb,
      transport: 'webhid',
      status: 'connected',
      board: { boardType: 0 },
    });
    await receive(statusReport(6, 42, { 18: [3] }));
    expect(conn.snapshot.board).toMatchObject({
      boardType: 6,
      boardVersion: 3,
      firmwareVersion: 42,
    });
    expect(conn.isBoardMatch()).toBe(true);
  });

  it('reports the virtual board as a WebHID connection', async () => {
    await conn.connect('simulated');
    expect(conn.snapshot).toMatchObject({ connectionType: 2, transport: 'simulated' });
  });

  it('sets plugin when the socket opens, or remote for a remote-lab socket', async () => {
    await conn.connect('plugin');
    expect(conn.snapshot.connectionType).toBe(ConnectionType.plugin);
    await conn.disconnect();
    await conn.connect('plugin', { method: ConnectMethod.remoteLab });
    expect(conn.snapshot).toMatchObject({
      connectionType: ConnectionType.remote,
      connectMethod: ConnectMethod.remoteLab,
    });
  });

  it('ignores a WebHID connect while the plugin is connected', async () => {
    await conn.connect('plugin');
    expect(await conn.connect('webhid')).toBe('ignored');
    expect(transports).toHaveLength(1);
    expect(conn.snapshot.connectionType).toBe(ConnectionType.plugin);
  });

  it('passes an open failure to the caller and stays disconnected', async () => {
    nextOpenError = new DeviceError('no-device-selected');
    await expect(conn.connect('webhid')).rejects.toMatchObject({ code: 'no-device-selected' });
    expect(conn.snapshot.status).toBe('disconnected');
    expect(timers.pending.size).toBe(0);
  });

  /** A connection whose USB transports find a board granted earlier. */
  const withGrantedBoard = () =>
    new GoGoConnection({
      createTransport: () => {
        const t = new FakeTransport('webhid');
        t.restorable = true;
        transports.push(t);
        return t;
      },
      framer,
      displayBoard: () => displayBoard,
    });

  it('re-opens an already granted board without a prompt', async () => {
    const restored = withGrantedBoard();
    const states: string[] = [];
    restored.on('state', (s) => states.push(s.status));
    expect(await restored.restore()).toBe(true);
    expect(restored.snapshot).toMatchObject({ status: 'connected', connectionType: 2 });
    expect(states).toEqual(['connecting', 'connected']);
  });

  it('leaves the board to a connection the user started while it looked for one', async () => {
    const restored = withGrantedBoard();
    const restoring = restored.restore();
    expect(await restored.connect('webhid')).toBe('connected');
    expect(await restoring).toBe(false);
    expect(restored.snapshot.status).toBe('connected');
    expect(transports.filter((t) => t.opened)).toHaveLength(1);
  });

  it('stays disconnected, without a "connecting" moment, when no board was granted before', async () => {
    const states: string[] = [];
    conn.on('state', (s) => states.push(s.status));
    expect(await conn.restore()).toBe(false);
    expect(conn.snapshot.status).toBe('disconnected');
    expect(states).toEqual([]);
  });
});

describe('GoGoConnection (close and reconnect)', () => {
  it('returns to disconnected and resets the board info when the board is unplugged', async () => {
    const cleared: unknown[] = [];
    conn.on('cleared', (e) => cleared.push(e));
    await connectBoard();
    current().drop();
    await settle();
    expect(conn.snapshot).toMatchObject({
      connectionType: ConnectionType.disconnected,
      connectMethod: null,
      status: 'disconnected',
      board: { boardType: 0, firmwareVersion: 0 },
    });
    expect(errors).toEqual(['disconnected']);
    expect(cleared).toEqual([{ reason: 'disconnected' }]);
    expect(timers.pending.size).toBe(0);
  });

  it('reconnects the plugin every 5 s after its socket closes', async () => {
    await connectBoard('plugin');
    current().drop();
    await settle();
    expect(conn.snapshot).toMatchObject({ status: 'disconnected', reconnecting: true });
    expect([...timers.pending.values()].map((t) => t.ms)).toEqual([5000]);
    // First retry: the plugin is still down.
    nextOpenError = new DeviceError('plugin-not-connected');
    timers.fireAll();
    await settle();
    expect(conn.snapshot.reconnecting).toBe(true);
    expect(timers.pending.size).toBe(1);
    // Second retry: it is back.
    nextOpenError = null;
    timers.fireAll();
    await settle();
    expect(conn.snapshot).toMatchObject({
      status: 'connected',
      connectionType: ConnectionType.plugin,
      reconnecting: false,
    });
  });

  it('keeps retrying after a failed manual plugin connect until the user disconnects', async () => {
    nextOpenError = new DeviceError('plugin-not-connected');
    await expect(conn.connect('plugin')).rejects.toMatchObject({ code: 'plugin-not-connected' });
    expect(conn.snapshot.reconnecting).toBe(true);
    await conn.disconnect();
    expect(conn.snapshot.reconnecting).toBe(false);
    expect(timers.pending.size).toBe(0);
  });

  it('clears board data on a plugin message without a stream but keeps the link', async () => {
    const cleared: unknown[] = [];
    conn.on('cleared', (e) => cleared.push(e));
    await connectBoard('plugin');
    current().boardAbsent();
    expect(conn.snapshot).toMatchObject({
      connectionType: ConnectionType.plugin,
      status: 'connected',
      board: { boardType: 0 },
    });
    expect(cleared).toEqual([{ reason: 'board-absent' }]);
    await expect(conn.send(cmd.beep())).rejects.toMatchObject({ code: 'not-connected' });
  });
});

describe('GoGoConnection (commands)', () => {
  it('sends a command to a matching board', async () => {
    await connectBoard();
    await conn.send(cmd.beep());
    expect(current().writes.map((w) => [w[0], w[1]])).toEqual([[0, 11]]);
  });

  it('refuses commands with no board connected', async () => {
    await expect(conn.send(cmd.beep())).rejects.toMatchObject({ code: 'not-connected' });
    await conn.connect('webhid');
    await expect(conn.send(cmd.beep())).rejects.toMatchObject({ code: 'not-connected' });
  });

  it('refuses commands while the board is not the display board', async () => {
    displayBoard = BoardType.v6;
    await connectBoard('webhid', BoardType.v7);
    expect(conn.isBoardMatch()).toBe(false);
    await expect(conn.send(cmd.beep())).rejects.toMatchObject({
      code: 'board-mismatch',
      detail: { boardType: BoardType.v6 },
    });
    expect(current().writes).toHaveLength(0);
    await conn.send(cmd.beep(), { ignoreBoardMatch: true });
    expect(current().writes).toHaveLength(1);
  });

  it('blocks normal commands during a firmware update', async () => {
    await connectBoard();
    conn.setFirmwareUpdating(true);
    await expect(conn.send(cmd.beep())).rejects.toMatchObject({ code: 'firmware-updating' });
    await conn.send(cmd.reboot(), { ignoreBoardMatch: true });
    conn.setFirmwareUpdating(false);
    await conn.send(cmd.beep());
    expect(current().writes).toHaveLength(2);
  });

  it('sends Raspberry Pi commands only while a Pi reports itself alive', async () => {
    displayBoard = BoardType.fifth;
    await connectBoard('webhid', BoardType.fifth, 40);
    await expect(conn.send(cmd.piCamera(true))).rejects.toMatchObject({ code: 'pi-not-alive' });
    await receive(report({ 0: [2], 1: [14] }));
    await conn.send(cmd.piCamera(true));
    expect(current().writes).toHaveLength(1);
  });
});

describe('GoGoConnection (stream)', () => {
  it('emits the decoded board status', async () => {
    const statuses: BoardStatus[] = [];
    conn.on('status', (s) => statuses.push(s));
    await conn.connect('webhid');
    await receive(statusReport(6, 42, { 1: [0x03, 0xff], 22: [1], 23: [1], 24: [1], 25: [255] }));
    expect(statuses[0]?.sensors).toEqual([1023, 0, 0, 0]);
    expect(statuses[0]?.motors[0]).toEqual({
      name: 'a',
      isActive: true,
      isOn: true,
      direction: 'cw',
      power: 100,
    });
  });

  it('warns once about an unknown board type', async () => {
    await conn.connect('webhid');
    await receive(statusReport(9, 1));
    await receive(statusReport(9, 1));
    expect(errors).toEqual(['unknown-board-type']);
  });

  it('warns once when the firmware is below the minimum, with the minimum', async () => {
    const details: unknown[] = [];
    conn.on('error', (e) => details.push(e.detail));
    await connectBoard('webhid', BoardType.original, 110);
    expect(errors).toEqual(['firmware-too-old']);
    expect(details).toEqual([{ minimum: 111, boardType: 1 }]);
  });

  it('passes key-value messages on, but not the empty value that follows each', async () => {
    const kvs: string[] = [];
    conn.on('key-value', (kv) => kvs.push(`${kv.key}=${kv.value}`));
    await conn.connect('webhid');
    current().push(
      report({ 0: [7], 1: [10], 2: 'temp,25' }),
      report({ 0: [7], 1: [8], 2: 'temp,' }),
    );
    await settle();
    expect(kvs).toEqual(['temp=25']);
  });
});

describe('GoGoConnection (paced sequences)', () => {
  const seq = (gap: number, n: number) =>
    Array.from({ length: n }, (_, i) => ({
      command: cmd.writeMemory(new Uint8Array([i])),
      gapMs: i === 0 ? 0 : gap,
    }));

  it('writes every command in order with the pauses between them', async () => {
    await connectBoard();
    const progress: number[] = [];
    const t0 = performance.now();
    await conn.sendSequence(seq(10, 4), { onProgress: (done) => progress.push(done) });
    const elapsed = performance.now() - t0;
    expect(current().writes.map((w) => [w[0], w[1], w[2], w[3]])).toEqual([
      [1, 3, 1, 0],
      [1, 3, 1, 1],
      [1, 3, 1, 2],
      [1, 3, 1, 3],
    ]);
    expect(elapsed).toBeGreaterThanOrEqual(29);
    expect(progress.at(-1)).toBe(4);
    expect(conn.stats.written).toBe(4);
  });

  it('lets a transport with its own clock pace the writes', async () => {
    await connectBoard();
    const paced: { count: number; gaps: number[] }[] = [];
    current().writePaced = async (payloads, gapsMs, onProgress) => {
      paced.push({ count: payloads.length, gaps: gapsMs });
      onProgress?.(payloads.length, payloads.length);
    };
    await conn.sendSequence(seq(10, 3));
    expect(paced).toEqual([{ count: 3, gaps: [0, 10, 10] }]);
    expect(current().writes).toHaveLength(0);
  });

  it('checks the board before the first write and sends nothing on a mismatch', async () => {
    await connectBoard('webhid', BoardType.v6);
    await expect(conn.sendSequence(seq(1, 3))).rejects.toMatchObject({ code: 'board-mismatch' });
    expect(current().writes).toHaveLength(0);
  });

  it('sends nothing when one command of the sequence cannot be framed', async () => {
    await connectBoard();
    const bad = [...seq(1, 2), { command: cmd.writeMemory(new Uint8Array(61)), gapMs: 1 }];
    await expect(conn.sendSequence(bad)).rejects.toMatchObject({ code: 'invalid-command' });
    expect(current().writes).toHaveLength(0);
  });

  it('stops at the first failed write and keeps its DeviceError', async () => {
    await connectBoard();
    let n = 0;
    const t = current();
    const write = t.write.bind(t);
    t.write = async (p) => {
      if (++n === 2) throw new DeviceError('disconnected', 'unplugged');
      return write(p);
    };
    await expect(conn.sendSequence(seq(1, 4))).rejects.toMatchObject({ code: 'disconnected' });
    expect(t.writes).toHaveLength(1);
  });
});

describe('GoGoConnection (semantic firmware version)', () => {
  const identifying = () => connection({ identifyFirmware: true });
  /** Query 203's answer: the chip, its version byte, then the semantic version
   * (firmware-update.md §3); chip 2 is a GoGo 6/7's ESP32. */
  const identity = (version: number, semver: string, chip = 2) =>
    report({ 0: [20], 1: [2 + semver.length], 2: [203], 3: [2], 4: [chip, version], 6: semver });

  it('asks a newly seen board for its firmware and fills the semantic version', async () => {
    const c = identifying();
    await c.connect('webhid');
    await receive(statusReport(6, 42));
    // The query goes out once for this board: category 0, command 203, the ESP32 chip.
    expect(current().writes.map((w) => [w[0], w[1], w[2]])).toEqual([[0, 203, 2]]);
    expect(c.snapshot.board.semanticFirmwareVersion).toBe('');
    await receive(identity(42, '1.0.42'));
    expect(c.snapshot.board).toMatchObject({
      firmwareVersion: 42,
      semanticFirmwareVersion: '1.0.42',
    });
    await receive(statusReport(6, 42));
    expect(current().writes).toHaveLength(1);
  });

  it('ignores an answer for another firmware and asks again after an update', async () => {
    const c = identifying();
    await c.connect('webhid');
    await receive(statusReport(1, 111));
    expect(current().writes.map((w) => [w[1], w[2]])).toEqual([[203, 3]]);
    await receive(identity(110, '110', 3));
    expect(c.snapshot.board.semanticFirmwareVersion).toBe('');
    await receive(identity(111, '111', 3));
    expect(c.snapshot.board.semanticFirmwareVersion).toBe('111');
    await receive(statusReport(1, 112));
    expect(c.snapshot.board.semanticFirmwareVersion).toBe('');
    expect(current().writes).toHaveLength(2);
  });

  it("takes no answer about a GoGo 6's STM32 for its firmware, even at the same byte", async () => {
    const c = identifying();
    await c.connect('webhid');
    await receive(statusReport(4, 43));
    expect(current().writes.map((w) => [w[1], w[2]])).toEqual([[203, 2]]);
    // The firmware updater asks about the STM32 too; that answer is not the board's firmware.
    await receive(identity(43, '9.9.9', 1));
    expect(c.snapshot.board.semanticFirmwareVersion).toBe('');
    await receive(identity(43, '1.0.3'));
    expect(c.snapshot.board.semanticFirmwareVersion).toBe('1.0.3');
  });

  it('keeps an unknown version when the board does not answer', async () => {
    const c = identifying();
    await c.connect('webhid');
    await receive(statusReport(3, 5));
    // The wireless board has no identity chip: nothing is asked.
    expect(current().writes).toHaveLength(0);
    expect(c.snapshot.board.semanticFirmwareVersion).toBe('');
  });
});

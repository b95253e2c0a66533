import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WasmCore } from '../core/wasm-core.ts';
import { loadTestCore } from '../device/testing/test-core.ts';
import { wasmDatalogCore } from './datalog-core.ts';
import { DatalogService } from './datalog-service.ts';
import { VirtualBoardLink } from './testing/virtual-link.ts';

let core: WasmCore;
let v: VirtualBoardLink;
let service: DatalogService;

beforeAll(async () => {
  core = await loadTestCore();
});

beforeEach(async () => {
  v = new VirtualBoardLink(core);
  service = new DatalogService(v.connection, wasmDatalogCore(core), {
    now: () => v.clockMs,
    timeoutMs: 2000,
  });
  await v.connect();
});

/** Runs the link until the service's read or clear has ended. */
async function settle(p: Promise<unknown>, maxMs = 60_000): Promise<void> {
  let done = false;
  void p.then(() => (done = true));
  await v.runUntil(() => done, maxMs);
  await p;
}

describe('DatalogService', () => {
  it('reads every record of the virtual board log with its series names', async () => {
    v.board.datalog.fill(5000);
    const read = service.read();
    await settle(read);
    const s = await read;
    expect(s.outcome).toBe('complete');
    expect(s.percent).toBe(100);
    expect(s.log?.records).toBe(5000);
    expect(s.log?.labels).toEqual(['temperature', 'light', 'sound', 'distance']);
    expect(s.log?.format).toBe(10);
  });

  it('names the series while the read is still going', async () => {
    v.board.datalog.fill(20_000);
    const midRead: string[][] = [];
    const off = service.subscribe((s) => {
      if (s.busy === 'reading' && s.log && s.log.records > 0) midRead.push(s.log.labels);
    });
    const read = service.read();
    await settle(read);
    off();
    expect((await read).outcome).toBe('complete');
    expect(midRead.length).toBeGreaterThan(0);
    for (const labels of midRead) {
      expect(labels).toEqual(['temperature', 'light', 'sound', 'distance']);
    }
  });

  it('reads a record a program wrote with its time, name and value', async () => {
    v.board.datalog.append(12, 'speed', 3.5);
    const read = service.read();
    await settle(read);
    const s = await read;
    expect(s.outcome).toBe('complete');
    const csv = await service.exportCsv(0);
    const text = new TextDecoder().decode(csv ?? new Uint8Array());
    expect(text.trim().split('\n')).toEqual([
      'time,board_ms,series,value',
      '1970-01-01T00:00:12.000Z,12000,speed,3.5',
    ]);
  });

  it('says empty after the log was cleared', async () => {
    v.board.datalog.fill(100);
    const cleared = service.clear();
    await settle(cleared);
    expect((await cleared).outcome).toBe('cleared');
    const read = service.read();
    await settle(read);
    const s = await read;
    expect(s.outcome).toBe('empty');
    expect(s.log?.records).toBe(0);
  });

  it('clears the log read from the board when the plugin says no board is there', async () => {
    v.board.datalog.fill(50);
    const read = service.read();
    await settle(read);
    expect((await read).log?.records).toBe(50);
    v.boardAbsent();
    await v.run(10);
    expect(service.snapshot).toMatchObject({ log: null, outcome: 'board-absent' });
  });

  it('keeps what was read when the board is unplugged mid-read, and says so', async () => {
    v.board.datalog.fill(20_000);
    const read = service.read();
    await v.run(1000);
    v.unplug();
    await settle(read);
    const s = await read;
    expect(s.outcome).toBe('disconnected');
    expect(s.detail.records).toBeGreaterThan(1000);
    expect(s.detail.records).toBeLessThan(20_000);
    expect(s.log?.records).toBe(s.detail.records);
  });

  it('ends with timeout when the board stops answering', async () => {
    v.board.datalog.fill(20_000);
    const read = service.read();
    await v.run(500);
    // The board resets its log mid-read: the rest of the read never comes.
    v.board.datalog.clear();
    v.board.receive(new Uint8Array([20, 3]));
    await settle(read);
    const s = await read;
    expect(s.outcome).toBe('timeout');
    expect(s.log?.records).toBeGreaterThan(0);
  });

  it('refuses to read without a board', async () => {
    await v.connection.disconnect();
    const s = await service.read();
    expect(s.outcome).toBe('not-connected');
  });

  it('imports its own CSV export back to the same records', async () => {
    v.board.datalog.fill(1000);
    const read = service.read();
    await settle(read);
    const csv = await service.exportCsv(Date.UTC(2026, 0, 1));
    expect(csv).not.toBeNull();
    const lines = new TextDecoder()
      .decode(csv ?? undefined)
      .trim()
      .split('\n');
    expect(lines).toHaveLength(1001);
    const s = await service.importFile('log.csv', csv ?? new Uint8Array());
    expect(s.outcome).toBe('imported');
    expect(s.log?.records).toBe(1000);
    expect(s.log?.labels).toEqual(['temperature', 'light', 'sound', 'distance']);
    const again = await service.exportCsv(Date.UTC(2026, 0, 1));
    expect(new TextDecoder().decode(again ?? undefined)).toBe(lines.join('\n') + '\n');
  });

  it('imports a raw capture of a read', async () => {
    v.board.datalog.fill(300);
    const stream = v.board.datalog.startRead();
    const packets: Uint8Array[] = [];
    for (let p = stream?.next(); p; p = stream?.next()) packets.push(p);
    const bytes = new Uint8Array(packets.length * 64);
    packets.forEach((p, i) => bytes.set(p, i * 64));
    const s = await service.importFile('capture.bin', bytes);
    expect(s.outcome).toBe('imported');
    expect(s.log?.records).toBe(300);
  });

  it('rejects a CSV without the expected columns and names the line of a bad row', async () => {
    const enc = new TextEncoder();
    expect((await service.importFile('x.csv', enc.encode('a,b\n1,2\n'))).detail).toEqual({
      code: 'bad-csv',
      line: 1,
    });
    const bad = 'time,board_ms,series,value\n,0,a,1\n,1000,a,oops\n';
    expect((await service.importFile('x.csv', enc.encode(bad))).detail).toEqual({
      code: 'bad-csv',
      line: 3,
    });
  });
});

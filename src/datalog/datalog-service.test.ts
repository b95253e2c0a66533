import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WasmCore } from '../core/wasm-core.ts';
import { loadTestCore } from '../device/testing/test-core.ts';
import { WorkerCrashedError } from '../bridge/worker-bridge.ts';
import { wasmDatalogCore, type DatalogCore } from './datalog-core.ts';
import { DatalogService, type DatalogState } from './datalog-service.ts';
import { csvMismatches } from './testing/expected-records.ts';
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
    clock: v.clock,
    timeoutMs: 2000,
  });
  await v.connect();
});

/** Runs the link until the service's read or clear has ended; `slice` frames run between
 * two turns of the page. */
async function settle(p: Promise<unknown>, maxMs = 60_000, slice = 200): Promise<void> {
  let done = false;
  void p.then(() => (done = true));
  await v.runUntil(() => done, maxMs, slice);
  await p;
}

/**
 * Loses records packets on their way to the page: `lose(read, packet)` is asked for each
 * records packet of each read (both counted from 1 and 0). Returns how many reads began.
 */
function loseRecordsPackets(lose: (read: number, packet: number) => boolean): () => number {
  let read = 0;
  let packet = -1;
  v.lose = (r) => {
    if (r[0] !== 20 || r[2] !== 2) return false;
    if (r[3] === 4) {
      read++;
      packet = -1;
    } else if (r[3] === 5) {
      packet = 0;
    } else if (packet >= 0) {
      return lose(read, packet++);
    }
    return false;
  };
  return () => read;
}

/** The log read equals the board's, record by record (through the CSV export). */
async function expectEveryRecord(): Promise<void> {
  const csv = new TextDecoder().decode((await service.exportCsv(0)) ?? undefined);
  expect(csvMismatches(csv.trimEnd().split('\n'), v.board.datalog)).toEqual([]);
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

  it('reads every record when the page cannot run for seconds while the board sends', async () => {
    // 1.5 s of the board's stream (1,500 reports) reach the page between two of its turns,
    // as on a saturated machine: none may be lost (2,000 packets: two such stalls).
    v.board.datalog.fill(12_000);
    const read = service.read();
    await settle(read, 120_000, 1500);
    const s = await read;
    expect(s.outcome).toBe('complete');
    expect(s.detail).toEqual({ records: 12_000 });
    await expectEveryRecord();
  });

  it('reads the log again when packets were lost on the way, and names the records it lacked', async () => {
    v.board.datalog.fill(10_000);
    // The first read loses records packets 100–102 and 500 (6 records each).
    const reads = loseRecordsPackets((read, k) => read === 1 && [100, 101, 102, 500].includes(k));
    const seen: DatalogState['reread'][] = [];
    service.subscribe((s) => s.reread && seen.push(s.reread));
    const read = service.read();
    await settle(read, 110_000);
    const s = await read;
    expect(reads()).toBe(2);
    expect(seen[0]).toEqual({ read: 2, of: 3 });
    expect(s.outcome).toBe('complete');
    expect(s.reread).toBeNull();
    expect(s.detail).toEqual({
      records: 10_000,
      reread: [
        [600, 618],
        [3000, 3006],
      ],
    });
    expect(s.log?.records).toBe(10_000);
    await expectEveryRecord();
  });

  it('reads the log again when the board went quiet, and names the records that were missing', async () => {
    v.board.datalog.fill(10_000);
    // Nothing arrives of the first read after records packet 1,000 (records 6,001 on).
    const reads = loseRecordsPackets((read, k) => read === 1 && k >= 1000);
    const read = service.read();
    await settle(read, 110_000);
    const s = await read;
    expect(reads()).toBe(2);
    expect(s.outcome).toBe('complete');
    expect(s.detail).toEqual({ records: 10_000, reread: [[6000, 10_000]] });
    await expectEveryRecord();
  });

  it('says how many records are missing when every read loses them mid-stream', async () => {
    v.board.datalog.fill(5000);
    const reads = loseRecordsPackets((_, k) => k === 50);
    const read = service.read();
    await settle(read, 110_000);
    const s = await read;
    expect(reads()).toBe(3);
    expect(s.outcome).toBe('partial');
    expect(s.detail).toEqual({ records: 4994, code: 'records-length', missingCount: 6 });
  });

  it('says which records are missing when every read stops early', async () => {
    v.board.datalog.fill(5000);
    const reads = loseRecordsPackets((_, k) => k >= 100);
    const read = service.read();
    await settle(read, 110_000);
    const s = await read;
    expect(reads()).toBe(3);
    expect(s.outcome).toBe('timeout');
    expect(s.detail).toEqual({ records: 600, missing: [[600, 5000]] });
    expect(s.log?.records).toBe(600);
  });

  it('names the series while the read is still going', async () => {
    v.board.datalog.fill(10_000);
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
    v.board.datalog.fill(10_000);
    const read = service.read();
    await v.run(1000);
    v.unplug();
    await settle(read);
    const s = await read;
    expect(s.outcome).toBe('disconnected');
    expect(s.detail.records).toBeGreaterThan(1000);
    expect(s.detail.records).toBeLessThan(10_000);
    expect(s.log?.records).toBe(s.detail.records);
    expect(s.detail.missing).toEqual([[s.detail.records, 10_000]]);
  });

  it('ends with timeout when the board stops answering', async () => {
    v.board.datalog.fill(10_000);
    const read = service.read();
    await v.run(500);
    // The board resets its log mid-read: the rest of the read never comes.
    v.board.datalog.clear();
    v.board.receive(new Uint8Array([20, 3]));
    await settle(read);
    const s = await read;
    // It was read again, and the board, with its log gone, said so: the first read stays.
    expect(s.outcome).toBe('timeout');
    expect(s.log?.records).toBeGreaterThan(0);
    expect(s.detail.missing).toEqual([[s.log?.records, 10_000]]);
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

  it('a crashed core worker ends the read, import or export: the page is not left busy and drops the log that lived in it', async () => {
    v.board.datalog.fill(50);
    const real = wasmDatalogCore(core);
    let crashed = true;
    // What the worker bridge answers once the core worker has died.
    const crash = () => Promise.reject(new WorkerCrashedError('core worker ended'));
    const flaky: DatalogCore = {
      ...real,
      datalogOpen: (...a) => (crashed ? crash() : real.datalogOpen(...a)),
      datalogFromCsv: (...a) => (crashed ? crash() : real.datalogFromCsv(...a)),
      datalogCsv: (...a) => (crashed ? crash() : real.datalogCsv(...a)),
    };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    service = new DatalogService(v.connection, flaky, { clock: v.clock, timeoutMs: 2000 });
    const read = await service.read();
    expect([read.busy, read.outcome]).toEqual([null, 'unexpected']);
    const enc = new TextEncoder();
    const imported = await service.importFile('x.csv', enc.encode('time,board_ms,series,value\n'));
    expect([imported.busy, imported.outcome]).toEqual([null, 'unexpected']);
    expect(errors).toHaveBeenCalledTimes(2);
    // The next worker answers: reading works again, and an export that crashes ends too.
    crashed = false;
    const again = service.read();
    await settle(again);
    expect((await again).outcome).toBe('complete');
    expect(service.snapshot.log?.records).toBeGreaterThan(0);
    crashed = true;
    expect(await service.exportCsv(0)).toBeNull();
    expect([service.snapshot.busy, service.snapshot.outcome]).toEqual([null, 'unexpected']);
    // The log's columns died with the worker: the page no longer offers a chart of it.
    expect(service.snapshot.log).toBeNull();
    errors.mockRestore();
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

// Reading a large log from the virtual board over the simulated USB link: the app's real
// host path (GoGoConnection → GoGoProtocol with a core-rs framer → DatalogService →
// core-rs decoder) against the SimulatedBoard on a UsbLink, which moves at most one report
// each way per 1 ms frame on a virtual clock. The clock, not the wall, is the measure:
// the link floor is one frame per data packet; the board also keeps streaming status
// packets (one per 20 ms), which share the frames.
import { readFileSync } from 'node:fs';
import { loadCore } from '../../src/core/wasm-core.ts';
import { wasmDatalogCore } from '../../src/datalog/datalog-core.ts';
import { DatalogService } from '../../src/datalog/datalog-service.ts';
import { VirtualBoardLink } from '../../src/datalog/testing/virtual-link.ts';
import { ratio, table, wasmPath, type BenchContext } from './lib.ts';

export async function benchVirtualRead(ctx: BenchContext, records: number): Promise<void> {
  const core = await loadCore(readFileSync(wasmPath));
  const v = new VirtualBoardLink(core);
  v.board.datalog.fill(records);
  const floorFrames = v.board.datalog.startRead()?.packetCount ?? 0;
  let refreshes = 0;
  const service = new DatalogService(v.connection, wasmDatalogCore(core), {
    clock: v.clock,
    // Virtual ms: the chart may refresh at most twice a second of link time.
    refreshMs: 500,
    flushMs: 100,
  });
  await v.connect();

  // The frames the command was taken in and the last packet crossed the link.
  let commandAt = -1;
  let lastPacketAt = -1;
  const board = v.board;
  const receive = board.receive.bind(board);
  board.receive = (p) => {
    if (p[0] === 20 && p[1] === 2) commandAt = v.clockMs;
    return receive(p);
  };
  const next = board.nextReport.bind(board);
  board.nextReport = () => {
    const r = next();
    if (r && r[0] === 20 && r[3] === 6) lastPacketAt = v.clockMs;
    return r;
  };
  let lastRevision = service.snapshot.revision;
  service.subscribe((s) => {
    if (s.busy === 'reading' && s.revision !== lastRevision) refreshes++;
    lastRevision = s.revision;
  });

  const wall0 = performance.now();
  const start = v.clockMs;
  let done = false;
  const read = service.read().then((s) => {
    done = true;
    return s;
  });
  await v.runUntil(() => done, floorFrames * 2, 400);
  const state = await read;
  const wall = performance.now() - wall0;
  if (state.outcome !== 'complete' || state.log?.records !== records) {
    throw new Error(`virtual read ended ${state.outcome} with ${state.log?.records} records`);
  }
  const linkMs = lastPacketAt - commandAt + 1;
  const hostMs = v.clockMs - start;
  table(`Read ${records.toLocaleString('en')} records from the virtual board (1 ms frames)`, [
    {
      measure: 'link floor (one frame per data packet)',
      'virtual time': `${(floorFrames / 1000).toFixed(1)} s`,
      'vs floor': ratio(1),
    },
    {
      measure: 'command taken → last packet received',
      'virtual time': `${(linkMs / 1000).toFixed(1)} s`,
      'vs floor': ratio(linkMs / floorFrames),
    },
    {
      measure: 'read() → outcome (host decode, 400-frame slices)',
      'virtual time': `${(hostMs / 1000).toFixed(1)} s`,
      'vs floor': ratio(hostMs / floorFrames),
    },
  ]);
  console.log(
    `target: <= 1.10x the link floor; progressive chart refreshes during the read: ${refreshes} ` +
      `(${(refreshes / (linkMs / 1000)).toFixed(2)} per virtual second, target <= 2); ` +
      `simulated in ${(wall / 1000).toFixed(1)} s of wall time`,
  );
  ctx.record('datalog', {
    virtualReadRecords: records,
    virtualReadFloorMs: floorFrames,
    virtualReadLinkMs: linkMs,
    virtualReadVsFloor: linkMs / floorFrames,
    virtualReadHostVsFloor: hostMs / floorFrames,
    virtualReadRefreshesPerSecond: refreshes / (linkMs / 1000),
  });
  await v.connection.dispose();
}

// The download flow against the real pieces: the GoGo connection and protocol, core-rs
// framing, the simulated board with the VM on a virtual USB link, the Rust compiler.
import { beforeAll, describe, expect, it } from 'vitest';
import { VmProgramRunner } from '../core/vm-runner.ts';
import type { WasmCore } from '../core/wasm-core.ts';
import { GoGoConnection, type Timers } from '../device/connection/gogo-connection.ts';
import { BoardType, DeviceError, type TransportKind } from '../device/device.ts';
import { WasmFramer } from '../device/protocol/framer.ts';
import type { SimConfig, SimulatedBoard } from '../virtual-board/board/simulated-board.ts';
import { FakeTransport } from '../device/testing/fake-transport.ts';
import { loadTestCore } from '../device/testing/test-core.ts';
import {
  vmBoardLink,
  type VirtualLinkTransport,
} from '../device/testing/virtual-link-transport.ts';
import { CompileService, type CompileTarget, type WorkerCompiler } from './compile-service.ts';
import { downloadPlan, planFloorMs } from './download-plan.ts';
import { DownloadError, DownloadService, type DownloadProgress } from './download-service.ts';

let core: WasmCore;
beforeAll(async () => {
  core = await loadTestCore();
});

const S04 = 'to main\nforever [ if sensor1 > 500 [ a, on ] ]\nend\n';
const settle = () => new Promise((r) => setTimeout(r, 0));
const noTimers: Timers = { setTimeout: () => 0, clearTimeout: () => {} };

interface Rig {
  board: SimulatedBoard;
  transport: VirtualLinkTransport;
  conn: GoGoConnection;
  service: DownloadService;
  compiler: CompileService;
  delays: number[];
}

interface RigOptions {
  config?: Partial<SimConfig>;
  display?: number;
  runAfter?: boolean;
  target?: CompileTarget;
  connect?: boolean;
}

async function rig(o: RigOptions = {}): Promise<Rig> {
  const config: Partial<SimConfig> = { ...o.config };
  const runner = new VmProgramRunner(core, {
    version: () => core.pickLogoVersion(config.boardType ?? 6, config.firmwareVersion ?? 42),
  });
  const transport = vmBoardLink(core, config, runner);
  const board = transport.board;
  const conn = new GoGoConnection({
    createTransport: () => transport,
    framer: new WasmFramer(core),
    displayBoard: () => o.display ?? config.boardType ?? BoardType.v7,
    schedule: (flush) => queueMicrotask(flush),
    timers: noTimers,
  });
  if (o.connect !== false) {
    await conn.connect('simulated');
    transport.advance(30);
    await settle();
  }
  const worker: WorkerCompiler = {
    compileLogo: async (s, v) => core.compileLogo(s, v),
    pickLogoVersion: async (b, f) => core.pickLogoVersion(b, f),
  };
  const compiler = new CompileService({
    worker,
    fetch: (...args) => fetch(...args),
    // Nothing listens there: a cloud compile cannot get an answer.
    cloudBase: 'http://127.0.0.1:9/api/v1',
    host: 'http://127.0.0.1:9',
    target: () => o.target ?? 'browser',
    clientId: 'test',
    timeoutMs: 2000,
  });
  const delays: number[] = [];
  const service = new DownloadService({
    device: conn,
    compiler,
    filter: { filterLogo: async (s) => core.filterLogo(s) },
    runAfterDownload: () => o.runAfter ?? false,
    displayBoard: () => o.display ?? config.boardType ?? BoardType.v7,
    delay: async (ms) => {
      delays.push(ms);
      transport.advance(ms);
    },
  });
  return { board, transport, conn, service, compiler, delays };
}

async function failure(p: Promise<unknown>): Promise<DownloadError['reason']> {
  try {
    await p;
  } catch (e) {
    if (e instanceof DownloadError) return e.reason;
    throw e;
  }
  throw new Error('the download did not fail');
}

/** A connection over FakeTransport, with no board behind it; `openError` fails connecting. */
function fakeConnection(openError: DeviceError | null = null): GoGoConnection {
  return new GoGoConnection({
    createTransport: (kind: TransportKind) => {
      const t = new FakeTransport(kind);
      t.openError = openError;
      return t;
    },
    framer: new WasmFramer(core),
    displayBoard: () => BoardType.v7,
    timers: noTimers,
  });
}

/** A download service on `conn`, compiling with the rig's compiler. */
async function serviceOn(conn: GoGoConnection): Promise<DownloadService> {
  const r = await rig({ connect: false });
  return new DownloadService({
    device: conn,
    compiler: r.compiler,
    filter: { filterLogo: async (s) => core.filterLogo(s) },
    runAfterDownload: () => false,
    displayBoard: () => BoardType.v7,
  });
}

describe('downloadPlan', () => {
  it('sends 60-byte chunks 10 ms apart, then LED off 15 ms later, a beep and the autorun state', () => {
    const plan = downloadPlan(new Uint8Array(130).fill(1), true);
    expect(plan.map((s) => [s.command.category, s.command.command, s.gapMs])).toEqual([
      [1, 1, 0],
      [1, 3, 0],
      [1, 3, 10],
      [1, 3, 10],
      [0, 10, 15],
      [0, 11, 0],
      [0, 12, 0],
    ]);
    expect(plan.slice(1, 4).map((s) => s.command.data?.length)).toEqual([60, 60, 10]);
    expect(plan.at(-1)?.command.args).toEqual([1]);
  });

  it('sends no empty chunk when the length is a multiple of 60 (board-protocol §4 quirk)', () => {
    const chunks = downloadPlan(new Uint8Array(120), false).filter((s) => s.command.command === 3);
    expect(chunks.map((s) => s.command.data?.length)).toEqual([60, 60]);
  });

  it('needs 35 chunks and at least 355 ms for 2048 bytes', () => {
    const plan = downloadPlan(new Uint8Array(2048), false);
    expect(plan.filter((s) => s.command.category === 1 && s.command.command === 3)).toHaveLength(
      35,
    );
    expect(planFloorMs(plan)).toBe(34 * 10 + 15);
  });
});

describe('DownloadService (spec core §4 download flow)', () => {
  it('compiles, writes the program, switches LED 1 off, beeps and sets autorun', async () => {
    const r = await rig();
    const progress: DownloadProgress[] = [];
    const result = await r.service.download(
      'to autorun\nforever [ if sensor1 > 500 [ a, on ] ]\nend\n',
      (p) => progress.push({ ...p }),
    );
    const expected = core.compileLogo(
      'to autorun\nforever [ if sensor1 > 500 [ a, on ] ]\nend\n',
      '1.4',
    );
    if (!expected.ok) throw new Error('compile');
    expect(r.board.programBytes()).toEqual(expected.value.data);
    const state = r.board.state();
    expect(state.leds).toContainEqual({ id: 1, on: false });
    expect(state.beeps).toBe(1);
    expect(state.autorun).toBe(true);
    expect(state.program.running).toBe(false);
    expect(result).toMatchObject({
      version: '1.4',
      target: 'browser',
      autoRunState: true,
      started: false,
    });
    expect(progress.map((p) => p.phase)).toEqual(
      expect.arrayContaining(['checking', 'compiling', 'writing']),
    );
    // Pointer, one chunk, LED, beep, autorun.
    expect(progress.at(-1)).toMatchObject({ phase: 'writing', done: 5, total: 5 });
  });

  it('with run-after-download starts the program 500 ms later; sensor 1 > 500 turns motor a on', async () => {
    const r = await rig({ runAfter: true });
    const result = await r.service.download(S04);
    expect(result.started).toBe(true);
    expect(r.delays).toEqual([500]);
    expect(r.board.state().program.running).toBe(true);
    r.board.setSensor(1, 800);
    r.transport.advance(50);
    expect(r.board.state().motors[0]).toMatchObject({ on: true, active: true });
  });

  it('runs and stops the program with the Run and Stop actions', async () => {
    const r = await rig();
    await r.service.download(S04);
    await r.service.control(1);
    expect(r.board.state().program.running).toBe(true);
    await r.service.control(0);
    expect(r.board.state().program.running).toBe(false);
  });

  it('says the board is not connected when nothing is connected', async () => {
    const r = await rig({ connect: false });
    const reason = await failure(r.service.download(S04));
    expect(reason).toMatchObject({ type: 'device', error: { code: 'not-connected' } });
  });

  it('says the plugin is not connected while the plugin socket is down', async () => {
    const conn = fakeConnection(new DeviceError('plugin-not-connected'));
    await expect(conn.connect('plugin')).rejects.toBeInstanceOf(DeviceError);
    const service = await serviceOn(conn);
    const reason = await failure(service.download(S04));
    expect(reason).toMatchObject({ type: 'device', error: { code: 'plugin-not-connected' } });
  });

  it("says 'The board is not online' while a remote link has no board", async () => {
    // A remote link whose station sent no board yet (or is gone): connected, board type 0.
    const conn = fakeConnection();
    await conn.connect('remote');
    expect(conn.snapshot).toMatchObject({ status: 'connected', board: { boardType: 0 } });
    const service = await serviceOn(conn);
    const reason = await failure(service.download(S04));
    expect(reason).toMatchObject({ type: 'device', error: { code: 'board-offline' } });
    await expect(service.control(1)).rejects.toMatchObject({
      reason: { type: 'device', error: { code: 'board-offline' } },
    });
  });

  it('refuses a board that is not the display board, naming the display board', async () => {
    const r = await rig({ display: BoardType.v6 });
    const reason = await failure(r.service.download(S04));
    expect(reason).toMatchObject({
      type: 'device',
      error: { code: 'board-mismatch', detail: { boardType: BoardType.v6 } },
    });
  });

  it('asks for a firmware update below the minimum: GoGo 4 111, Pi-topping 40', async () => {
    for (const [boardType, firmwareVersion, minimum] of [
      [1, 110, 111],
      [2, 39, 40],
    ] as const) {
      const r = await rig({ config: { boardType, firmwareVersion } });
      const reason = await failure(r.service.download(S04));
      expect(reason).toMatchObject({
        type: 'device',
        error: { code: 'firmware-too-old', detail: { minimum } },
      });
      expect(r.board.state().program.length).toBe(0);
    }
    // At the minimum it downloads; Bright, 6 and 7 have no minimum.
    for (const [boardType, firmwareVersion] of [
      [1, 111],
      [2, 40],
      [5, 1],
      [4, 1],
      [6, 1],
    ] as const) {
      const r = await rig({ config: { boardType, firmwareVersion } });
      await r.service.download(S04);
      expect(r.board.state().program.length, `board ${boardType}`).toBeGreaterThan(0);
    }
  });

  it('compiles for the board’s Logo version: Pi-topping firmware 40 gets 1.3', async () => {
    const r = await rig({ config: { boardType: 2, firmwareVersion: 40 } });
    const result = await r.service.download(S04);
    expect(result.version).toBe('1.3');
  });

  it('stops at the Logo filter with its message and line, before compiling', async () => {
    const r = await rig();
    const reason = await failure(
      r.service.download('to main\nbeep\ncloud record "2x" sensor1\nend\n'),
    );
    expect(reason).toMatchObject({
      type: 'compile',
      failure: {
        kind: 'rejected',
        message: 'There is an invalid input in command "cloud record"',
        line: 3,
      },
    });
    expect(r.board.state().commands).toBe(0);
  });

  it('reports a compile error with its line and writes nothing', async () => {
    const r = await rig();
    const reason = await failure(r.service.download('to main\nbeep\nfoo 3\nend\n'));
    expect(reason).toMatchObject({ type: 'compile', failure: { kind: 'rejected', line: 3 } });
    expect(r.board.state().commands).toBe(0);
  });

  it('refuses byte code over 2048 bytes', async () => {
    const r = await rig();
    const reason = await failure(
      r.service.download(`to main\nforever [ ${'beep '.repeat(2100)}]\nend\n`),
    );
    expect(reason).toEqual({ type: 'compile', failure: { kind: 'too-large' } });
  });

  it('says the cloud service is unavailable when the compiler cannot be reached', async () => {
    const r = await rig({ target: 'cloud' });
    const reason = await failure(r.service.download(S04));
    expect(reason).toEqual({ type: 'compile', failure: { kind: 'unavailable' } });
  });

  it('fails with "disconnected" when the board goes away during the write', async () => {
    const r = await rig();
    r.transport.unplugged = true;
    const reason = await failure(r.service.download(S04));
    expect(reason).toMatchObject({ type: 'device', error: { code: 'disconnected' } });
  });

  it('takes the write 355 ms or a little more on the virtual clock for 2048 bytes', async () => {
    const r = await rig();
    const data = Uint8Array.from({ length: 2048 }, (_, i) => i % 256);
    const start = r.transport.link.clockMs;
    await r.conn.sendSequence(downloadPlan(data, false));
    const took = r.transport.link.clockMs - start;
    expect(took).toBeGreaterThanOrEqual(355);
    expect(took).toBeLessThanOrEqual(360);
    expect(r.board.programBytes()).toEqual(data);
  });
});

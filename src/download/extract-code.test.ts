// Extract code from board against the simulated board's MEM_READ on a virtual link, with
// core-rs reassembly and decompilation.
import { beforeAll, describe, expect, it } from 'vitest';
import { VmProgramRunner } from '../core/vm-runner.ts';
import type { WasmCore } from '../core/wasm-core.ts';
import { GoGoConnection } from '../device/connection/gogo-connection.ts';
import { WasmFramer } from '../device/protocol/framer.ts';
import * as cmd from '../device/protocol/commands.ts';
import type { SimConfig } from '../virtual-board/board/simulated-board.ts';
import { loadTestCore } from '../device/testing/test-core.ts';
import { vmBoardLink } from '../device/testing/virtual-link-transport.ts';
import { downloadPlan } from './download-plan.ts';
import { ExtractCodeService, ExtractError, type ExtractCore } from './extract-code.ts';

let core: WasmCore;
let extractCore: ExtractCore;
beforeAll(async () => {
  core = await loadTestCore();
  extractCore = {
    memReadAssemble: async (o, p) => core.memReadAssemble(o, p),
    decompileLogo: async (c, v, a) => core.decompileLogo(c, v, a),
    pickLogoVersion: async (b, f) => core.pickLogoVersion(b, f),
  };
});

const settle = () => new Promise((r) => setTimeout(r, 0));

async function rig(config: Partial<SimConfig> = {}, memRead = true) {
  const runner = new VmProgramRunner(core, { version: '1.4' });
  const transport = vmBoardLink(core, config, runner, memRead);
  const board = transport.board;
  transport.afterWriteMs = 120;
  const conn = new GoGoConnection({
    createTransport: () => transport,
    framer: new WasmFramer(core),
    displayBoard: () => config.boardType ?? 6,
    schedule: (flush) => queueMicrotask(flush),
  });
  await conn.connect('simulated');
  transport.advance(30);
  await settle();
  const service = new ExtractCodeService({ device: conn, core: extractCore, idleMs: 50 });
  const download = async (logo: string, version: string) => {
    const r = core.compileLogo(logo, version);
    if (!r.ok) throw new Error(r.error.message);
    await conn.sendSequence(downloadPlan(r.value.data, r.value.autoRunState));
    return r.value.data;
  };
  return { board, conn, service, download };
}

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ExtractError) return e.code;
    throw e;
  }
  return 'ok';
}

const PROGRAM = `to autorun
forever [
  if sensor1 > 500 [ a, on ]
  if sensor1 < 400 [ a, off ]
  repeat 3 [ beep wait 2 ]
  blink 4
]
end

to blink :n
repeat n [ ledon wait 1 ledoff wait 1 ]
end
`;

describe('ExtractCodeService', () => {
  it('reads a downloaded GoGo 7 program back as Logo that compiles to the same bytes', async () => {
    const r = await rig();
    const data = await r.download(PROGRAM, '1.4');
    const found = await r.service.extract();
    expect(found).toMatchObject({ bytes: data.length, autorun: true, version: '1.4', exact: true });
    expect(found.text).toMatch(/^to autorun\b/);
    const again = core.compileLogo(found.text, '1.4');
    expect(again).toEqual({ ok: true, value: { data, autoRunState: true } });
  });

  it('reads a GoGo 6 program with Logo 2.1', async () => {
    const r = await rig({ boardType: 4 });
    const data = await r.download('to main\nforever [ if sensor1 > 500 [ a, on ] ]\nend\n', '2.1');
    const found = await r.service.extract();
    expect(found.version).toBe('2.1');
    expect(core.compileLogo(found.text, '2.1')).toMatchObject({ ok: true, value: { data } });
  });

  it('says there is no program on a board that never got one', async () => {
    const r = await rig();
    expect(await code(r.service.extract())).toBe('empty');
  });

  it('is for GoGo 6 and 7 only', async () => {
    const r = await rig({ boardType: 5 });
    expect(await code(r.service.extract())).toBe('unsupported');
  });

  it('gives up with "no answer" when the firmware does not answer MEM_READ', async () => {
    const r = await rig({}, false);
    await r.download('to main\nbeep\nend\n', '1.4');
    expect(await code(r.service.extract())).toBe('no-answer');
    // It asked three times.
    expect(r.board.state().unknownCommands).toBe(3);
  });

  it('needs a connected board', async () => {
    const r = await rig();
    await r.conn.disconnect();
    expect(await code(r.service.extract())).toBe('device');
  });

  it('frames the whole-program request as [1, 4, 0, 0, 0, 0, 0]', () => {
    const payload = core.buildHidCommand(cmd.memRead());
    expect(payload.ok && Array.from(payload.value.subarray(0, 8))).toEqual([
      1, 4, 0, 0, 0, 0, 0, 0,
    ]);
  });
});

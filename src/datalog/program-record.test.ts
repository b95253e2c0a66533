import { beforeAll, describe, expect, it } from 'vitest';
import { VmProgramRunner } from '../core/vm-runner.ts';
import type { WasmCore } from '../core/wasm-core.ts';
import * as cmd from '../device/protocol/commands.ts';
import {
  programDatalogEvents,
  type SimulatedBoard,
} from '../virtual-board/board/simulated-board.ts';
import { loadTestCore } from '../device/testing/test-core.ts';
import { wasmDatalogCore } from './datalog-core.ts';
import { DatalogService } from './datalog-service.ts';
import { VirtualBoardLink } from './testing/virtual-link.ts';

let core: WasmCore;
beforeAll(async () => {
  core = await loadTestCore();
});

/** A virtual board running programs on the VM, wired like the board-sim worker. */
async function boardWithVm(): Promise<VirtualBoardLink> {
  let board: SimulatedBoard | null = null;
  const runner = new VmProgramRunner(core, {
    version: () => '1.4',
    onEvent: programDatalogEvents(() => board),
  });
  const v = new VirtualBoardLink(core, { runner, config: { rtcPresent: false } });
  board = v.board;
  await v.connect();
  return v;
}

async function download(v: VirtualBoardLink, logo: string): Promise<void> {
  const r = core.compileLogo(logo, '1.4');
  if (!r.ok) throw new Error(r.error.message);
  const { data } = r.value;
  await v.connection.send(cmd.setLogoPointer());
  for (let at = 0; at < data.length; at += 60) {
    await v.connection.send(cmd.writeMemory(data.subarray(at, at + 60)));
  }
  await v.run(50);
}

describe('programs that record on the virtual board', () => {
  it('fill the offline data log that a read then returns', async () => {
    const v = await boardWithVm();
    await download(v, 'to main\nrecord 7\nwait 20\nrecord 9\nend\n');
    await v.connection.send(cmd.logoControl(1));
    await v.run(3000);
    expect(v.board.datalog.records).toBe(2);

    const service = new DatalogService(v.connection, wasmDatalogCore(core), {
      clock: v.clock,
    });
    let done = false;
    const read = service.read().then((s) => ((done = true), s));
    await v.runUntil(() => done, 10_000);
    const s = await read;
    expect(s.outcome).toBe('complete');
    const csv = new TextDecoder().decode((await service.exportCsv(0)) ?? undefined);
    const rows = csv.trim().split('\n').slice(1);
    expect(rows.map((r) => r.split(',').slice(2).join(','))).toEqual(['record,7', 'record,9']);
    // `wait 20` is two seconds: the second record is two seconds after the first.
    const [t1, t2] = rows.map((r) => Number(r.split(',')[1]));
    expect((t2 ?? 0) - (t1 ?? 0)).toBe(2000);
  });

  it('erase empties the log', async () => {
    const v = await boardWithVm();
    v.board.datalog.fill(10);
    await download(v, 'to main\nerase 1\nend\n');
    await v.connection.send(cmd.logoControl(1));
    await v.run(200);
    expect(v.board.datalog.records).toBe(0);
  });
});

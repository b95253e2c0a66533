import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestCore } from './testing/test-core.node.ts';
import { VmProgramRunner, type VmBoardIo } from './vm-runner.ts';
import { memReadRequest, type LogoVersion, type VmEvent, type WasmCore } from './wasm-core.ts';
import { goldenSamples } from './testing/logo-golden.node.ts';

const fixture = { samples: goldenSamples };

let core: WasmCore;

beforeAll(async () => {
  core = await loadTestCore();
});

function value<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** A VM running `src` compiled for `version`, started at virtual time 0. */
function running(src: string, version: LogoVersion = '1.3'): number {
  const program = value(core.compileLogo(src, version));
  const h = value(core.vmCreate());
  value(core.vmLoad(h, program.data, version));
  value(core.vmControl(h, 'run', 0));
  return h;
}

/** Steps every `stepMs` from `fromMs` to `toMs`; returns the events seen. */
function advance(h: number, fromMs: number, toMs: number, stepMs: number): VmEvent[] {
  const events: VmEvent[] = [];
  for (let t = fromMs; t <= toMs; t += stepMs) {
    events.push(...value(core.vmStep(h, 100_000, t)).snapshot.events);
  }
  return events;
}

describe('WasmCore VM (the virtual board runs programs)', () => {
  it('turns motors a and b on while sensor 1 reads above 500 (golden s04)', () => {
    const h = running('to main\nforever [ if sensor1 > 500 [ ab, on ] ]\nend\n');
    value(core.vmSetInputs(h, { sensors: [400] }));
    advance(h, 0, 500, 1);
    let s = value(core.vmSnapshot(h));
    expect(s.motors.map((m) => m.on)).toEqual([false, false, false, false]);
    value(core.vmSetInputs(h, { sensors: [600] }));
    advance(h, 501, 600, 1);
    s = value(core.vmSnapshot(h));
    expect(s.motors.map((m) => m.on)).toEqual([true, true, false, false]);
    expect(s.talkTo).toBe(3);
    expect(s.state).toBe('waiting');
    value(core.vmDestroy(h));
  });

  it('keeps repeat and wait timing on virtual milliseconds whatever the step', () => {
    for (const step of [1, 16, 250]) {
      const h = running('to main\nrepeat 3 [ beep wait 5 ]\nend\n');
      const beeps = advance(h, 0, 2000, step)
        .filter((e) => e.type === 'beep')
        .map((e) => e.atMs);
      expect(beeps).toEqual([0, 510, 1020]);
      expect(value(core.vmSnapshot(h)).state).toBe('done');
      value(core.vmDestroy(h));
    }
  });

  it('passes procedure inputs and outputs', () => {
    const h = running(
      'to main\nshow fact 5\nend\n\nto fact :n\nifelse n = 0 [ output 1 ] [ output n * fact (n - 1) ]\nend\n',
    );
    const events = advance(h, 0, 500, 10);
    expect(events).toContainEqual(expect.objectContaining({ type: 'show-short', text: '120' }));
    const s = value(core.vmSnapshot(h));
    expect([s.state, s.stackDepth, s.inputDepth]).toEqual(['done', 0, 0]);
    value(core.vmDestroy(h));
  });

  it('records data the host can read back', () => {
    const h = running('to main\nresetdp\nrepeat 3 [ record sensor2 ]\nend\n');
    value(core.vmSetInputs(h, { sensors: [0, 321] }));
    const events = advance(h, 0, 200, 10);
    expect(events.filter((e) => e.type === 'record')).toHaveLength(3);
    expect(value(core.vmDataLog(h))).toEqual([321, 321, 321]);
    value(core.vmDestroy(h));
  });

  it('stops unbounded recursion with a typed fault (golden s32)', () => {
    const h = running(
      'to main\nshow fact 5\nend\n\nto fact :n\nifelse n = 0 [ output 1 ] [ output n * fact n - 1 ]\nend\n',
    );
    const events = advance(h, 0, 5000, 50);
    const s = value(core.vmSnapshot(h));
    expect(s.state).toBe('faulted');
    expect(s.fault?.code).toBe('input-overflow');
    expect(events).toContainEqual(expect.objectContaining({ type: 'ended', reason: 'fault' }));
    value(core.vmDestroy(h));
  });

  it('stops a bad opcode with its address and never runs past the budget', () => {
    const h = value(core.vmCreate());
    value(core.vmLoad(h, new Uint8Array([1, 1, 90, 49, 57]), '1.3'));
    value(core.vmControl(h, 'run', 0));
    const step = value(core.vmStep(h, 3, 0));
    expect(step.executed).toBe(3);
    const s = value(core.vmStep(h, 100, 1)).snapshot;
    expect(s.fault).toEqual(expect.objectContaining({ code: 'bad-opcode', pc: 4, opcode: 57 }));
    expect(s.motors[0]?.on).toBe(false);
    value(core.vmDestroy(h));
  });

  it('runs cloud record in Logo 1.4 and key-value messages', () => {
    const h = running(
      'to main\nwaituntil [ key "go" = "yes" ]\ncloud record "temp" sensor1\nend\n',
      '1.4',
    );
    value(core.vmSetInputs(h, { sensors: [77] }));
    advance(h, 0, 50, 10);
    value(core.vmReceiveKeyValue(h, 'go', 'YES'));
    const events = advance(h, 60, 100, 10);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'cloud-record', public: false, name: 'temp', value: 77 }),
    );
    value(core.vmDestroy(h));
  });

  it('answers bad handles and bad input with typed errors', () => {
    const h = value(core.vmCreate());
    value(core.vmDestroy(h));
    const r = core.vmStep(h, 10, 0);
    expect(r.ok ? null : r.error.code).toBe('bad-handle');
    const h2 = value(core.vmCreate());
    const big = core.vmLoad(h2, new Uint8Array(2049), '1.3');
    expect(big.ok ? null : big.error.code).toBe('too-large');
    value(core.vmDestroy(h2));
  });

  it('prints its speed in WebAssembly', () => {
    const h = value(core.vmCreate());
    value(core.vmConfigure(h, { loopDelayMs: 0 }));
    const program = value(
      core.compileLogo(
        'to main\nset x 0\nforever [ set x x + 1 if sensor1 > 500 [ ab, on ] show x % 10 ]\nend\n',
        '1.3',
      ),
    );
    value(core.vmLoad(h, program.data, '1.3'));
    value(core.vmControl(h, 'run', 0));
    let executed = 0;
    const start = performance.now();
    for (let t = 1; t <= 200; t++) executed += value(core.vmStep(h, 20_000, t)).executed;
    const seconds = (performance.now() - start) / 1000;
    console.log(
      `WASM VM: ${(executed / seconds / 1e6).toFixed(1)} million instructions per second ` +
        `(20,000-instruction steps, snapshot and events decoded each step)`,
    );
    expect(executed).toBe(200 * 20_000);
    value(core.vmDestroy(h));
  });
});

describe('WasmCore.decompileLogo (Extract code from board)', () => {
  for (const sample of fixture.samples.filter((s) => s.expect === 'ok' && s.data)) {
    it(`turns ${sample.id}'s bytes into Logo that compiles to the same bytes`, () => {
      const bytes = new Uint8Array(sample.data ?? []);
      const d = value(core.decompileLogo(bytes, '1.3', sample.autoRunState ?? false));
      expect(d.exact).toBe(true);
      const again = value(core.compileLogo(d.text, '1.3'));
      expect(again.data).toEqual(bytes);
      expect(again.autoRunState).toBe(sample.autoRunState ?? false);
    });
  }

  it('gives typed errors with the byte offset for bad byte code', () => {
    const r = core.decompileLogo(new Uint8Array([1, 3, 3, 3, 12, 4, 9, 0]), '1.3');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toEqual(expect.objectContaining({ code: 'list-length', offset: 2 }));
  });
});

describe('WasmCore memory read (MEM_READ reply format)', () => {
  it('reads a downloaded program back through reply packets and decompiles it', () => {
    const src = 'to autorun\nforever [ if sensor1 > 500 [ ab, on ] ]\nend\n';
    const program = value(core.compileLogo(src, '1.3'));
    const area = new Uint8Array(2048).fill(0xff);
    area.set(program.data);
    const packets = value(core.memReadReply(area, program.data.length, true, memReadRequest()));
    expect(packets.at(-1)?.status).toBe(4);
    const back = value(core.memReadAssemble(0, [...packets].reverse()));
    expect(back.data).toEqual(program.data);
    expect(back.autorun).toBe(true);
    const d = value(core.decompileLogo(back.data, '1.3', back.autorun));
    expect(d.text).toBe(src);
  });

  it('reports the first missing byte when a packet is lost', () => {
    const area = new Uint8Array(2048).fill(7);
    const packets = value(core.memReadReply(area, 200, false, memReadRequest()));
    const r = core.memReadAssemble(
      0,
      packets.filter((_, i) => i !== 1),
    );
    expect(r.ok ? null : r.error).toEqual(
      expect.objectContaining({ code: 'incomplete', offset: 55 }),
    );
  });
});

describe('VmProgramRunner (the simulated board hook)', () => {
  function board(sensor1: () => number) {
    const commands: number[][] = [];
    let nowMs = 0;
    const io: VmBoardIo = {
      sensor: (port) => (port === 1 ? sensor1() : 0),
      execute: (payload) => commands.push(Array.from(payload)),
      get nowMs() {
        return nowMs;
      },
    };
    return { io, commands, setTime: (t: number) => (nowMs = t) };
  }

  it('mirrors the program into board commands: ports, motors, beeps and display', () => {
    let level = 400;
    const b = board(() => level);
    const runner = new VmProgramRunner(core, { version: '1.3' });
    const program = value(
      core.compileLogo(
        'to main\nforever [ if sensor1 > 500 [ ab, on beep show 42 ] ]\nend\n',
        '1.3',
      ),
    );
    runner.load(program.data);
    runner.start();
    for (let t = 0; t < 100; t++) {
      b.setTime(t);
      runner.tick(b.io);
    }
    expect(b.commands).toEqual([]);
    level = 600;
    b.setTime(100);
    runner.tick(b.io);
    expect(b.commands).toEqual([
      [0, 7, 1],
      [0, 2, 0, 1],
      [0, 7, 2],
      [0, 2, 0, 1],
      [0, 7, 3],
      [0, 11],
      [0, 60, 52, 50, 0],
    ]);
    expect(runner.running).toBe(true);
    runner.stop();
    expect(runner.running).toBe(false);
    // Stopping turns the motors off and clears the display, as the stop button does.
    expect(b.commands.slice(-6)).toEqual([
      [0, 7, 1],
      [0, 2, 0, 0],
      [0, 7, 2],
      [0, 2, 0, 0],
      [0, 7, 3],
      [0, 62],
    ]);
    runner.destroy();
  });
});

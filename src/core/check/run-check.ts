// Runs a lesson's automatic check (src/contract/lesson-check.ts) on the core-rs VM without a
// board: the program is compiled, started at virtual time 0 and stepped once per virtual
// millisecond with the firmware's instruction budget, as the virtual board does; the
// scenario's inputs are applied from their time on, and the outputs are sampled right after
// the step of each expectation's time. Virtual time is bounded by the scenario (at most
// CHECK_DURATION_MAX s); CPU time by the caller (the server runs this in a worker thread it
// ends when over budget). What the board shows is read from the VM's events by
// `boardOutputs`, as the virtual board reads it.
import {
  MOTOR_PORTS,
  type CheckExpect,
  type CheckOutput,
  type CheckReport,
  type CheckResult,
  type LessonCheck,
} from '../../contract/lesson-check.ts';
import { boardOutputs, NO_OUTPUTS, type BoardOutputs } from '../board-outputs.ts';
import type { LogoVersion, VmSnapshot, WasmCore } from '../wasm-core.ts';

interface RunCheckOptions {
  /** The Logo version the program is compiled and run for (default '1.4', the virtual board's). */
  version?: LogoVersion;
  /** Instructions per virtual millisecond (default 2000, as the virtual board). */
  budgetPerTick?: number;
}

/** The board at one moment, as the expectations read it. */
interface Board {
  snapshot: VmSnapshot | null;
  outputs: BoardOutputs;
}

const ms = (seconds: number) => Math.round(seconds * 1000);

/** How many outputs an expectation compares (each counts once in the grade). */
function expectationOutputs(e: CheckExpect): CheckOutput[] {
  const out: CheckOutput[] = [];
  if (e.on !== undefined) out.push('on');
  if (e.direction !== undefined) out.push('direction');
  if (e.power !== undefined) out.push('power');
  if (e.led !== undefined) out.push('led');
  if (e.beeps !== undefined) out.push('beeps');
  if (e.display !== undefined) out.push('display');
  if (e.answer !== undefined) out.push('answer');
  if (e.value !== undefined) out.push('value');
  return out;
}

export function countOutputs(check: LessonCheck): number {
  return check.expect.reduce((n, e) => n + expectationOutputs(e).length, 0);
}

/** A report for a run that did not happen (`not_run`, `too_long`, `compile_error`). */
export function emptyReport(
  check: LessonCheck,
  outcome: CheckReport['outcome'],
  detail: string,
): CheckReport {
  return { outcome, detail, passed: 0, total: countOutputs(check), results: [] };
}

/** An output an expectation compares and the value it wants, before the run. */
export type ExpectedValue = Omit<CheckResult, 'actual' | 'pass'>;

/**
 * What an expectation compares, one entry per output in the report's order (the lesson page
 * lists them the same way before any run).
 */
export function expectedValues(e: CheckExpect): ExpectedValue[] {
  const t = e.t;
  const m = e.motor === undefined ? {} : { motor: e.motor };
  const rows: ExpectedValue[] = [];
  if (e.on !== undefined) rows.push({ t, ...m, output: 'on', expected: e.on });
  if (e.direction !== undefined) rows.push({ t, ...m, output: 'direction', expected: e.direction });
  if (e.power !== undefined) rows.push({ t, ...m, output: 'power', expected: e.power });
  if (e.led !== undefined) rows.push({ t, output: 'led', expected: e.led });
  if (e.beeps !== undefined) rows.push({ t, output: 'beeps', expected: e.beeps });
  // Spaces around a display text never count.
  if (e.display !== undefined) rows.push({ t, output: 'display', expected: e.display.trim() });
  if (e.answer !== undefined) rows.push({ t, output: 'answer', expected: e.answer });
  if (e.key !== undefined && e.value !== undefined) {
    rows.push({ t, key: e.key, output: 'value', expected: e.value });
  }
  return rows;
}

function sample(e: CheckExpect, board: Board): CheckResult[] {
  const motorIndex = e.motor === undefined ? -1 : MOTOR_PORTS.indexOf(e.motor);
  const motor = board.snapshot?.motors[motorIndex];
  const out = board.outputs;
  const actual = (row: ExpectedValue): boolean | number | string | null => {
    switch (row.output) {
      case 'on':
        return motor?.on ?? false;
      case 'direction':
        return (motor?.thisWay ?? true) ? 'thisway' : 'thatway';
      case 'power':
        return motor?.power ?? 100;
      case 'led':
        return board.snapshot?.userLed ?? false;
      case 'beeps':
        return out.beeps;
      case 'display':
        return out.display.trim();
      case 'answer':
        return out.answer;
      case 'value':
        return out.sent.get((row.key ?? '').toLowerCase()) ?? null;
    }
  };
  return expectedValues(e).map((row) => {
    const got = actual(row);
    return { ...row, actual: got, pass: row.expected === got };
  });
}

function value<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Compiles `logo` and runs it against `check`; the report says what passed and failed. */
export function runCheck(
  core: WasmCore,
  logo: string,
  check: LessonCheck,
  options: RunCheckOptions = {},
): CheckReport {
  const version = options.version ?? '1.4';
  const compiled = core.compileLogo(logo, version);
  if (!compiled.ok) return emptyReport(check, 'compile_error', compiled.error.message);
  const budget = options.budgetPerTick ?? 2000;
  const h = value(core.vmCreate());
  try {
    value(core.vmLoad(h, compiled.value.data, version));
    value(core.vmControl(h, 'run', 0));
    const inputs = check.inputs
      .map((input, i) => ({ input, i, at: ms(input.t) }))
      .sort((a, b) => a.at - b.at || a.i - b.i);
    const expects = check.expect
      .map((e, i) => ({ e, i, at: ms(e.t) }))
      .sort((a, b) => a.at - b.at || a.i - b.i);
    const byIndex: CheckResult[][] = check.expect.map(() => []);
    const board: Board = { snapshot: null, outputs: NO_OUTPUTS };
    const sensors = [0, 0, 0, 0, 0, 0, 0, 0];
    let nextInput = 0;
    let nextExpect = 0;
    let fault = '';
    const end = ms(check.duration);
    // A program asleep (`wait`, the loop pause) or ended does nothing until it wakes or the
    // scenario changes an input or samples: those steps are skipped (the VM keeps its timing
    // on virtual milliseconds whatever the step).
    const next = (now: number): number => {
      const state = board.snapshot?.state;
      const ended = state === 'done' || state === 'faulted' || state === 'stopped';
      const wake = state === 'waiting' ? (board.snapshot?.wakeAtMs ?? null) : null;
      if (!ended && wake === null) return now + 1;
      const at = Math.min(
        ended ? Infinity : (wake ?? Infinity),
        ended ? Infinity : (inputs[nextInput]?.at ?? Infinity),
        expects[nextExpect]?.at ?? Infinity,
      );
      return Math.max(now + 1, at);
    };
    for (let now = 0; now <= end && nextExpect < expects.length; now = next(now)) {
      let sensorsChanged = now === 0;
      for (; nextInput < inputs.length && (inputs[nextInput]?.at ?? Infinity) <= now; nextInput++) {
        const { input } = inputs[nextInput] as (typeof inputs)[number];
        if (input.sensor !== undefined && typeof input.value === 'number') {
          sensors[input.sensor - 1] = input.value;
          sensorsChanged = true;
        } else if (input.key !== undefined) {
          value(core.vmReceiveKeyValue(h, input.key, String(input.value)));
        }
      }
      if (sensorsChanged) value(core.vmSetInputs(h, { sensors }));
      const state = board.snapshot?.state;
      if (state !== 'done' && state !== 'faulted' && state !== 'stopped') {
        const s = value(core.vmStep(h, budget, now)).snapshot;
        board.snapshot = s;
        board.outputs = boardOutputs(s.events, board.outputs);
        if (s.state === 'faulted' && s.fault) {
          fault = `${s.fault.code} at ${s.fault.pc}: ${s.fault.message}`;
        }
      }
      for (; nextExpect < expects.length && (expects[nextExpect]?.at ?? Infinity) <= now;) {
        const { e, i } = expects[nextExpect++] as (typeof expects)[number];
        byIndex[i] = sample(e, board);
      }
    }
    const results = byIndex.flat();
    return {
      outcome: fault ? 'fault' : 'ran',
      detail: fault,
      passed: results.filter((r) => r.pass).length,
      total: results.length,
      results,
    };
  } finally {
    core.vmDestroy(h);
  }
}

/** The grade a report earns: the share of outputs that matched, of `maxPoints`. */
export function reportGrade(report: CheckReport, maxPoints: number): number {
  if (report.total === 0) return 0;
  return Math.round((maxPoints * report.passed * 100) / report.total) / 100;
}

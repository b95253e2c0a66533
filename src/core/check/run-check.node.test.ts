// The automatic check on real programs: compiled by the project's Logo compiler and run by
// the core-rs VM (`npm run build:wasm` first).
import { beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_CHECK, type LessonCheck } from '../../contract/lesson-check.ts';
import { loadTestCore } from '../testing/test-core.node.ts';
import type { WasmCore } from '../wasm-core.ts';
import { reportGrade, runCheck } from './run-check.ts';

let core: WasmCore;

beforeAll(async () => {
  core = await loadTestCore();
});

const LINE_FOLLOWER = `to main
forever [
  ifelse sensor1 > 500 [ a, on thisway setpower 60 setanswer 1 ] [ a, off ]
]
end
`;

const DARKNESS: LessonCheck = {
  // The example's scenario: dark until 2 s, then light.
  ...EXAMPLE_CHECK,
  expect: [
    { t: 1, motor: 'a', on: false },
    { t: 3, motor: 'a', on: true, direction: 'thisway', power: 60 },
    { t: 3, answer: 1 },
  ],
};

describe('runCheck', () => {
  it('passes a program that turns the motor on once the sensor reads high', () => {
    const report = runCheck(core, LINE_FOLLOWER, DARKNESS);
    expect(report.outcome).toBe('ran');
    expect(report.results.filter((r) => !r.pass)).toEqual([]);
    expect([report.passed, report.total]).toEqual([5, 5]);
    expect(reportGrade(report, 100)).toBe(100);
  });

  it('says which output failed, what was expected and what the board did', () => {
    const wrong = LINE_FOLLOWER.replace('thisway setpower 60', 'thatway setpower 40');
    const report = runCheck(core, wrong, DARKNESS);
    expect(report.passed).toBe(3);
    expect(report.results.filter((r) => !r.pass)).toEqual([
      {
        t: 3,
        motor: 'a',
        output: 'direction',
        expected: 'thisway',
        actual: 'thatway',
        pass: false,
      },
      { t: 3, motor: 'a', output: 'power', expected: 60, actual: 40, pass: false },
    ]);
    expect(reportGrade(report, 50)).toBe(30);
  });

  it('follows beeps, the display, the LED and key-values over time', () => {
    const program = `to main
beep
show "hi"
wait 10
ledon
beep
sendmessage "speed" "fast"
waituntil [ key "go" = "yes" ]
cls
setanswer 7
end
`;
    const report = runCheck(core, program, {
      duration: 3,
      inputs: [{ t: 2, key: 'go', value: 'yes' }],
      expect: [
        { t: 0.5, beeps: 1, display: 'hi', led: false },
        { t: 1.5, beeps: 2, led: true, key: 'speed', value: 'fast' },
        { t: 1.9, answer: 0 },
        { t: 2.5, answer: 7, display: '' },
      ],
    });
    expect(report.outcome).toBe('ran');
    expect(report.results.filter((r) => !r.pass)).toEqual([]);
    expect([report.passed, report.total]).toEqual([9, 9]);
  });

  it('samples to the millisecond while the program sleeps between steps', () => {
    const report = runCheck(core, 'to main\nrepeat 3 [ beep wait 5 ]\nend\n', {
      duration: 2,
      inputs: [],
      expect: [
        { t: 0, beeps: 1 },
        { t: 0.509, beeps: 1 },
        { t: 0.51, beeps: 2 },
        { t: 1.019, beeps: 2 },
        { t: 1.02, beeps: 3 },
        { t: 2, beeps: 3 },
      ],
    });
    expect(report.results.filter((r) => !r.pass)).toEqual([]);
    expect(report.passed).toBe(6);
  });

  it('reports a program that does not compile, with the compiler message', () => {
    const report = runCheck(core, 'to main\nfoo bar\nend\n', DARKNESS);
    expect(report.outcome).toBe('compile_error');
    expect(report.detail).not.toBe('');
    expect([report.passed, report.total]).toEqual([0, 5]);
  });

  it('runs a busy loop to the end of the scenario within its virtual time', () => {
    const report = runCheck(core, 'to main\nforever [ a, on ]\nend\n', {
      duration: 60,
      inputs: [],
      expect: [{ t: 60, motor: 'a', on: true }],
    });
    expect(report.passed).toBe(1);
  });
});

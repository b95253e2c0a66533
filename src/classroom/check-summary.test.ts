import { describe, expect, it } from 'vitest';
import { countOutputs, expectedValues } from '../core/check/run-check.ts';
import type { LessonCheck } from '../contract/lesson-check.ts';
import { checkExpectations, checkInputs } from './check-summary.ts';

const CHECK: LessonCheck = {
  duration: 5,
  inputs: [
    { t: 2, key: 'colour', value: 'red' },
    { t: 0, sensor: 1, value: 600 },
  ],
  expect: [
    { t: 3, display: 'hi', key: 'tm', value: 'cat' },
    { t: 1, motor: 'a', on: false, direction: 'thatway' },
  ],
};

describe('the check in plain rows', () => {
  it('lists one row per compared output, in time order, as many as the grade counts', () => {
    const rows = checkExpectations(CHECK);
    expect(rows).toEqual([
      { t: 1, motor: 'a', output: 'on', expected: false },
      { t: 1, motor: 'a', output: 'direction', expected: 'thatway' },
      { t: 3, output: 'display', expected: 'hi' },
      { t: 3, key: 'tm', output: 'value', expected: 'cat' },
    ]);
    expect(rows).toHaveLength(countOutputs(CHECK));
  });

  it('lists the inputs in time order', () => {
    expect(checkInputs(CHECK).map((i) => i.t)).toEqual([0, 2]);
  });

  it("takes each expectation's outputs in the order the check's report gives them", () => {
    expect(
      expectedValues({
        t: 2,
        motor: 'a',
        key: 'speed',
        value: '3',
        display: ' hi ',
        power: 50,
        on: true,
      }),
    ).toEqual([
      { t: 2, motor: 'a', output: 'on', expected: true },
      { t: 2, motor: 'a', output: 'power', expected: 50 },
      // Spaces around a display text never count.
      { t: 2, output: 'display', expected: 'hi' },
      { t: 2, key: 'speed', output: 'value', expected: '3' },
    ]);
  });
});

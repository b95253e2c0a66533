// A lesson's automatic check in plain rows for the lesson page: what the board receives
// (sensor readings and key-values from a time on) and what it must show at each time, one
// row per compared output, in the report's own terms so both read the same.
import type { CheckResult, LessonCheck } from '../contract/lesson-check.ts';

export type ExpectedRow = Omit<CheckResult, 'actual' | 'pass'>;

export interface InputRow {
  t: number;
  sensor?: number;
  key?: string;
  value: number | string;
}

export function checkInputs(check: LessonCheck): InputRow[] {
  return [...check.inputs].sort((a, b) => a.t - b.t);
}

export function checkExpectations(check: LessonCheck): ExpectedRow[] {
  const rows: ExpectedRow[] = [];
  for (const e of [...check.expect].sort((a, b) => a.t - b.t)) {
    const m = e.motor === undefined ? {} : { motor: e.motor };
    if (e.on !== undefined) rows.push({ t: e.t, ...m, output: 'on', expected: e.on });
    if (e.direction !== undefined) {
      rows.push({ t: e.t, ...m, output: 'direction', expected: e.direction });
    }
    if (e.power !== undefined) rows.push({ t: e.t, ...m, output: 'power', expected: e.power });
    if (e.led !== undefined) rows.push({ t: e.t, output: 'led', expected: e.led });
    if (e.beeps !== undefined) rows.push({ t: e.t, output: 'beeps', expected: e.beeps });
    if (e.display !== undefined) rows.push({ t: e.t, output: 'display', expected: e.display });
    if (e.answer !== undefined) rows.push({ t: e.t, output: 'answer', expected: e.answer });
    if (e.key !== undefined && e.value !== undefined) {
      rows.push({ t: e.t, key: e.key, output: 'value', expected: e.value });
    }
  }
  return rows;
}

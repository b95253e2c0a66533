// A lesson's automatic check in plain rows for the lesson page: what the board receives
// (sensor readings and key-values from a time on) and what it must show at each time, one
// row per compared output, in the report's own terms so both read the same.
import type { LessonCheck } from '../contract/lesson-check.ts';
import { expectedValues, type ExpectedValue } from '../core/check/run-check.ts';

type ExpectedRow = ExpectedValue;

interface InputRow {
  t: number;
  sensor?: number;
  key?: string;
  value: number | string;
}

export function checkInputs(check: LessonCheck): InputRow[] {
  return [...check.inputs].sort((a, b) => a.t - b.t);
}

export function checkExpectations(check: LessonCheck): ExpectedRow[] {
  return [...check.expect].sort((a, b) => a.t - b.t).flatMap(expectedValues);
}

import { describe, expect, it } from 'vitest';
import { readGradeInput } from './grade-input.ts';

describe('readGradeInput', () => {
  it('reads points from 0 to the lesson’s, decimals included', () => {
    expect(readGradeInput(' 7.5 ', 10, false)).toEqual({ kind: 'grade', points: 7.5 });
    expect(readGradeInput('0', 10, true)).toEqual({ kind: 'grade', points: 0 });
    expect(readGradeInput('10', 10, false)).toEqual({ kind: 'grade', points: 10 });
  });

  it('refuses points outside the range, or not a number', () => {
    expect(readGradeInput('10.01', 10, true)).toEqual({ kind: 'invalid', reason: 'range' });
    expect(readGradeInput('-1', 10, true)).toEqual({ kind: 'invalid', reason: 'range' });
    expect(readGradeInput('abc', 10, true)).toEqual({ kind: 'invalid', reason: 'range' });
  });

  it('saves the note alone when the grade is empty and may stay so', () => {
    expect(readGradeInput('', 10, true)).toEqual({ kind: 'note' });
    expect(readGradeInput('  ', 10, true)).toEqual({ kind: 'note' });
    // A cell without a submission, or a grade already given: the points are needed.
    expect(readGradeInput('', 10, false)).toEqual({ kind: 'invalid', reason: 'required' });
  });
});

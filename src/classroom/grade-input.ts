// What a teacher typed in a grading form: points from 0 to the lesson's, or (where the
// submission has no grade yet) nothing, which saves the note alone. A grade once given is
// changed, never emptied: there is no call that takes it back.

export type GradeInput =
  | { kind: 'grade'; points: number }
  | { kind: 'note' }
  | { kind: 'invalid'; reason: 'required' | 'range' };

export function readGradeInput(text: string, maxPoints: number, noteAlone: boolean): GradeInput {
  const trimmed = text.trim();
  if (trimmed === '') return noteAlone ? { kind: 'note' } : { kind: 'invalid', reason: 'required' };
  const points = Number(trimmed);
  if (!Number.isFinite(points) || points < 0 || points > maxPoints) {
    return { kind: 'invalid', reason: 'range' };
  }
  return { kind: 'grade', points };
}

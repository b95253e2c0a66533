// The lesson editor's automatic check, typed as JSON (docs/classroom.md "Automatic check"):
// parsed and checked here with the same schema and rules as the server, so a mistake shows
// at once with a translated message (i18n keys under classroom:check.errors) and nothing is
// sent until it is fixed.
import { Value } from '@sinclair/typebox/value';
import { checkProblem, LessonCheck, type CheckProblem } from '../contract/lesson-check.ts';

type CheckTextResult =
  | { ok: true; check: LessonCheck | null }
  | { ok: false; key: `check.errors.${'json' | 'format' | CheckProblem['reason']}`; path: string };

/** '' is no check; anything else must be a valid check. */
export function parseCheckText(text: string): CheckTextResult {
  if (text.trim() === '') return { ok: true, check: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, key: 'check.errors.json', path: '' };
  }
  if (!Value.Check(LessonCheck, parsed)) {
    const first = Value.Errors(LessonCheck, parsed).First();
    return { ok: false, key: 'check.errors.format', path: first?.path || '/' };
  }
  const problem = checkProblem(parsed);
  if (problem) return { ok: false, key: `check.errors.${problem.reason}`, path: problem.path };
  return { ok: true, check: parsed };
}

export const checkText = (check: LessonCheck | null | undefined): string =>
  check ? JSON.stringify(check, null, 2) : '';

export { EXAMPLE_CHECK } from '../contract/lesson-check.ts';

// The lesson's automatic check on Submit (docs/classroom.md "Automatic check"): the Logo
// text of the submitted program file runs on the VM in the compile pool's workers; the
// report says what passed and failed. A run the server could not finish (busy, over the CPU
// budget, a worker lost) leaves the submission for the teacher to grade.
import { Value } from '@sinclair/typebox/value';
import { LessonCheck, type CheckReport } from '../../src/contract/lesson-check.ts';
import { emptyReport } from '../../src/core/check/run-check.ts';
import type { CompilePool } from '../compile/compile-pool.ts';
import { HttpError } from '../http/errors.ts';

export type SubmissionChecker = (logo: string, check: LessonCheck) => Promise<CheckReport>;

export function poolChecker(pool: CompilePool): SubmissionChecker {
  return async (logo, check) => {
    try {
      return await pool.check(logo, check);
    } catch (error) {
      if (error instanceof HttpError && error.code === 'compile_timeout') {
        return emptyReport(check, 'too_long', error.message);
      }
      return emptyReport(check, 'not_run', error instanceof Error ? error.message : '');
    }
  };
}

/** A check as stored with the lesson (JSON text), or null when none or unreadable. */
export function storedCheck(text: string | null | undefined): LessonCheck | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return Value.Check(LessonCheck, parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** A stored report (JSON text), or null. */
export function storedReport(text: string | null | undefined): CheckReport | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as CheckReport;
  } catch {
    return null;
  }
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * The Logo text of a submitted program file (src/editor/program/program-file.ts): the
 * `<logo_code>` setting, which the editor keeps equal to what the blocks generate in blocks
 * mode and to the typed text in Logo mode. '' when the file has none.
 */
export function programLogo(file: string): string {
  const match = /<logo_code(?:\s[^>]*)?>([\s\S]*?)<\/logo_code>/.exec(file);
  if (!match?.[1]) return '';
  const cdata = /^<!\[CDATA\[([\s\S]*)\]\]>$/.exec(match[1]);
  if (cdata?.[1] !== undefined) return cdata[1];
  return match[1].replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name] ?? whole;
  });
}

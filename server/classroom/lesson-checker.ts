// The lesson's automatic check on Submit (docs/classroom.md "Automatic check"): the
// submitted program file is read as the editor reads it, and what Download would compile
// of it (its Logo with the procedures of the extensions the student added) runs on the VM
// in the compile pool's workers; the report says what passed and failed. A run the server
// could not finish (busy, over the CPU budget, a worker lost) leaves the submission for the
// teacher to grade.
import { Value } from '@sinclair/typebox/value';
import type { ExtensionLibrary } from '../../src/contract/extensions.ts';
import { LessonCheck, type CheckReport } from '../../src/contract/lesson-check.ts';
import { emptyReport } from '../../src/core/check/run-check.ts';
import { compilableLogo } from '../../src/program/compilable-logo.ts';
import { DEFAULT_SETTINGS, parseProgramFile } from '../../src/program/program-file.ts';
import type { CompilePool } from '../compile/compile-pool.ts';
import { HttpError } from '../http/errors.ts';

/** A submitted program file and who submitted it. */
interface Submitted {
  code: string;
  userId: string;
}

export type SubmissionChecker = (submitted: Submitted, check: LessonCheck) => Promise<CheckReport>;

/** The libraries of the extensions a user added (their programs compile with them). */
type AddedLibraries = (userId: string) => Promise<ExtensionLibrary[]>;

/** What a submitted file compiles to; a file the editor could not open has no Logo. */
async function submittedLogo(submitted: Submitted, libraries: AddedLibraries): Promise<string> {
  let settings = DEFAULT_SETTINGS;
  try {
    settings = parseProgramFile(submitted.code).settings;
  } catch {
    // Not a program file: nothing compiles, and the report says so.
  }
  return compilableLogo({ settings }, await libraries(submitted.userId));
}

export function poolChecker(pool: CompilePool, libraries: AddedLibraries): SubmissionChecker {
  return async (submitted, check) => {
    try {
      return await pool.check(await submittedLogo(submitted, libraries), check);
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

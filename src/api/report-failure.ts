// Work nobody waits for (a click's handler, a chunk loaded in the background) still owes the
// person its failure: a warning toast, unless the API client showed it already, and the
// console for whoever debugs it. A cancelled call or an aborted wait is no failure. The toast
// says what a person can act on: a chunk that did not arrive is a connection problem, a
// programming error's own text is not for them, and the app's own errors carry their text.
import i18next from 'i18next';
import { showToast } from '../state/ui.ts';
import { ApiError } from './errors.ts';

// What Chromium, Firefox and Safari say when an import() cannot fetch its module.
const CHUNK_FAILED =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported/i;
const PROGRAMMING_ERRORS = [TypeError, RangeError, ReferenceError, SyntaxError];

/** The words a person reads for `error`. */
function failureText(error: unknown): string {
  if (error instanceof Error && CHUNK_FAILED.test(error.message)) {
    return i18next.t('global:partNotLoaded');
  }
  if (!(error instanceof Error) || !error.message) return i18next.t('global:unexpected');
  if (PROGRAMMING_ERRORS.some((kind) => error instanceof kind)) {
    return i18next.t('global:unexpected');
  }
  return error.message;
}

export function reportFailure(error: unknown): void {
  if (error instanceof ApiError && error.reported) return;
  if (error instanceof DOMException && error.name === 'AbortError') return;
  console.error(error);
  showToast('warning', failureText(error));
}

/** Lets `work` run on without waiting for it; its failure is reported (reportFailure). */
export function inBackground(work: Promise<unknown>): void {
  work.catch(reportFailure);
}

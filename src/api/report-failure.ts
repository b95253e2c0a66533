// Work nobody waits for (a click's handler, a chunk loaded in the background) still owes the
// person its failure: a warning toast, unless the API client showed it already, and the
// console for whoever debugs it. A cancelled call or an aborted wait is no failure.
import i18next from 'i18next';
import { showToast } from '../state/ui.ts';
import { ApiError } from './errors.ts';

export function reportFailure(error: unknown): void {
  if (error instanceof ApiError && error.reported) return;
  if (error instanceof DOMException && error.name === 'AbortError') return;
  console.error(error);
  const message =
    error instanceof Error && error.message ? error.message : i18next.t('global:error');
  showToast('warning', message);
}

/** Lets `work` run on without waiting for it; its failure is reported (reportFailure). */
export function inBackground(work: Promise<unknown>): void {
  work.catch(reportFailure);
}

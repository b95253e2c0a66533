// The text a screen shows for a failure it caught: an API failure already carries its
// translated message (src/api/errors.ts); anything else is an answer the app cannot read.
import i18next from 'i18next';
import { ApiError } from '../api/errors.ts';

export function apiErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return i18next.t('global:mapping.bad_response');
}

// Turns a failed API call into the text the user sees (spec core §8): the server's
// `data.error` code through the translation key `global.mapping.{error}` when it exists,
// otherwise the raw code; a string error as is; otherwise 'Error'.
import { isAxiosError } from 'axios';
import { isApiErrorCode, type ApiErrorCode, type UnlistedErrorCode } from '../contract/errors.ts';

/** The part of i18next the mapping needs. */
export interface Translator {
  exists(key: string): boolean;
  t(key: string): string;
}

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    /** HTTP status, or 0 when the server was not reached. */
    readonly status: number,
    /** The server's error code (`data.error`), or null. */
    readonly code: ApiErrorCode | UnlistedErrorCode | null,
  ) {
    super(message);
  }

  /** The person was told already (the client's toast), or there is nothing to tell (a cancel). */
  reported = false;
}

/** The server's error code of a failure, if it sent one. */
function errorCode(error: unknown): ApiErrorCode | UnlistedErrorCode | null {
  if (!isAxiosError(error)) return null;
  const data: unknown = error.response?.data;
  if (data && typeof data === 'object' && 'error' in data && typeof data.error === 'string') {
    return isApiErrorCode(data.error) ? data.error : (data.error as UnlistedErrorCode);
  }
  // No answer at all: the server is down or unreachable.
  if (!error.response && error.code !== 'ERR_CANCELED') return 'network_error';
  return null;
}

export function apiErrorMessage(error: unknown, i18n: Translator): string {
  if (typeof error === 'string' && error !== '') return error;
  const code = errorCode(error);
  if (code !== null) {
    const key = `global:mapping.${code}`;
    return i18n.exists(key) ? i18n.t(key) : code;
  }
  if (isAxiosError(error) && typeof error.response?.data === 'string' && error.response.data) {
    return error.response.data;
  }
  return i18n.t('global:error');
}

export function toApiError(error: unknown, i18n: Translator): ApiError {
  const status = isAxiosError(error) ? (error.response?.status ?? 0) : 0;
  return new ApiError(apiErrorMessage(error, i18n), status, errorCode(error));
}

/** The ApiError of an answer the server refused (its status and body), read without axios. */
export function refusedAnswer(status: number, body: unknown, i18n: Translator): ApiError {
  const raw =
    body && typeof body === 'object' && 'error' in body && typeof body.error === 'string'
      ? body.error
      : null;
  const code = raw === null ? null : isApiErrorCode(raw) ? raw : (raw as UnlistedErrorCode);
  const key = `global:mapping.${code ?? ''}`;
  const message = code === null ? i18n.t('global:error') : i18n.exists(key) ? i18n.t(key) : code;
  return new ApiError(message, status, code);
}

// Download, run/stop and extract failures → the message the user sees (spec core §8 texts).
import type { TFunction } from 'i18next';
import { translateError } from '../device/ui/messages.ts';
import { compileMessageText } from './compile-messages.ts';
import type { CompileFailure } from './compile-service.ts';
import type { DownloadError } from './download-service.ts';
import type { ExtractError } from './extract-code.ts';

function compileFailureText(t: TFunction, failure: CompileFailure): string {
  switch (failure.kind) {
    case 'syntax':
      return t('download:errors.syntax');
    case 'unavailable':
      return t('download:errors.unavailable');
    case 'too-large':
      return t('download:errors.tooLarge');
    case 'rejected':
      return compileMessageText(t, failure.message);
  }
}

export function downloadErrorText(t: TFunction, e: DownloadError): string {
  const r = e.reason;
  if (r.type === 'device') return translateError(t, r.error.code, r.error.detail);
  if (r.type === 'busy') return t('download:errors.busy');
  return compileFailureText(t, r.failure);
}

export function extractErrorText(t: TFunction, e: ExtractError): string {
  if (e.code === 'device' && e.device) return translateError(t, e.device.code, e.device.detail);
  const keys: Record<Exclude<ExtractError['code'], 'device'>, string> = {
    unsupported: 'unsupported',
    empty: 'empty',
    'no-answer': 'noAnswer',
    'read-failed': 'readFailed',
    decompile: 'decompile',
  };
  return e.code === 'device'
    ? translateError(t, 'not-connected')
    : t(`download:extract.errors.${keys[e.code]}`);
}

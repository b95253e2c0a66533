// Translated text of a sign-in failure.
import type { TFunction } from 'i18next';
import { AuthError } from './auth-service.ts';

export function authErrorText(error: unknown, t: TFunction<'auth'>): string {
  const code = error instanceof AuthError ? error.code : 'generic';
  if (code === 'empty-email') return t('resetEmpty');
  return t(`errors.${code}`, { defaultValue: t('errors.generic') });
}

import { describe, expect, it } from 'vitest';
import en from '../../locales/en/global.json';
import es from '../../locales/es/global.json';
import ptBR from '../../locales/pt-BR/global.json';
import th from '../../locales/th/global.json';
import { API_ERROR_CODES, HTTP_STATUS_ERRORS, isApiErrorCode } from './errors.ts';

const locales = { en, 'pt-BR': ptBR, th, es };

describe('API error codes', () => {
  it.each(Object.entries(locales))(
    'every code has its text in %s, and the mapping names no other code',
    (_, global) => {
      const mapped = Object.keys(global.mapping);
      expect([...API_ERROR_CODES].filter((c) => !mapped.includes(c))).toEqual([]);
      expect(mapped.filter((c) => !isApiErrorCode(c))).toEqual([]);
    },
  );

  it('names the answers every route can give by their HTTP status', () => {
    expect(HTTP_STATUS_ERRORS[401]).toBe('unauthorized');
    expect(HTTP_STATUS_ERRORS[429]).toBe('too_many_requests');
    expect(isApiErrorCode('internal')).toBe(true);
  });

  it('does not take a misspelt or foreign code for one of its own', () => {
    expect(isApiErrorCode('teapot_busy')).toBe(false);
    expect(isApiErrorCode('Not_Found')).toBe(false);
  });
});

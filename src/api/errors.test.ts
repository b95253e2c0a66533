import { AxiosError, AxiosHeaders } from 'axios';
import i18next, { type i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import enGlobal from '../../locales/en/global.json';
import thGlobal from '../../locales/th/global.json';
import { apiErrorMessage, toApiError } from './errors.ts';

/** An axios failure as axios builds it when the server answers `status` with `data`. */
function answered(status: number, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError(
    'Request failed',
    'ERR_BAD_RESPONSE',
    config,
    {},
    {
      status,
      statusText: '',
      data,
      headers: {},
      config,
    },
  );
}

describe('apiErrorMessage', () => {
  let en: i18n;
  let th: i18n;
  beforeAll(async () => {
    const make = async (lng: string) => {
      const instance = i18next.createInstance();
      await instance.init({
        lng,
        fallbackLng: 'en',
        resources: { en: { global: enGlobal }, th: { global: thGlobal } },
      });
      return instance;
    };
    en = await make('en');
    th = await make('th');
  });

  it.each([
    ['library_name_exists', 'Library name exists'],
    ['wrong_board_or_pin', 'Please re-check the entered GoGo ID or Pin'],
    ['wrong_access_code', 'Please re-check the entered Access Code'],
    ['board_offline', 'The board is not online'],
  ])('maps data.error %s to the spec message', (code, text) => {
    expect(apiErrorMessage(answered(400, { error: code, message: 'x' }), en)).toBe(text);
  });

  it('translates the mapping into the current language', () => {
    expect(apiErrorMessage(answered(404, { error: 'board_offline', message: '' }), th)).toBe(
      'บอร์ดไม่ได้ออนไลน์',
    );
  });

  it('shows an unmapped error code as it is', () => {
    expect(apiErrorMessage(answered(418, { error: 'teapot_busy', message: 'm' }), en)).toBe(
      'teapot_busy',
    );
  });

  it('shows a string error as it is', () => {
    expect(apiErrorMessage('Unable to save', en)).toBe('Unable to save');
    expect(apiErrorMessage(answered(500, 'Upstream said no'), en)).toBe('Upstream said no');
  });

  it("falls back to 'Error'", () => {
    expect(apiErrorMessage(new Error('boom'), en)).toBe('Error');
    expect(apiErrorMessage(answered(500, {}), en)).toBe('Error');
    expect(apiErrorMessage(undefined, th)).toBe('ข้อผิดพลาด');
  });

  it('explains an unreachable server', () => {
    const offline = new AxiosError('Network Error', 'ERR_NETWORK');
    expect(apiErrorMessage(offline, en)).toBe(
      'Cannot reach the server. Check your connection and try again.',
    );
  });

  it('keeps status and code on the ApiError', () => {
    const e = toApiError(answered(403, { error: 'forbidden', message: 'no' }), en);
    expect(e).toMatchObject({ status: 403, code: 'forbidden' });
    expect(e.message).toBe('You do not have permission to do this.');
  });
});

import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import shellEn from '../../locales/en/shell.json';
import shellTh from '../../locales/th/shell.json';
import { providerName } from './provider-name.ts';

const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { shell: shellEn }, th: { shell: shellTh } },
  });
});

describe('providerName', () => {
  it('names the known Firebase providers as the spec does', () => {
    const t = i18n.getFixedT('en');
    expect(providerName('google.com', t)).toBe('Google account');
    expect(providerName('facebook.com', t)).toBe('Facebook account');
    expect(providerName('microsoft.com', t)).toBe('Microsoft account');
    expect(providerName('password', t)).toBe('e-mail');
  });

  it('shows any other provider id as it is', () => {
    const t = i18n.getFixedT('en');
    expect(providerName('github.com', t)).toBe('github.com');
    expect(providerName('twitter.com', t)).toBe('twitter.com');
    expect(providerName('toString', t)).toBe('toString');
  });

  it('translates the known names', () => {
    expect(providerName('password', i18n.getFixedT('th'))).toBe('อีเมล');
  });
});

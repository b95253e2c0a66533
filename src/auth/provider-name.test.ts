import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enAuth from '../../locales/en/auth.json';
import ptAuth from '../../locales/pt-BR/auth.json';
import { providerName } from './provider-name.ts';

describe('providerName', () => {
  const i18n = i18next.createInstance();
  void i18n.init({ lng: 'en', initAsync: false, resources: { en: { auth: enAuth } } });
  const t = (key: string) => i18n.t(key);

  it.each([
    ['google.com', 'Google account'],
    ['facebook.com', 'Facebook account'],
    ['microsoft.com', 'Microsoft account'],
    ['password', 'e-mail'],
  ])('names %s as %s', (id, name) => {
    expect(providerName(id, t)).toBe(name);
  });

  it('shows any other provider id raw', () => {
    expect(providerName('github.com', t)).toBe('github.com');
    expect(providerName('oidc.school', t)).toBe('oidc.school');
  });

  it('speaks the current language', () => {
    const pt = i18next.createInstance();
    void pt.init({ lng: 'pt-BR', initAsync: false, resources: { 'pt-BR': { auth: ptAuth } } });
    expect(providerName('google.com', (k) => pt.t(k))).toBe('Conta Google');
  });
});

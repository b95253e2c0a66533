import i18next, { type i18n as I18n } from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { rememberTranslations } from './translation-cache.ts';

const resources = {
  en: {
    common: {
      hello: 'Hello',
      greet: 'Hello, {{name}}',
      apples_one: '{{count}} apple',
      apples_other: '{{count}} apples',
      list: ['a', 'b'],
      board: { on: 'On' },
    },
    extra: { hello: 'Hi' },
  },
  th: { common: { hello: 'สวัสดี', greet: 'สวัสดี {{name}}' } },
};

let i18n: I18n;
let translations: number;

beforeEach(async () => {
  i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['common', 'extra'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    resources: structuredClone(resources),
  });
  rememberTranslations(i18n);
  // Counts the translator's runs: a remembered text does not run it again.
  translations = 0;
  const translator = (
    i18n as unknown as { translator: { translate: (...a: unknown[]) => unknown } }
  ).translator;
  const translate = translator.translate.bind(translator);
  translator.translate = (...a: unknown[]) => {
    translations++;
    return translate(...a);
  };
});

describe('remembered translations', () => {
  it('gives the same texts as i18next, running its translator once per call', () => {
    const t = i18n.getFixedT('en', 'common');
    expect(t('hello')).toBe('Hello');
    expect(t('greet', { name: 'Ana' })).toBe('Hello, Ana');
    expect(t('greet', { name: 'Bo' })).toBe('Hello, Bo');
    expect(t('apples', { count: 1 })).toBe('1 apple');
    expect(t('apples', { count: 3 })).toBe('3 apples');
    expect(t('missing', 'A default')).toBe('A default');
    const runs = translations;
    expect(t('hello')).toBe('Hello');
    expect(t('greet', { name: 'Ana' })).toBe('Hello, Ana');
    expect(t('apples', { count: 3 })).toBe('3 apples');
    // Another component's t for the same namespace shares what is known.
    expect(i18n.getFixedT('en', 'common')('hello')).toBe('Hello');
    expect(translations).toBe(runs);
  });

  it('keeps namespaces, languages and key prefixes apart', () => {
    expect(i18n.getFixedT('en', 'common')('hello')).toBe('Hello');
    expect(i18n.getFixedT('en', 'extra')('hello')).toBe('Hi');
    expect(i18n.getFixedT('th', 'common')('hello')).toBe('สวัสดี');
    expect(i18n.getFixedT('en', 'common', 'board')('on')).toBe('On');
    expect(i18n.getFixedT('en', 'common')('on')).toBe('on');
  });

  it('follows a change of language and of the loaded texts', async () => {
    const t = i18n.getFixedT(null, 'common');
    expect(t('hello')).toBe('Hello');
    await i18n.changeLanguage('th');
    expect(t('greet', { name: 'Ana' })).toBe('สวัสดี Ana');
    i18n.addResourceBundle('th', 'common', { hello: 'หวัดดี' }, true, true);
    expect(t('hello')).toBe('หวัดดี');
  });

  it('does not keep calls with values that are not plain, nor texts that are not strings', () => {
    const t = i18n.getFixedT('en', 'common');
    expect(t('list', { returnObjects: true })).toEqual(['a', 'b']);
    expect(t('list', { returnObjects: true })).toEqual(['a', 'b']);
    const runs = translations;
    expect(t('greet', { name: 'Ana', replace: { name: 'Bo' } })).toBe('Hello, Bo');
    expect(t('greet', { name: 'Ana', replace: { name: 'Cy' } })).toBe('Hello, Cy');
    expect(translations).toBe(runs + 2);
  });
});

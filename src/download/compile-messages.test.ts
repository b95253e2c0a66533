import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestCore } from '../device/testing/test-core.ts';
import { downloadTranslators } from './test-support.ts';
import { compileMessageText, translateCompileMessage } from './compile-messages.ts';

const main = (body: string) => `to main\n${body}\nend\n`;

/** Programs that reach every message shape of the compiler (and filter). */
const BAD: [string, string][] = [
  ['to main\nbeep\n', '1.3'],
  [main('show :a'), '1.3'],
  [main('show foo'), '1.3'],
  [main('cloud record "x" 1'), '1.3'],
  [main('show 70000'), '1.3'],
  [
    `to main\nbeep\nend\nto p ${Array.from({ length: 300 }, (_, i) => `:a${i}`).join(' ')}\nbeep\nend\n`,
    '1.3',
  ],
  [main('talkto n70000'), '1.3'],
  [main(`show ${'('.repeat(300)}1${')'.repeat(300)}`), '1.3'],
  [main(`show "${'x'.repeat(300)}"`), '1.3'],
  [main(`forever [ ${'beep '.repeat(300)}]`), '1.2'],
  ['', '1.3'],
  [main('cloud record "2x" sensor1'), '2.1'],
  [main('public cloud record "a-b" 1'), '2.1'],
  [main(`forever [ ${'beep '.repeat(2100)}]`), '1.3'],
];

let translators: Record<string, TFunction>;
let messages: string[];

beforeAll(async () => {
  const core = await loadTestCore();
  messages = BAD.flatMap(([src, version]) => {
    const r = core.compileLogo(src, version);
    return r.ok ? [] : [r.error.message];
  });
  translators = await downloadTranslators();
});

describe('translateCompileMessage', () => {
  it('covers the compiler’s messages: English gives back the compiler’s own text', () => {
    expect(messages.length).toBe(BAD.length);
    const t = translators.en as TFunction;
    for (const m of messages) expect(compileMessageText(t, m)).toBe(m);
  });

  it('translates every one of them into Portuguese, Thai and Spanish', () => {
    for (const lng of ['pt-BR', 'th', 'es']) {
      const t = translators[lng] as TFunction;
      for (const m of messages) {
        const { text } = translateCompileMessage(t, m);
        expect(text, `${lng}: ${m}`).not.toBe(m.replace(/^Line \d+: /, ''));
        expect(text).not.toMatch(/\{\{/);
      }
    }
  });

  it('keeps the line apart and the quoted word in the translation', () => {
    const t = translators.th as TFunction;
    expect(translateCompileMessage(t, "Line 6: Syntax error at ':a'")).toEqual({
      line: 6,
      text: "ไวยากรณ์ผิดพลาดที่ ':a'",
    });
  });

  it('shows a message of unknown shape as it came', () => {
    const t = translators.es as TFunction;
    expect(translateCompileMessage(t, 'Line 2: Something new')).toEqual({
      line: 2,
      text: 'Something new',
    });
  });
});

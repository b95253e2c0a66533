import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import { EXAMPLES } from '../examples/example-programs.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

describe('project examples page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const page = (lang: string) => t.app.inject({ url: `${API_BASE_PATH}/examples/${lang}` });

  it.each([
    ['gb', 'en', 'Project examples', 'Blink forever'],
    ['br', 'pt-BR', 'Exemplos de projetos', 'Piscar sempre'],
    ['th', 'th', 'ตัวอย่างโปรเจกต์', 'กะพริบไม่หยุด'],
    ['es', 'es', 'Ejemplos de proyectos', 'Parpadear siempre'],
  ])('serves the %s page in its language', async (code, lang, title, example) => {
    const res = await page(code);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(`<html lang="${lang}">`);
    expect(res.body).toContain(`<title>${title}</title>`);
    expect(res.body).toContain(`<h2>${example}</h2>`);
    expect(res.body).toContain("type: 'loadProject'");
  });

  it('may be framed by any page, and says so only one way', async () => {
    const res = await page('gb');
    const policy = String(res.headers['content-security-policy']);
    expect(policy.split('; ')).toContain('frame-ancestors *');
    // X-Frame-Options SAMEORIGIN would forbid what frame-ancestors allows.
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('answers 400 for a language it does not have', async () => {
    expect((await page('fr')).statusCode).toBe(400);
  });

  it('embeds every example program intact and unbreakable by its text', async () => {
    const body = (await page('gb')).body;
    const json = /<script type="application\/json" id="examples">(.*?)<\/script>/s.exec(body)?.[1];
    const items = JSON.parse(json ?? '[]') as { id: string; code: string }[];
    expect(items.map((i) => i.id)).toEqual(EXAMPLES.map((e) => e.id));
    for (const [i, item] of items.entries()) expect(item.code).toBe(EXAMPLES[i]?.code);
    // '<' is escaped inside the script, so no program text can close it early.
    expect(json).not.toContain('<');
  });

  it('writes programs as balanced Blockly XML that starts at the start block', () => {
    for (const { code } of EXAMPLES) {
      expect(code).toMatch(/^<xml xmlns="https:\/\/developers\.google\.com\/blockly\/xml">/);
      expect(code).toContain('<block type="gogo_start"');
      const stack: string[] = [];
      for (const [, close, name, selfClose] of code.matchAll(/<(\/?)([a-z]+)[^>]*?(\/?)>/g)) {
        if (selfClose) continue;
        if (close) expect(stack.pop()).toBe(name);
        else stack.push(name ?? '');
      }
      expect(stack).toEqual([]);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { linkedSheets, splitCss } from './vite-split-css.ts';

describe('splitCss', () => {
  it('cuts only after top-level rules, and the parts join to the sheet again', () => {
    const css =
      '@charset "UTF-8";a{color:red}' +
      '@media (min-width:1px){b{color:blue}c{color:green}}' +
      '/* } not a brace */d::before{content:"}{"}' +
      "e{background:url('x}.svg')}f{content:'\\''}";
    const parts = splitCss(css, 10);
    expect(parts.join('')).toBe(css);
    expect(parts).toEqual([
      '@charset "UTF-8";a{color:red}',
      '@media (min-width:1px){b{color:blue}c{color:green}}',
      '/* } not a brace */d::before{content:"}{"}',
      "e{background:url('x}.svg')}",
      "f{content:'\\''}",
    ]);
  });

  it('keeps a sheet smaller than one part whole', () => {
    expect(splitCss('a{b:c}d{e:f}', 1000)).toEqual(['a{b:c}d{e:f}']);
  });

  it('makes parts of at least the size asked, never breaking a rule', () => {
    const rule = (n: number) => `.r${n}{margin:${n}px}`;
    const css = Array.from({ length: 500 }, (_, n) => rule(n)).join('');
    const parts = splitCss(css, 1000);
    expect(parts.length).toBeGreaterThan(5);
    expect(parts.join('')).toBe(css);
    for (const part of parts.slice(0, -1)) {
      expect(part.length).toBeGreaterThanOrEqual(1000);
      expect(part.length).toBeLessThan(1000 + rule(499).length);
    }
    for (const part of parts)
      expect(part).toMatch(/^\.r\d+\{margin:\d+px\}(\.r\d+\{margin:\d+px\})*$/);
  });
});

describe('linkedSheets', () => {
  it("lists the page's own style sheets in document order", () => {
    const page =
      '<link rel="icon" href="/app/favicon.svg">' +
      '<link rel="stylesheet" crossorigin href="/app/assets/libraries-1.css">' +
      '<link rel="modulepreload" href="/app/assets/x.js">' +
      '<link rel="stylesheet" href="https://cdn.example/other.css">' +
      '<link rel="stylesheet" crossorigin href="/app/assets/index-2.css">';
    expect(linkedSheets(page, '/app/')).toEqual(['assets/libraries-1.css', 'assets/index-2.css']);
  });
});

// A browser parses a style sheet in one main-thread task once it has downloaded: the
// start-up sheet of the libraries (Bootstrap, its icons, the Thai font; about 320 KB) took
// 40-60 ms on the 2-core machine, a long task of the first load. This build step cuts
// every sheet index.html links at top-level rule boundaries into parts of about
// PART_BYTES, linked in order, so each part parses in a short task of its own. Sheets
// apply in document order, so the parts cascade exactly as the one sheet did
// (docs/first-load.md).
import type { Plugin } from 'vite';
import { indexHtmlStep } from './vite-html-step.ts';

/** Parts of about this size parse in well under 50 ms. */
export const PART_BYTES = 64 * 1024;

/**
 * Splits `css` after top-level rules (outside every block, string and comment) into parts
 * of at least `size` characters each but the last; joined, the parts are `css` again.
 * Statements that must open a sheet (`@charset`, `@import`) keep the first part first.
 */
export function splitCss(css: string, size = PART_BYTES): string[] {
  const parts: string[] = [];
  let start = 0;
  let depth = 0;
  let i = 0;
  while (i < css.length) {
    const c = css[i];
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 2;
      continue;
    }
    if (c === '"' || c === "'") {
      i += 1;
      while (i < css.length && css[i] !== c) i += css[i] === '\\' ? 2 : 1;
      i += 1;
      continue;
    }
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === '{') depth += 1;
    if (c === '}') depth = Math.max(0, depth - 1);
    i += 1;
    if (c === '}' && depth === 0 && i - start >= size && i < css.length) {
      parts.push(css.slice(start, i));
      start = i;
    }
  }
  parts.push(css.slice(start));
  return parts;
}

/** The style sheets `page` links, as paths under `base`, in document order. */
export function linkedSheets(page: string, base: string): string[] {
  const links = page.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>/g);
  return [...links].flatMap(([, href = '']) =>
    href.startsWith(base) ? [href.slice(base.length)] : [],
  );
}

export function cssSplit(size = PART_BYTES): Plugin {
  return indexHtmlStep('gogo-css-split', (context, bundle, html, base) => {
    let page = String(html.source);
    const sheets = linkedSheets(page, base);
    if (sheets.length === 0) return context.error('css split: index.html links no style sheet');
    for (const fileName of sheets) {
      const sheet = bundle[fileName];
      if (sheet?.type !== 'asset') continue;
      const [first, ...rest] = splitCss(String(sheet.source), size);
      if (rest.length === 0) continue;
      sheet.source = first ?? '';
      const stem = fileName.replace(/^.*\//, '').replace(/-[\w-]+\.css$/, '');
      const links = rest.map((source, n) => {
        const ref = context.emitFile({ type: 'asset', name: `${stem}-${n + 2}.css`, source });
        return `<link rel="stylesheet" crossorigin href="${base}${context.getFileName(ref)}">`;
      });
      const href = `${base}${fileName}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const link = new RegExp(`<link rel="stylesheet"[^>]*href="${href}"[^>]*>`);
      const found = link.exec(page);
      if (!found) return context.error(`css split: index.html does not link ${fileName}`);
      page = page.replace(found[0], [found[0], ...links].join('\n    '));
    }
    html.source = page;
  });
}

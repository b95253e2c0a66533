// @vitest-environment jsdom
// DOMPurify needs a standards DOM to sanitise: happy-dom lets unsafe markup through, so this
// file runs on jsdom (installed with Blockly and Vitest).
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.ts';

describe('renderMarkdown', () => {
  it('renders headings, emphasis, lists and links', () => {
    const html = renderMarkdown(
      '# Robot\n\nA **fast** one:\n\n- wheels\n- [docs](https://gogoboard.org)',
    );
    expect(html).toContain('<h1>Robot</h1>');
    expect(html).toContain('<strong>fast</strong>');
    expect(html).toContain('<li>wheels</li>');
    expect(html).toContain(
      '<a href="https://gogoboard.org" target="_blank" rel="noopener noreferrer">docs</a>',
    );
  });

  it.each([
    ['a script tag', '<script>alert(1)</script>hi', '<script'],
    ['an event handler', '<img src="x" onerror="alert(1)">', 'onerror'],
    ['a javascript link', '[click](javascript:alert(1))', 'javascript:'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>', '<iframe'],
    ['a raw HTML link with script', '<a href="javascript:alert(1)">x</a>', 'javascript:'],
  ])('removes %s', (_what, markdown, forbidden) => {
    expect(renderMarkdown(markdown).toLowerCase()).not.toContain(forbidden);
  });
});

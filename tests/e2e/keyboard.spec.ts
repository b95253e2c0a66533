// Building, editing and downloading a program without a mouse (the Blockly keyboard
// navigation plugin), the Tab order with the virtual board connected, and the translated
// list of keys.
import type { Page } from '@playwright/test';
import { EditorPage } from './editor-page.ts';
import { expect, test } from './fixtures/board-link.ts';
import { text } from './locales.ts';

/** Where the keyboard focus is: a block (its type, and whether in the toolbox's flyout). */
function focused(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    const block = active?.closest('g.blocklyBlock');
    return {
      block: block ? (block.getAttribute('class') ?? '').split(' ')[0] : null,
      inFlyout: Boolean(active?.closest('.blocklyFlyout')),
      inWorkspace: Boolean(active?.closest('.blocks-host .blocklyWorkspace')),
      inToolbox: Boolean(active?.closest('.blocks-host .blocklyToolbox')),
      inBoardPanel: Boolean(active?.closest('[data-testid="sim-panel"]')),
      name: active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? '',
    };
  });
}

/** Presses `key` until the focus satisfies `done` (at most `limit` presses); the count. */
async function pressUntil(
  page: Page,
  key: string,
  done: (f: Awaited<ReturnType<typeof focused>>) => boolean,
  limit: number,
  seen: Awaited<ReturnType<typeof focused>>[] = [],
): Promise<number> {
  for (let presses = 1; presses <= limit; presses += 1) {
    await page.keyboard.press(key);
    const now = await focused(page);
    seen.push(now);
    if (done(now)) return presses;
  }
  throw new Error(`${key} never reached the wanted place in ${limit} presses`);
}

test('a program is built, edited, deleted from and downloaded with the keyboard alone', async ({
  page,
  board,
}) => {
  const editor = new EditorPage(page);
  await editor.open('/program');

  // Tab reaches the blocks; T opens the toolbox; arrows choose "wait", Enter takes it and
  // Enter drops it under the start block, where the workspace cursor was.
  await pressUntil(page, 'Tab', (f) => f.inWorkspace && !f.inFlyout, 40);
  await page.keyboard.press('t');
  await expect.poll(async () => (await focused(page)).inToolbox).toBe(true);
  await page.keyboard.press('ArrowRight');
  await pressUntil(page, 'ArrowDown', (f) => f.inFlyout && f.block === 'gogo_wait', 15);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await editor.expectGeneratedLogo('to main\nwait 10\nend');

  // Its time: arrows reach the number, Enter edits it.
  await pressUntil(page, 'ArrowRight', (f) => f.block === 'gogo_number', 4);
  await page.keyboard.press('Enter');
  await expect(page.locator('input.blocklyHtmlInput')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('5');
  await page.keyboard.press('Enter');
  await editor.expectGeneratedLogo('to main\nwait 5\nend');

  // The block is chosen and deleted; Ctrl+Z brings it back.
  await pressUntil(page, 'ArrowLeft', (f) => f.block === 'gogo_wait', 4);
  await page.keyboard.press('Delete');
  await editor.expectGeneratedLogo('to main\nstop\nend');
  await page.keyboard.press('ControlOrMeta+z');
  await editor.expectGeneratedLogo('to main\nwait 5\nend');

  // With the virtual board connected, Tab from the top of the page passes the toolbar and
  // reaches the blocks before any control of the board's panel.
  await board.connectVirtual();
  await board.expectBoard('GoGo Board 7', '1.0.42');
  await board.closeDialog();
  await expect(page.getByTestId('sim-panel')).toBeVisible();
  await page.locator('body').focus();
  const stops: Awaited<ReturnType<typeof focused>>[] = [];
  await pressUntil(page, 'Tab', (f) => f.inWorkspace && !f.inFlyout, 40, stops);
  expect(stops.filter((f) => f.inBoardPanel)).toEqual([]);

  // Download is a few Shift+Tabs back; Enter sends the program to the board.
  const download = text('en', 'editor:toolbar.download');
  await pressUntil(page, 'Shift+Tab', (f) => f.name === download, 12);
  await page.keyboard.press('Enter');
  await expect(editor.toast(text('en', 'download:success'))).toBeVisible();
  await expect(board.sim().getByTestId('sim-program')).toContainText('stopped');
});

test('the keyboard shortcuts are listed in the interface language', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'th'));
  const editor = new EditorPage(page);
  await editor.open('/program');
  const help = page.getByRole('dialog', { name: text('th', 'editor:keyboard.title') });

  // The icon button's tooltip (no browser title): 50 ms after the pointer rests on it, in
  // Thai with the shipped font; at once on keyboard focus; Escape hides it.
  const button = page.getByRole('button', { name: text('th', 'editor:keyboard.title') });
  const tooltip = page.getByRole('tooltip');
  await expect(button).not.toHaveAttribute('title');
  await button.evaluate((el) => {
    const times: number[] = [];
    (window as unknown as { tooltipTimes: number[] }).tooltipTimes = times;
    el.addEventListener('pointerenter', () => times.push(performance.now()), { once: true });
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[role="tooltip"]')) return;
      times.push(performance.now());
      observer.disconnect();
    }).observe(document.body, { childList: true });
  });
  await button.hover();
  await expect(tooltip).toHaveText(text('th', 'editor:keyboard.title'));
  const [entered = 0, shown = 0] = await page.evaluate(
    () => (window as unknown as { tooltipTimes: number[] }).tooltipTimes,
  );
  expect(shown - entered).toBeGreaterThanOrEqual(49);
  expect(shown - entered).toBeLessThan(400);
  await expect(button).toHaveAttribute(
    'aria-describedby',
    (await tooltip.getAttribute('id')) ?? '-',
  );
  await expect(tooltip).toHaveCSS('font-family', /^"Noto Sans Thai"/);
  await expect(tooltip).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: 'test-results/tooltip/keyboard-button-th.png' });
  await page.mouse.move(0, 400);
  await expect(tooltip).toHaveCount(0);
  await button.focus();
  await expect(tooltip).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tooltip).toHaveCount(0);
  await expect(button).toBeFocused();

  // The toolbar button opens the list; Escape closes it.
  await page.keyboard.press('Enter');
  await expect(help).toBeVisible();
  await expect(help).toContainText(text('th', 'editor:keyboard.toolbox'));
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // In the workspace, / opens it too.
  await pressUntil(page, 'Tab', (f) => f.inWorkspace && !f.inFlyout, 12);
  await page.keyboard.press('/');
  await expect(help).toBeVisible();
});

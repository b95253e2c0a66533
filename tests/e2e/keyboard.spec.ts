// Building a program without a mouse: Tab reaches the block workspace, T opens the toolbox,
// arrows choose a block, Enter places it and Enter again drops it into the program.
import { expect, test } from '@playwright/test';
import { EditorPage } from './editor-page.ts';

test('a block is added to the program with the keyboard alone', async ({ page }) => {
  const editor = new EditorPage(page);
  await editor.open('/program');
  await expect(editor.workspaceBlock('gogo_start')).toBeVisible();
  const blocks = page.locator('.blocks-host .blocklyBlockCanvas .blocklyDraggable');
  const before = await blocks.count();

  const inWorkspace = () =>
    page.evaluate(() => document.activeElement?.closest('.blocks-host') !== null);
  let stops = 0;
  while (!(await inWorkspace()) && stops < 30) {
    await page.keyboard.press('Tab');
    stops += 1;
  }
  expect(await inWorkspace()).toBe(true);

  await page.keyboard.press('t');
  await expect(page.locator('.blocks-host .blocklyFlyout').first()).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(blocks).toHaveCount(before + 1);
});

// The program editor on a phone-sized screen (390 × 844) with the virtual board in use: the
// program controls stay reachable, the workspace keeps the screen's width, the virtual board
// and the Logo sit in a sheet under it.
import { EditorPage } from './editor-page.ts';
import { expect, test } from './fixtures/board-link.ts';
import { text } from './locales.ts';

const t = (ref: string) => text('en', ref);

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone the editor keeps Download, Run, Stop and a full-width workspace beside the virtual board', async ({
  page,
  board,
}) => {
  const editor = new EditorPage(page);
  await editor.open('/program');
  await board.connectVirtualBoard7();
  await expect(board.sim()).toBeVisible();

  for (const name of ['editor:toolbar.download', 'editor:toolbar.run', 'editor:toolbar.stop']) {
    const button = page.getByRole('button', { name: t(name), exact: true });
    // A trial click fails when something else would receive the click.
    await button.click({ trial: true });
  }

  const workspace = await page.locator('.blocks-host .blocklySvg').first().boundingBox();
  const toolbox = await page.locator('.blocks-host .blocklyToolbox').first().boundingBox();
  const sheet = await board.sim().boundingBox();
  expect(workspace?.width).toBeGreaterThanOrEqual(380);
  expect(workspace?.height).toBeGreaterThanOrEqual(250);
  expect(toolbox?.width).toBeGreaterThanOrEqual(60);
  // The sheet is under the workspace, not over it.
  expect(sheet && workspace ? sheet.y : 0).toBeGreaterThanOrEqual(
    (workspace?.y ?? 0) + (workspace?.height ?? 0) - 1,
  );
  // The page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

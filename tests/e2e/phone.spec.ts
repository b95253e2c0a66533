// The program editor on a phone-sized screen (390 × 844) with the virtual board in use: the
// program controls stay reachable, the workspace keeps the screen's width, the virtual board
// and the Logo sit in a sheet under it.
import type { Page } from '@playwright/test';
import { signUpWithEmail, unique } from './app.ts';
import { ClassroomApp } from './classroom-page.ts';
import { EditorPage } from './editor-page.ts';
import { expect, test } from './fixtures/board-link.ts';
import { text } from './locales.ts';
import { layoutProblems, topBarProblems } from './phone-fit.ts';

const t = (ref: string) => text('en', ref);

/** The interface languages, by the name the language menu gives each. */
const LANGUAGES = [
  ['en', 'English'],
  ['pt-BR', 'Português (Brasil)'],
  ['th', 'ไทย'],
  ['es', 'Español'],
] as const;

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

  // A toast (the download's) sits above the widget area, not over the board's motors.
  await page.getByRole('button', { name: t('editor:toolbar.download'), exact: true }).click();
  const toast = page.getByTestId('toast-success');
  await expect(toast).toBeVisible();
  const shown = await toast.boundingBox();
  const panel = await page.getByTestId('logo-panel').boundingBox();
  expect(shown && panel ? shown.y + shown.height : Infinity).toBeLessThanOrEqual(panel?.y ?? 0);
});

/**
 * The top bar as it is now: it fits (two rows at most, nothing cut or on top of another
 * control), and Tab goes through its controls in the order they are seen.
 */
async function expectTopBarFits(page: Page, shot: string): Promise<void> {
  await page.screenshot({ path: shot });
  expect.soft(await topBarProblems(page), shot).toEqual([]);
  const bar = page.locator('header.app-navbar');
  expect.soft((await bar.boundingBox())?.height, `${shot}: two rows`).toBeLessThanOrEqual(110);
  const count = await bar.locator(':is(button, a[href], input):visible').count();
  // From the first control, the sidebar's switch.
  await page.locator('[aria-controls="app-sidebar"]').focus();
  let last = { x: -1, y: -1 };
  for (let i = 1; i < count; i++) {
    await page.keyboard.press('Tab');
    const at = await page.evaluate(() => {
      const el = document.activeElement;
      const r = el?.getBoundingClientRect();
      return el?.closest('header.app-navbar') && r ? { x: r.x, y: r.y } : null;
    });
    expect.soft(at, `${shot}: Tab ${i} stays in the top bar`).not.toBeNull();
    if (!at) break;
    // Later in the same row, or in a lower row.
    const inOrder = at.y > last.y + 8 || (Math.abs(at.y - last.y) <= 8 && at.x > last.x);
    expect.soft(inOrder, `${shot}: Tab ${i} goes on in reading order`).toBe(true);
    last = at;
  }
}

/** The start block is whole on screen, beside the toolbox and under no workspace control. */
async function expectStartBlockClear(page: Page, editor: EditorPage): Promise<void> {
  const start = await editor.workspaceBlock('gogo_start').first().boundingBox();
  const toolbox = await page.locator('.blocks-host .blocklyToolbox').first().boundingBox();
  const svg = await page.locator('.blocks-host .blocklySvg').first().boundingBox();
  if (!start || !toolbox || !svg) throw new Error('the workspace is not on screen');
  expect.soft(start.x).toBeGreaterThanOrEqual(toolbox.x + toolbox.width);
  expect.soft(start.x + start.width).toBeLessThanOrEqual(svg.x + svg.width - 10);
  // A control's clipped sprite measures larger than it looks: ask what is on top instead.
  const covered = await page.evaluate((b) => {
    const hits: string[] = [];
    for (let i = 0; i <= 4; i++) {
      for (let j = 0; j <= 2; j++) {
        const x = b.x + 2 + ((b.width - 4) * i) / 4;
        const y = b.y + 2 + ((b.height - 4) * j) / 2;
        const on = document.elementFromPoint(x, y)?.closest('.blocklyZoom, .blocklyTrash');
        if (on) hits.push(`${Math.round(x)},${Math.round(y)}`);
      }
    }
    return hits;
  }, start);
  expect.soft(covered, 'a zoom control or the trashcan covers the start block').toEqual([]);
}

/** Checks the page as it is now and keeps a screenshot of it for review (test-results/). */
async function expectFits(page: Page, shot: string): Promise<void> {
  await page.screenshot({ path: `test-results/phone/${shot}.png` });
  expect.soft(await layoutProblems(page), shot).toEqual([]);
}

test('at 390 × 844 the editor, its menus and dialogs, the data log and the classroom fit the window', async ({
  page,
  board,
}, testInfo) => {
  test.setTimeout(240_000);
  const editor = new EditorPage(page);
  const app = editor.app;
  await editor.open('/program');
  await expectFits(page, 'editor');
  await board.connectVirtualBoard7();
  await expect(board.sim()).toBeVisible();
  await expectFits(page, 'editor-board');
  await expectStartBlockClear(page, editor);

  const menu = await app.openHamburgerMenu();
  await expect(menu).toBeVisible();
  await expectFits(page, 'project-menu');
  await page.keyboard.press('Escape');

  await board.openDialog();
  await expectFits(page, 'connect-dialog');
  await board.closeDialog();

  await page.getByRole('button', { name: t('shell:share.button'), exact: true }).click();
  const share = page.getByRole('dialog', { name: t('project:share.title') });
  await expect(share).toBeVisible();
  await expectFits(page, 'share-dialog');
  await share
    .getByRole('button', { name: t('shell:close') })
    .last()
    .click();

  await board.fillDatalog(20_000);
  await page.goto('/#/datalog/offline');
  await page.getByTestId('datalog-read').click();
  await expect(page.getByTestId('datalog-large')).toBeVisible({ timeout: 60_000 });
  await expectFits(page, 'datalog-large');
  await page.getByTestId('datalog-continue').click();
  await expect(page.getByTestId('datalog-chart')).toBeVisible();
  await expectFits(page, 'datalog-offline');
  await page.goto('/#/datalog/public');
  await expectFits(page, 'datalog-public');

  await signUpWithEmail(page, 'Phone Teacher');
  const classroom = new ClassroomApp(page);
  const uuid = await classroom.createClass(`Phone class ${unique()}`, 'A class seen on a phone.');
  await expectFits(page, 'class-overview');
  for (const tab of ['people', 'gradebook', 'access-code']) {
    await classroom.openClass(uuid, tab);
    await expect(classroom.heading()).toBeVisible();
    await expectFits(page, `class-${tab}`);
  }
  await classroom.open('/classroom/class');
  await expectFits(page, 'class-list');

  // The top bar in each language (Thai and Spanish have the longest words), signed in and
  // with the virtual board in use: the most it ever holds.
  await editor.open('/program');
  await expect(board.button).toHaveText(/GoGo Board 7/);
  for (const [lang, name] of LANGUAGES) {
    await app.chooseLanguage(name);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expectTopBarFits(page, testInfo.outputPath(`top-bar-${lang}.png`));
  }
});

// Extensions end to end, in Chromium against the real stack: a maker publishes two
// procedures as an extension; another user finds it by search, adds it, sees its toolbox
// category in English and Portuguese, builds a program from its blocks, downloads it to
// the virtual board and sees it run; the maker edits the code in extension-edit mode and
// saves; archiving hides it from the list; a second extension of the same name is refused.
import { expect, test, type Page } from '@playwright/test';
import { EditorPage } from './editor-page.ts';
import { BoardLink } from './fixtures/board-link.ts';
import { text } from './locales.ts';
import { openLogoProgram } from './programs.ts';
import { freshApp, ProjectsApp, unique } from './projects-page.ts';

const t = (ref: string) => text('en', ref);

// Two procedures: a command with an input and a reporter. The start block tries them.
const MAKER_LOGO = [
  'to main',
  'lamp_on 1',
  'end',
  '',
  'to lamp_on :level',
  'ledon',
  'show level',
  'end',
  '',
  'to doubled :n',
  'output n * 2',
  'end',
  '',
].join('\n');

async function openMenuItem(page: Page, name: string): Promise<void> {
  await page.getByTestId('hamburger-menu').click();
  await page.getByTestId('hamburger-items').getByRole('button', { name, exact: true }).click();
}

function dialog(page: Page, title: string) {
  return page.getByRole('dialog', { name: title });
}

test.describe('Extensions', () => {
  test('publish, find, add, use in two languages, run, edit, archive; a taken name is refused', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const tag = unique();
    const name = `Lamp kit ${tag}`;

    // The maker writes two procedures and publishes them.
    const maker = new ProjectsApp(page);
    await maker.signUp('Mia Maker');
    const makerEditor = new EditorPage(page);
    await makerEditor.open('/program');
    await openLogoProgram(makerEditor, MAKER_LOGO);
    await makerEditor.switchTo('blocks');
    await makerEditor.confirm();
    await expect(makerEditor.workspaceBlock('procedures_defreturn')).toBeVisible();

    await openMenuItem(page, t('shell:menu.items.publishExtension'));
    const publish = dialog(page, t('extensions:dialog.title.publish'));
    await expect(publish).toBeVisible();
    await publish.getByLabel(t('extensions:dialog.name')).fill(name);
    await publish.getByLabel(t('extensions:dialog.shortDescription')).fill('Turns a lamp on');
    await publish
      .getByLabel(t('extensions:dialog.firmwareCore'))
      .fill('https://example.com/core.hex');
    await publish.getByLabel(t('extensions:dialog.category')).fill('Lamp kit');
    await publish
      .getByLabel(t('extensions:dialog.blockLabel').replace('{{procedure}}', 'lamp_on'))
      .fill('lamp on at');
    await publish.getByRole('tab', { name: 'Português (Brasil)' }).click();
    await publish.getByLabel(t('extensions:dialog.category')).fill('Kit lâmpada');
    await publish
      .getByLabel(t('extensions:dialog.blockLabel').replace('{{procedure}}', 'lamp_on'))
      .fill('acender lâmpada em');
    await publish.getByRole('button', { name: t('extensions:dialog.confirm.publish') }).click();
    await expect.poll(() => maker.path()).toMatch(/^\/extensions\/[0-9a-f-]{36}$/);
    const uuid = maker.path().slice('/extensions/'.length);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
    await expect(page.getByTestId('extension-blocks')).toContainText('lamp on at');

    // Publishing again under the same name is refused, and nothing typed is lost.
    await makerEditor.open('/program');
    await openMenuItem(page, t('shell:menu.items.publishExtension'));
    await publish.getByLabel(t('extensions:dialog.name')).fill(name.toUpperCase());
    await publish.getByRole('button', { name: t('extensions:dialog.confirm.publish') }).click();
    await expect(
      page.getByTestId('toast-warning').filter({ hasText: 'Library name exists' }),
    ).toBeVisible();
    await expect(publish.getByLabel(t('extensions:dialog.name'))).toHaveValue(name.toUpperCase());
    await publish.getByRole('button', { name: t('extensions:dialog.cancel') }).click();
    await expect(publish).toBeHidden();

    // Another user finds it by search and adds it.
    const user = await freshApp(browser, baseURL);
    const userPage = user.page;
    await user.signUp('Uma User');
    await user.open('/extensions');
    await userPage.getByRole('button', { name: t('extensions:tabs.community') }).click();
    await userPage.getByLabel(t('extensions:search')).fill(tag);
    const card = userPage.getByTestId('extension-card').filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('by Mia Maker');
    await card.getByRole('button', { name: t('extensions:add') }).click();
    await expect(card.getByRole('button', { name: t('extensions:remove') })).toBeVisible();

    // Its category is in the toolbox, in English and in Portuguese.
    const editor = new EditorPage(userPage);
    await editor.open('/program');
    const category = (label: string) =>
      editor.workspace().getByRole('treeitem', { name: label, exact: true });
    await expect(category('Lamp kit')).toBeVisible();
    await user.chooseLanguage('Português (Brasil)');
    await expect(category('Kit lâmpada')).toBeVisible();
    await editor.openCategory('Kit lâmpada');
    await expect(editor.flyoutBlock('gogo_ext_command')).toContainText('acender lâmpada em');
    await user.chooseLanguage('English');
    await expect(category('Lamp kit')).toBeVisible();

    // A program from its blocks: lamp on at (doubled 21).
    const start = editor.workspaceBlock('gogo_start');
    await editor.addBlock('Lamp kit', 'gogo_ext_command', { into: start, label: 0 });
    const command = editor.workspaceBlock('gogo_ext_command');
    await editor.addBlock('Lamp kit', 'gogo_ext_reporter', {
      onto: command.locator('> g.gogo_number').first(),
    });
    await editor.setField(
      editor.workspaceBlock('gogo_ext_reporter').locator('> g.gogo_number'),
      '21',
    );
    await editor.expectGeneratedLogo('to main\nlamp_on (doubled 21)\nend\n');

    // Downloaded to the virtual board, it runs: the lamp is on and the display shows 42.
    const board = new BoardLink(userPage);
    await board.connectVirtual();
    await board.closeDialog();
    await userPage.getByRole('button', { name: t('editor:toolbar.download'), exact: true }).click();
    await expect(editor.toast(t('download:success'))).toBeVisible();
    await userPage.getByRole('button', { name: t('editor:toolbar.run'), exact: true }).click();
    await expect(board.sim().getByTestId('sim-display')).toContainText('42');
    await expect(board.sim().getByTestId('sim-led-0')).toHaveAttribute('data-on', 'true');

    // The maker edits the code in extension-edit mode and saves it.
    await maker.open(`/extensions/${uuid}`);
    await page.getByRole('link', { name: t('extensions:editCode') }).click();
    await maker.expectPath(`/extension/${uuid}`);
    await expect(page.getByTestId('extension-name')).toHaveText(name);
    const items = await maker.openHamburgerMenu();
    await expect(items.getByRole('button')).toHaveText([
      t('shell:menu.items.saveExtension'),
      t('shell:menu.items.cancelExtension'),
      t('shell:menu.items.importFromFile'),
      t('shell:menu.items.saveAsFile'),
    ]);
    await page.keyboard.press('Escape');
    // The reporter now triples: edited as Logo text, then back to blocks.
    await makerEditor.switchTo('logo');
    await makerEditor.logoEditor().locator('.cm-content').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText(MAKER_LOGO.replace('output n * 2', 'output n * 3'));
    await makerEditor.switchTo('blocks');
    await makerEditor.confirm();
    await expect(makerEditor.workspaceBlock('procedures_defreturn')).toBeVisible();
    await page.getByRole('button', { name: t('shell:projectName.saveExtension') }).click();
    await expect(makerEditor.toast('version 2')).toBeVisible();
    await openMenuItem(page, t('shell:menu.items.cancelExtension'));
    await maker.expectPath(`/extensions/${uuid}`);
    await expect(page.getByTestId('extension-version')).toHaveText('2');

    // The user who added it has a message about the update; it opens the extension.
    await userPage.reload();
    await expect(userPage.getByTestId('messages-unread')).toHaveText('1');
    await userPage.getByTestId('messages-menu').click();
    const update = userPage
      .getByTestId('messages-list')
      .getByRole('button', { name: new RegExp(`${name}.*version 2`) });
    await expect(update).toHaveAttribute('data-read', 'false');
    await update.click();
    await user.expectPath(`/extensions/${uuid}`);
    await expect(userPage.getByTestId('messages-unread')).toHaveCount(0);

    // Archived, it no longer shows in the list.
    await page.getByRole('button', { name: t('extensions:archive'), exact: true }).click();
    await expect(page.getByText(t('extensions:archived'), { exact: true })).toBeVisible();
    await userPage.goto(`/#/extensions?type=community&q=${tag}`);
    await expect(userPage.getByText(t('extensions:empty.community'))).toBeVisible();
    await expect(userPage.getByTestId('extension-card')).toHaveCount(0);
    await userPage.context().close();
  });
});

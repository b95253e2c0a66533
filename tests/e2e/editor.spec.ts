// The program editor in a real browser: blocks built with the mouse, Logo text mode, local
// files, New Project.
import { expect, test, type Page } from '@playwright/test';
import { EditorPage } from './editor-page.ts';
import { text } from './locales.ts';
import { buildSensorMotorProgram } from './programs.ts';

const t = (ref: string) => text('en', ref);

test.describe('Program editor', () => {
  test('builds forever [ if sensor1 > 500 [ a, on ] ] from blocks and shows its Logo', async ({
    page,
  }) => {
    const editor = new EditorPage(page);
    await editor.open('/program');
    await buildSensorMotorProgram(editor);

    // Edited blocks are unsaved changes: leaving asks first.
    const dialog = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const shown = await dialog;
    expect(shown.type()).toBe('beforeunload');
    await shown.accept();
  });

  test('an if without a condition is warned about on the block and in the Logo panel', async ({
    page,
  }) => {
    const editor = new EditorPage(page);
    await editor.open('/program');
    const start = editor.workspaceBlock('gogo_start');
    await editor.addBlock(t('blocks:category.control'), 'gogo_if', { into: start, label: 1 });
    const ifBlock = editor.workspaceBlock('gogo_if');
    await editor.addBlock(t('blocks:category.sound'), 'gogo_beep', { into: ifBlock });

    const warning = ifBlock.locator('.blocklyWarningIcon');
    const notice = page.getByTestId('logo-incomplete');
    await expect(warning).toHaveCount(1);
    await expect(notice).toHaveText(
      `${t('editor:incomplete.notice_one').replace('{{count}}', '1')} ${t('editor:incomplete.show')}`,
    );
    await warning.click();
    // The bubble wraps the warning onto several lines.
    const bubble = editor.workspace().locator('svg.blocklySvg .blocklyBubbleCanvas').first();
    const squeezed = (text: string | null) => (text ?? '').replace(/\s/g, '');
    await expect
      .poll(async () => squeezed(await bubble.textContent()))
      .toBe(squeezed(t('editor:incomplete.noCondition').replace('{{block}}', 'if')));
    await notice.getByRole('button', { name: t('editor:incomplete.show') }).click();
    await expect(ifBlock).toHaveClass(/blocklySelected/);

    await editor.addBlock(t('blocks:category.sensors'), 'gogo_switch', { rightOf: ifBlock });
    await expect(warning).toHaveCount(0);
    await expect(notice).toBeHidden();
    await editor.expectGeneratedLogo('to main\nif switch1 [ beep ]\nend\n');
  });

  test('a block dropped on the trashcan leaves the program and waits in the trashcan', async ({
    page,
  }) => {
    const editor = new EditorPage(page);
    await editor.open('/program');
    await editor.addBlock(t('blocks:category.sound'), 'gogo_beep', { at: { x: 320, y: 260 } });
    const beep = editor.workspaceBlock('gogo_beep');
    await expect(beep).toHaveCount(1);

    const trashcan = editor.workspace().locator('g.blocklyTrash');
    const from = await beep.boundingBox();
    const to = await trashcan.boundingBox();
    if (!from || !to) throw new Error('the block or the trashcan is not on screen');
    await page.mouse.move(from.x + 10, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 40, from.y + 40, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect(beep).toHaveCount(0);

    await trashcan.click();
    const kept = editor.workspace().locator('svg.blocklyTrashcanFlyout g.gogo_beep');
    await expect(kept).toBeVisible();
  });

  test('the toolbox follows the board chosen for display', async ({ page }) => {
    const editor = new EditorPage(page);
    const raspberry = editor.workspace().getByRole('treeitem', {
      name: t('blocks:category.raspberry'),
    });
    await editor.open('/program'); // GoGo 7, the default board
    await expect(
      editor.workspace().getByRole('treeitem', { name: t('blocks:category.motors') }),
    ).toBeVisible();
    await expect(raspberry).toHaveCount(0);
    await editor.addBlock(t('blocks:category.sensors'), 'gogo_sensor', { at: { x: 300, y: 300 } });
    await editor.chooseOption(
      editor.workspaceBlock('gogo_sensor').locator('> g.blocklyField'),
      '4',
    );
    await expect(page.locator('.blocklyDropDownDiv')).toBeHidden();

    await page.evaluate(() => localStorage.setItem('displayBoard', '2')); // Pi-topping
    await page.reload();
    await expect(raspberry).toBeVisible();
    // The program survives the reload; its sensor block now offers the Pi-topping's ports.
    await expect(editor.workspaceBlock('gogo_sensor')).toHaveCount(1);
    await editor.workspaceBlock('gogo_sensor').locator('> g.blocklyField').click();
    await expect(page.locator('.blocklyDropDownDiv').getByRole('option')).toHaveText([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
    ]);
  });
});

const NS = 'https://developers.google.com/blockly/xml';
const num = (n: number) => `<shadow type="gogo_number"><field name="NUM">${n}</field></shadow>`;
/** repeat 3 [ beep wait 5 ], as a plain workspace file. */
const REPEAT_PROGRAM = `<xml xmlns="${NS}"><block type="gogo_start" x="40" y="40"><statement name="DO"><block type="gogo_repeat"><value name="TIMES">${num(3)}</value><statement name="DO"><block type="gogo_beep"><next><block type="gogo_wait"><value name="TIME">${num(5)}</value></block></next></block></statement></block></statement></block></xml>`;
const REPEAT_LOGO = 'to main\nrepeat 3 [ beep wait 5 ]\nend\n';

/** Opens the editor with the repeat program from a file. */
async function openRepeatProgram(page: Page): Promise<EditorPage> {
  const editor = new EditorPage(page);
  await editor.open('/program');
  await editor.chooseFileFrom('openFromFile', 'repeat.xml', REPEAT_PROGRAM);
  await editor.expectGeneratedLogo(REPEAT_LOGO);
  return editor;
}

/** Opens the repeat program, shows it as Logo text and types `words` at the end of line 2. */
async function typeAfterRepeat(page: Page, words: string): Promise<EditorPage> {
  const editor = await openRepeatProgram(page);
  await editor.switchTo('logo');
  await expect.poll(() => editor.logoText()).toBe(REPEAT_LOGO);
  await editor.logoEditor().locator('.cm-line').nth(1).click();
  await page.keyboard.press('End');
  await page.keyboard.type(words);
  return editor;
}

test.describe('Program editor files', () => {
  test('Save as a file then Open from file brings back the blocks, the Logo and the name', async ({
    page,
  }) => {
    const editor = await openRepeatProgram(page);
    await editor.app.projectName().fill('Beep three times');

    const saved = await editor.saveAsFile();
    expect(saved.name).toBe('Beep three times.gogo.xml');
    expect(saved.text).toContain('<program_mode>blocks</program_mode>');
    expect(saved.text).toContain('<logo_code>to main\nrepeat 3 [ beep wait 5 ]\nend\n</logo_code>');

    await editor.menuItem(t('shell:menu.items.newProject'));
    await expect(editor.app.projectName()).toHaveValue('');
    await editor.expectGeneratedLogo('to main\nstop\nend\n');
    await expect(editor.workspaceBlock('gogo_repeat')).toHaveCount(0);

    await editor.chooseFileFrom('openFromFile', saved.name, saved.text);
    await expect(editor.app.projectName()).toHaveValue('Beep three times');
    await editor.expectGeneratedLogo(REPEAT_LOGO);
    await expect(editor.workspaceBlock('gogo_repeat')).toHaveCount(1);
    await expect(editor.workspaceBlock('gogo_beep')).toHaveCount(1);

    // A program just opened has no unsaved changes: New Project asks nothing.
    await editor.menuItem(t('shell:menu.items.newProject'));
    await expect(editor.app.projectName()).toHaveValue('');
    await expect(editor.confirmDialog()).toHaveCount(0);
  });

  test('a bad file shows why it cannot be opened and changes nothing', async ({ page }) => {
    const editor = await openRepeatProgram(page);

    await editor.chooseFileFrom('openFromFile', 'notes.txt', 'shopping list: milk, eggs');
    await expect(editor.toast(t('editor:file.errors.notXml'))).toBeVisible();
    await expect(editor.toast(t('editor:file.unableToOpen'))).toBeVisible();

    await editor.chooseFileFrom(
      'openFromFile',
      'alien.xml',
      `<xml xmlns="${NS}"><block type="alien_block" x="0" y="0"></block></xml>`,
    );
    await expect(editor.toast(t('editor:file.errors.blocks'))).toBeVisible();
    await editor.expectGeneratedLogo(REPEAT_LOGO);
    await expect(editor.workspaceBlock('gogo_repeat')).toHaveCount(1);
  });

  test('Import from file adds the file’s blocks to the program', async ({ page }) => {
    const editor = await openRepeatProgram(page);
    await editor.chooseFileFrom(
      'importFromFile',
      'led.xml',
      `<xml xmlns="${NS}"><block type="gogo_start" x="0" y="0"><statement name="DO"><block type="gogo_led"><field name="STATE">ledon</field></block></statement></block></xml>`,
    );
    await expect(editor.toast(t('editor:file.imported'))).toBeVisible();
    await editor.expectGeneratedLogo('to main\nrepeat 3 [ beep wait 5 ]\nledon\nend\n');
  });

  test('New Project with unsaved changes asks first and keeps the program on Cancel', async ({
    page,
  }) => {
    const editor = await openRepeatProgram(page);
    await editor.app.projectName().fill('My robot'); // an edit: the program has changed

    await editor.menuItem(t('shell:menu.items.newProject'));
    await expect(editor.confirmDialog()).toContainText(t('editor:file.confirmReplace'));
    await editor
      .confirmDialog()
      .getByRole('button', { name: t('shell:confirm.cancel') })
      .click();
    await expect(editor.app.projectName()).toHaveValue('My robot');
    await editor.expectGeneratedLogo(REPEAT_LOGO);

    await editor.menuItem(t('shell:menu.items.newProject'));
    await editor.confirm();
    await expect(editor.app.projectName()).toHaveValue('');
    await editor.expectGeneratedLogo('to main\nstop\nend\n');
  });
});

test.describe('Program editor load', () => {
  test('the editor’s style sheet is fetched once: the early preload is the request used', async ({
    page,
  }) => {
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    const editor = new EditorPage(page);
    await editor.open('/program');
    await page.waitForLoadState('networkidle');
    const fetches = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((name) => /\/assets\/EditorPage-[\w-]+\.css$/.test(name)),
    );
    expect(fetches).toHaveLength(1);
    expect(warnings.filter((w) => /preload/i.test(w))).toEqual([]);
  });
});

test.describe('Program editor Logo text', () => {
  test('switching to Logo text and back keeps the program', async ({ page }) => {
    const editor = await openRepeatProgram(page);

    await editor.switchTo('logo');
    await expect(editor.logoEditor()).toBeVisible();
    await expect.poll(() => editor.logoText()).toBe(REPEAT_LOGO);
    await expect(editor.modeButton('logo')).toHaveAttribute('aria-pressed', 'true');

    await editor.switchTo('blocks');
    await expect(editor.workspaceBlock('gogo_repeat')).toBeVisible();
    await expect(editor.workspaceBlock('gogo_wait')).toHaveCount(1);
    await editor.expectGeneratedLogo(REPEAT_LOGO);
  });

  test('Tab leaves the Logo text; it indents only after the user turns that on, and then Esc, Tab leaves', async ({
    page,
  }) => {
    const editor = await openRepeatProgram(page);
    await editor.switchTo('logo');
    const content = editor.logoEditor().locator('.cm-content');
    const hint = page.getByTestId('logo-tab-hint');
    const toggle = page.getByRole('switch', { name: t('editor:logo.tab.switch') });
    await expect(hint).toHaveText(t('editor:logo.tab.moves').replace('{{keys}}', 'Ctrl+M'));
    // The editor's text area says how Tab works to a screen reader too.
    await expect(content).toHaveAccessibleDescription(await hint.innerText());

    await editor.logoEditor().locator('.cm-line').nth(1).click();
    await page.keyboard.press('Home');
    await page.keyboard.press('Tab');
    await expect(content).not.toBeFocused();
    await expect.poll(() => editor.logoText()).toBe(REPEAT_LOGO);

    // Ctrl+M (CodeMirror's key) makes Tab indent; the hint and the switch follow.
    await editor.logoEditor().locator('.cm-line').nth(1).click();
    await page.keyboard.press('Home');
    await page.keyboard.press('Control+m');
    await expect(toggle).toBeChecked();
    await expect(hint).toHaveText(t('editor:logo.tab.indents').replace('{{keys}}', 'Ctrl+M'));
    await page.keyboard.press('Tab');
    await expect(content).toBeFocused();
    await expect
      .poll(() => editor.logoText())
      .toBe(`to main\n  ${REPEAT_LOGO.split('\n')[1]}\nend\n`);
    // Esc, then Tab: out of the editor, nothing typed.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await expect(content).not.toBeFocused();
    await expect
      .poll(() => editor.logoText())
      .toBe(`to main\n  ${REPEAT_LOGO.split('\n')[1]}\nend\n`);

    // The choice is kept; the switch turns it off again.
    await page.reload();
    await expect(editor.logoEditor()).toBeVisible();
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(hint).toHaveText(t('editor:logo.tab.moves').replace('{{keys}}', 'Ctrl+M'));
  });

  test('edited Logo text that blocks can show becomes blocks again, after a question', async ({
    page,
  }) => {
    const editor = await typeAfterRepeat(page, ' beep');

    await editor.switchTo('blocks');
    await expect(editor.confirmDialog()).toContainText(t('editor:logo.confirmConvert'));
    await editor.confirm();
    await expect(editor.workspaceBlock('gogo_repeat')).toBeVisible();
    await expect(editor.workspaceBlock('gogo_beep')).toHaveCount(2);
    await editor.expectGeneratedLogo('to main\nrepeat 3 [ beep wait 5 ]\nbeep\nend\n');
  });

  test('edited Logo text that blocks cannot show stays text, says why, until discarded', async ({
    page,
  }) => {
    const editor = await typeAfterRepeat(page, ' bleep');

    await editor.switchTo('blocks');
    const notice = page.getByTestId('logo-edited');
    await expect(notice).toContainText(
      text('en', 'editor:logo.problem.unknown')
        .replace('{{line}}', '2')
        .replace('{{word}}', 'bleep'),
    );
    await expect(notice).toContainText(t('editor:logo.edited'));
    await expect(editor.logoEditor()).toBeVisible();
    await expect
      .poll(() => editor.logoText())
      .toBe('to main\nrepeat 3 [ beep wait 5 ] bleep\nend\n');

    // Saved files keep the text and the mode.
    const saved = await editor.saveAsFile();
    expect(saved.text).toContain('<program_mode>logo</program_mode>');
    expect(saved.text).toContain('repeat 3 [ beep wait 5 ] bleep');

    await page.getByRole('button', { name: t('editor:logo.discard') }).click();
    await editor.confirm();
    await expect(editor.workspaceBlock('gogo_repeat')).toBeVisible();
    await editor.expectGeneratedLogo(REPEAT_LOGO);
  });
});

test.describe('Program editor toolbar', () => {
  test('Download, Run and Stop say that no board is connected yet', async ({ page }) => {
    const editor = new EditorPage(page);
    await editor.open('/program');
    for (const name of ['download', 'run', 'stop']) {
      await page.getByRole('button', { name: t(`editor:toolbar.${name}`), exact: true }).click();
      await expect(editor.toast(t('shell:board.notConnected')).first()).toBeVisible();
    }
  });

  test('the Logo panel narrows to nothing, widens to the full width, and hides', async ({
    page,
  }) => {
    const editor = new EditorPage(page);
    await editor.open('/program');
    const panel = editor.logoPanel();
    await expect(panel).toHaveAttribute('data-expand', '1');
    // Poll: the panel's width settles after the layout change.
    const width = async () => (await panel.boundingBox())?.width ?? 0;
    await expect.poll(width).toBeCloseTo(360, 0);

    await page.getByRole('button', { name: t('editor:toolbar.widen') }).click();
    await expect(panel).toHaveAttribute('data-expand', '2');
    const main = await page.locator('.editor-body').boundingBox();
    await expect.poll(width).toBeCloseTo(main?.width ?? 0, 0);

    await page.getByRole('button', { name: t('editor:toolbar.narrow') }).click();
    await page.getByRole('button', { name: t('editor:toolbar.narrow') }).click();
    await expect(panel).toBeHidden();
    await page.reload(); // the expand state is kept
    await expect(editor.workspaceBlock('gogo_start')).toBeVisible();
    await expect(editor.logoPanel()).toBeHidden();
    await page.getByRole('button', { name: t('editor:toolbar.widen') }).click();
    await expect(editor.logoPanel()).toBeVisible();

    await page.getByRole('button', { name: t('editor:toolbar.hidePanel') }).click();
    await expect(editor.logoPanel()).toHaveCount(0);
  });

  test('the viewer shows the program without a toolbox and says it is view only', async ({
    page,
  }) => {
    const editor = new EditorPage(page);
    await editor.open('/view/v1');
    await expect(page.getByText(t('editor:readOnly'))).toBeVisible();
    await expect(editor.workspace().getByRole('treeitem')).toHaveCount(0);
  });
});

test.describe('Program editor languages', () => {
  test('block texts follow the interface language', async ({ page }) => {
    const editor = new EditorPage(page);
    await editor.open('/program');
    await editor.app.chooseLanguage('ไทย');
    await expect(
      editor.workspace().getByRole('treeitem', { name: text('th', 'blocks:category.motors') }),
    ).toBeVisible();
    await expect(editor.workspaceBlock('gogo_start')).toContainText(
      text('th', 'blocks:start.title').replace(/ /g, '\u00a0'),
    );
  });
});

test.describe('Program editor variables', () => {
  test('a new variable is named in the app’s dialog and used by set blocks', async ({ page }) => {
    const editor = new EditorPage(page);
    await editor.open('/program');
    const variables = t('blocks:category.variables');
    const nameDialog = page.getByRole('dialog', { name: t('editor:prompt.title') });
    const createVariable = async () => {
      await editor.openCategory(variables);
      await editor
        .workspace()
        .locator('.blocklyFlyoutButton')
        .filter({ hasText: 'Create variable' })
        .click();
    };

    await createVariable();
    await expect(nameDialog).toContainText('New variable name:');
    await nameDialog.getByRole('button', { name: t('shell:confirm.ok') }).click();
    await expect(nameDialog).toContainText(t('editor:prompt.empty'));
    await nameDialog.getByRole('textbox').fill('speed');
    await nameDialog.getByRole('button', { name: t('shell:confirm.ok') }).click();
    await expect(nameDialog).toBeHidden();

    await editor.addBlock(variables, 'variables_set', {
      into: editor.workspaceBlock('gogo_start'),
      label: 1,
    });
    await editor.expectGeneratedLogo('to main\nset speed 0\nend\n');

    await createVariable();
    await nameDialog.getByRole('textbox').fill('speed');
    await nameDialog.getByRole('button', { name: t('shell:confirm.ok') }).click();
    await expect(editor.toast('A variable named "speed" already exists.')).toBeVisible();
  });
});

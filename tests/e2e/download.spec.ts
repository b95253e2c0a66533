// Compile and download to the virtual board, programs running on it, extract code back:
// the real app and server in Chromium, the simulated board behind the fake navigator.hid
// (the real WebHID transport) or as the "virtual board" connection.
import type { Page } from '@playwright/test';
import { EditorPage } from './editor-page.ts';
import { expect, test, type BoardLink } from './fixtures/board-link.ts';
import { text } from './locales.ts';
import { buildSensorMotorProgram, openLogoProgram, SENSOR_MOTOR_LOGO } from './programs.ts';

const t = (ref: string) => text('en', ref);

const downloadButton = (page: Page) =>
  page.getByRole('button', { name: t('editor:toolbar.download'), exact: true });

async function connect(board: BoardLink, how: 'usb' | 'virtual'): Promise<void> {
  if (how === 'usb') await board.connectUsb();
  else await board.connectVirtual();
  await board.expectBoard('GoGo Board 7', '1.0.42');
  await board.closeDialog();
}

/** The program page with the board connected over `how`. */
async function openConnected(
  page: Page,
  board: BoardLink,
  how: 'usb' | 'virtual',
): Promise<EditorPage> {
  const editor = new EditorPage(page);
  await editor.open('/program');
  await connect(board, how);
  return editor;
}

async function download(editor: EditorPage): Promise<void> {
  await downloadButton(editor.page).click();
  await expect(editor.toast(t('download:success'))).toBeVisible();
}

test.describe('Download to the virtual board', () => {
  test('a program built from blocks runs on the board: sensor 1 above 500 turns motor a on', async ({
    page,
    board,
  }) => {
    const editor = new EditorPage(page);
    await editor.open('/program');
    await buildSensorMotorProgram(editor);
    await connect(board, 'usb');
    await download(editor);
    const sim = board.sim();
    // 20 bytes of byte code (golden sample s04's length), written over the WebHID transport.
    await expect(sim.getByTestId('sim-program')).toContainText('20 bytes, stopped');
    await expect(sim.getByTestId('sim-led-1')).toHaveAttribute('data-on', 'false');
    await expect(sim.getByTestId('sim-beeps')).toHaveText('1');

    await page.getByRole('button', { name: t('editor:toolbar.run'), exact: true }).click();
    await expect(sim.getByTestId('sim-program')).toContainText('running');
    await board.setSensor(1, 300);
    await expect(board.simMotor('a')).toHaveAttribute('data-motor', 'off');
    await board.setSensor(1, 700);
    await expect(board.simMotor('a')).toHaveAttribute('data-motor', 'on');
    await expect(sim.getByTestId('sim-port-a').getByRole('img', { name: 'turning' })).toBeVisible();

    // The board panel on /gogoboard reads the same from the board's status stream.
    await page.evaluate(() => (location.hash = '#/gogoboard'));
    await expect(page.getByTestId('motor-state-a')).toContainText('On');

    await page.evaluate(() => (location.hash = '#/program'));
    await page.getByRole('button', { name: t('editor:toolbar.stop'), exact: true }).click();
    await expect(sim.getByTestId('sim-program')).toContainText('stopped');
    // Stopping turns the motors off; port a stays the one talked to.
    await expect(board.simMotor('a')).toHaveAttribute('data-motor', 'off');
    await expect(sim.getByTestId('sim-selected')).toContainText('motors A ·');
  });

  test('run after download starts the program by itself; compile in this browser works offline', async ({
    page,
    board,
  }) => {
    // No cloud compiler reachable at all: the in-browser compiler must do the work.
    await page.route('**/logo/*/compile', (route) => route.abort('internetdisconnected'));
    const editor = await openConnected(page, board, 'virtual');
    await openLogoProgram(editor, 'to main\nledon\nshow "hi"\nbeep\nend\n');
    await page.getByTestId('download-settings').click();
    await page.getByLabel(t('download:settings.compileInBrowser')).check();
    await page.getByLabel(t('download:settings.runAfterDownload')).check();
    await page.keyboard.press('Escape');
    await download(editor);
    const sim = board.sim();
    await expect(sim.getByTestId('sim-led-0')).toHaveAttribute('data-on', 'true');
    await expect(sim.getByTestId('sim-display')).toContainText('[hi]');
    // The download's beep and the program's.
    await expect(sim.getByTestId('sim-beeps')).toHaveText('2');
    // The settings are remembered.
    await page.reload();
    await page.getByTestId('download-settings').click();
    await expect(page.getByLabel(t('download:settings.compileInBrowser'))).toBeChecked();
  });

  test('an over-long program shows the spec message and writes nothing', async ({
    page,
    board,
  }) => {
    const editor = await openConnected(page, board, 'usb');
    await openLogoProgram(editor, `to main\nforever [ ${'beep '.repeat(2100)}]\nend\n`);
    await downloadButton(page).click();
    await expect(
      editor.toast("The Logo code is too large! I don't have enough memory to hold it"),
    ).toBeVisible();
    await expect(board.sim().getByTestId('sim-program')).toContainText('0 bytes');
  });

  test('a cloud compiler answering 5xx shows "Syntax Error."', async ({ page, board }) => {
    await page.route('**/logo/*/compile', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    const editor = await openConnected(page, board, 'usb');
    await openLogoProgram(editor, SENSOR_MOTOR_LOGO);
    await downloadButton(page).click();
    await expect(editor.toast('Syntax Error.')).toBeVisible();
  });

  test('a compile error is listed with its line in the Logo panel, in the user’s language', async ({
    page,
    board,
  }) => {
    const editor = await openConnected(page, board, 'usb');
    await openLogoProgram(editor, 'to main\nbeep\nshow foo\nend\n');
    await downloadButton(page).click();
    const errors = page.getByTestId('logo-errors');
    // The errors come to the front, over the virtual board's tab.
    await expect(errors).toContainText("Line 3: I don't know the expression 'foo'");
    await editor.app.chooseLanguage('ไทย');
    await page
      .getByRole('button', { name: text('th', 'editor:toolbar.download'), exact: true })
      .click();
    await expect(errors).toContainText("ไม่รู้จักนิพจน์ 'foo'");
    // Where the compiler stops after the mistake (at `end`, a line later), the error names
    // the line and the words of the mistake, and the editor marks them.
    await editor.app.chooseLanguage('English');
    await openLogoProgram(editor, 'to main\nrepeat 4 [ beep\nwait 1\nend\n');
    await downloadButton(page).click();
    await expect(errors).toContainText(
      "Line 2: “repeat 4 [”: The '[' opened on line 2 is never closed.",
    );
    await expect(errors).toContainText("The compiler stopped at: Line 4: Syntax error at 'end'");
    const marked = editor.logoEditor().locator('.cm-logo-error-words');
    await expect(marked).toHaveText('repeat 4 [');
    await openLogoProgram(
      editor,
      'to main\nbeep\nwait 1\nbeep\nwait 1\nfoo 1\nend\n\nto foo :a :b\nbeep\nend\n',
    );
    await downloadButton(page).click();
    await expect(errors).toContainText(
      "Line 6: “foo 1”: Wrong number of inputs for 'foo': it takes 2, but here it gets 1.",
    );
    await expect(marked).toHaveText('foo 1');
    await expect(editor.logoEditor().locator('.cm-logo-error-line')).toHaveText('foo 1');
    // The line's button puts the cursor on the words.
    await errors.getByRole('button', { name: 'Line 6' }).click();
    await expect(editor.logoEditor().locator('.cm-content')).toBeFocused();
    await expect(editor.toast(/Line 6: “foo 1”/)).toBeVisible();
  });

  test('Download without a board says the board is not connected', async ({ page }) => {
    const editor = new EditorPage(page);
    await editor.open('/program');
    await downloadButton(page).click();
    await expect(editor.toast('GoGo Board is not connected!').first()).toBeVisible();
  });
});

test.describe('Extract code from board', () => {
  test('brings a downloaded program back into the Logo editor and the blocks', async ({
    page,
    board,
  }) => {
    const editor = await openConnected(page, board, 'virtual');
    await openLogoProgram(editor, SENSOR_MOTOR_LOGO);
    await download(editor);
    // The virtual board runs a program after a download: reading it back does not stop it.
    await expect(board.sim().getByTestId('sim-program')).toContainText('running');
    await editor.menuItem(t('shell:menu.items.newProject'));
    await expect(editor.workspaceBlock('gogo_forever')).toHaveCount(0);

    await editor.menuItem(t('shell:menu.items.extractCode'));
    await expect(editor.toast('The program from the board is open (20 bytes).')).toBeVisible();
    await expect(editor.logoEditor()).toBeVisible();
    expect(await editor.logoText()).toBe(SENSOR_MOTOR_LOGO);
    await expect(board.sim().getByTestId('sim-program')).toContainText('running');
    // The importer rebuilt the blocks: back in blocks mode they generate the same Logo.
    await editor.switchTo('blocks');
    await expect(editor.workspaceBlock('gogo_forever')).toHaveCount(1);
    // The virtual board's tab is in front of the Logo's.
    await page.getByRole('tab', { name: 'Logo', exact: true }).click();
    await editor.expectGeneratedLogo(SENSOR_MOTOR_LOGO);
  });

  test('asks before the program from the board replaces a changed program', async ({
    page,
    board,
  }) => {
    const editor = await openConnected(page, board, 'virtual');
    await openLogoProgram(editor, SENSOR_MOTOR_LOGO);
    await download(editor);
    // Work of the user's own that is not saved anywhere.
    const mine = 'to main\nbeep\nend\n';
    await openLogoProgram(editor, mine);
    await editor.typeLogo('; my change');
    const changed = await editor.logoText();
    expect(changed).toContain('; my change');

    await editor.menuItem(t('shell:menu.items.extractCode'));
    const question = editor.confirmDialog();
    await expect(question).toContainText(t('shell:confirm.unsavedData'));
    await question.getByRole('button', { name: t('shell:confirm.cancel') }).click();
    await expect(question).toBeHidden();
    expect(await editor.logoText()).toBe(changed);
    await expect(editor.toast('The program from the board is open')).toHaveCount(0);

    await editor.menuItem(t('shell:menu.items.extractCode'));
    await expect(question).toContainText(t('shell:confirm.unsavedData'));
    await editor.confirm();
    await expect(editor.toast('The program from the board is open (20 bytes).')).toBeVisible();
    expect(await editor.logoText()).toBe(SENSOR_MOTOR_LOGO);
  });

  test('stays in the menu for a board other than GoGo 6 or 7, disabled with the reason', async ({
    page,
    board,
  }) => {
    const editor = await openConnected(page, board, 'virtual');
    let menu = await editor.app.openHamburgerMenu();
    await expect(menu.getByTestId('menu-extractCode')).not.toHaveAttribute('aria-disabled');
    await page.keyboard.press('Escape');
    // The virtual board becomes a GoGo Bright where it is connected; the board to program
    // follows it.
    await board.openDialog();
    await board.dialog.getByLabel('Virtual board type').selectOption({ label: 'GoGo Bright' });
    await expect(board.dialog.getByLabel('Board to program')).toHaveValue('5');
    await board.closeDialog();
    await expect(board.button).toHaveText(/GoGo Bright/);
    menu = await editor.app.openHamburgerMenu();
    const extract = menu.getByTestId('menu-extractCode');
    await expect(extract).toHaveAttribute('aria-disabled', 'true');
    await expect(extract).toContainText(t('shell:menu.items.extractCode'));
    await expect(extract).toContainText(t('shell:menu.unavailable.extractBoard'));
    const update = menu.getByTestId('menu-updateFirmware');
    await expect(update).toContainText(t('shell:menu.unavailable.firmwareBoard'));
    // Choosing it does nothing (a real click: Playwright would wait for aria-disabled to go).
    await extract.click({ force: true });
    await expect(editor.toast(t('download:extract.reading'))).toHaveCount(0);
    await expect(editor.logoEditor()).toHaveCount(0);
  });
});

test.describe('Board page extras', () => {
  test('re-opens an already granted USB board on load', async ({ board }) => {
    await board.open();
    await board.connectUsbBoard7();
    await board.closeDialog();
    await board.page.reload();
    // No click: the app finds the granted board and opens it.
    await expect(board.button).toHaveText(/GoGo Board 7/);
    await board.setSensor(2, 444);
    await expect(board.sensorRow(2)).toContainText('444');
  });

  test('sends a broadcast; the board hands it on and echoes it', async ({ board }) => {
    await board.open();
    await board.connectUsbBoard7();
    await board.closeDialog();
    const panel = board.panel('broadcast');
    await panel.getByLabel('Key').fill('Door');
    await panel.getByLabel('Value').fill('open');
    await panel.getByRole('button', { name: 'Broadcast' }).click();
    await expect(board.page.getByTestId('broadcast-latest')).toHaveText('door = open');
  });

  test('switches a Tasmota plug through the board once it is on Wi-Fi', async ({ board }) => {
    await board.open();
    await board.connectUsbBoard7();
    await board.closeDialog();
    const panel = board.panel('tasmota');
    await panel.getByLabel('Device address (e.g. 192.168.1.40)').fill('192.168.1.40');
    await panel.getByRole('button', { name: 'On', exact: true }).click();
    await expect(board.page.getByTestId('tasmota-answer')).toHaveText(
      'The board is not connected to Wi-Fi. Set its network in the Board Wi-Fi panel.',
    );
    const network = board.panel('network');
    await network.getByLabel('Network name (SSID)').fill('lab');
    await network.getByLabel('Password').fill('secret');
    await network.getByRole('button', { name: 'Send to the board' }).click();
    await expect(board.page.getByTestId('board-wifi-status')).toHaveText(
      'Board Wi-Fi status: Success',
    );
    await panel.getByRole('button', { name: 'On', exact: true }).click();
    await expect(board.page.getByTestId('tasmota-answer')).toHaveText('The device is on.');
    await expect(board.sim().getByTestId('sim-tasmota')).toHaveText('192.168.1.40: on');
  });
});

import { fileURLToPath } from 'node:url';
import { IdentityChip } from '../../src/virtual-board/firmware/identity/firmware-id.ts';
import { buildTestImage } from '../../src/virtual-board/firmware/identity/test-images.ts';
import { expect, test } from './fixtures/firmware.ts';

const shipped = (name: string) =>
  fileURLToPath(new URL(`../../server/firmware/files/${name}`, import.meta.url));
const shippedLegacy = (name: string) =>
  fileURLToPath(new URL(`../../server/firmware/legacy/${name}`, import.meta.url));

/** A TEST STM32 image of `kib` KiB that reports `semver` / `version` once installed. */
const stmImage = (kib: number, semver: string, version: number) =>
  Buffer.from(buildTestImage({ chip: IdentityChip.stm, version, semver, bytes: kib * 1024 }));

test.describe('Firmware update (virtual board behind a fake navigator.hid)', () => {
  // Each test connects, flashes a simulated board and waits for it to restart.
  test.describe.configure({ timeout: 120_000 });

  test('updates a GoGo Board 6 to the latest release, then says it is up to date', async ({
    updater,
    board,
  }) => {
    await updater.connect('GoGo Board 6');
    await expect(updater.simFirmware('sim-esp-version')).toContainText('1.0.2');
    await updater.openFromMenu();
    // The updater says where its releases come from: the shipped folder holds test images.
    await expect(updater.dialog.getByTestId('firmware-source')).toHaveText(
      'Release source: test images for the virtual board (never written to a real board)',
    );
    const latest = updater.dialog.getByRole('button', { name: 'Update to latest version 1.0.3' });
    await latest.click();
    await expect(updater.dialog.getByTestId('firmware-progress')).toContainText(
      'Updating firmware...',
    );
    // While the worker has the board, the updater still names it.
    await expect(updater.dialog.getByTestId('firmware-board')).toContainText('GoGo Board 6');
    await updater.expectSuccess('ESP32 firmware updated to version 1.0.3.');
    await expect(updater.simFirmware('sim-esp-version')).toHaveText('1.0.3');
    // The board reports its new version once it runs again: allow a slow machine.
    await expect(updater.dialog.getByTestId('firmware-up-to-date')).toHaveText(
      "You're using the latest firmware.",
      { timeout: 30_000 },
    );
    // The page took the board back: the stream reports the new firmware byte.
    await updater.dialog.getByRole('button', { name: 'Close' }).last().click();
    await board.openDialog();
    await board.expectBoard('GoGo Board 6', '1.0.3');
  });

  test('updates the STM32 from a local gogo-stm- file through the bootloader', async ({
    updater,
  }) => {
    await updater.connect('GoGo Board 6');
    await expect(updater.simFirmware('sim-stm-version')).toContainText('1.0.0');
    await updater.openFromMenu();
    const boardLine = updater.dialog.getByTestId('firmware-board');
    await updater.chooseFile(shipped('gogo-stm-1.0.1.bin'));
    // Through the whole update (the page lets go of the board meanwhile) the updater names
    // the board it updates, never "No board is connected".
    await expect(updater.simFirmware('sim-firmware-mode')).toContainText('the STM32 bootloader');
    await expect(boardLine).toContainText('GoGo Board 6');
    await expect(boardLine).not.toContainText('No board is connected');
    // The STM32's version, read back from the board once it runs again.
    await updater.expectSuccess('STM32 firmware updated to version 1.0.1.');
    await expect(boardLine).not.toContainText('No board is connected');
    await expect(updater.success()).toContainText('16 written, 0 unchanged and skipped.');
    await expect(updater.success()).toContainText('matches the file');
    await expect(updater.simFirmware('sim-stm-version')).toHaveText('1.0.1');
    await expect(updater.simFirmware('sim-firmware-mode')).toContainText('the application');
  });

  test('names each chip of a GoGo Board 6 with its version, before and after an STM32 update', async ({
    updater,
  }) => {
    // The walk: "Firmware updated." for gogo-stm-1.0.1.bin, and the board line went on
    // showing one version, the ESP32's, so the update looked lost.
    await updater.connect('GoGo Board 6');
    await updater.openFromMenu();
    const boardLine = updater.dialog.getByTestId('firmware-board');
    await expect(boardLine).toHaveText('GoGo Board 6, firmware ESP32 1.0.2, STM32 1.0.0', {
      timeout: 30_000,
    });
    await updater.chooseFile(shipped('gogo-stm-1.0.1.bin'));
    await updater.expectSuccess('STM32 firmware updated to version 1.0.1.');
    await expect(boardLine).toHaveText('GoGo Board 6, firmware ESP32 1.0.2, STM32 1.0.1');
    // Opened again, the updater asks the board itself: the same versions.
    await updater.dialog.getByRole('button', { name: 'Close' }).last().click();
    await updater.openFromMenu();
    await expect(updater.success()).toHaveCount(0);
    await expect(boardLine).toHaveText('GoGo Board 6, firmware ESP32 1.0.2, STM32 1.0.1', {
      timeout: 30_000,
    });
  });

  test('asks before writing an older image; keeping the newer writes nothing', async ({
    updater,
  }) => {
    await updater.connect('GoGo Board 6');
    await updater.openFromMenu();
    await updater.chooseFile(shipped('gogo-stm-1.0.1.bin'));
    await updater.expectSuccess('STM32 firmware updated to version 1.0.1.');
    const older = { name: 'gogo-stm-1.0.0.bin', buffer: stmImage(16, '1.0.0', 10) };
    await updater.chooseFile(older);
    const question = updater.dialog.getByTestId('firmware-downgrade');
    await expect(question).toHaveText(
      /^This file holds STM32 firmware 1\.0\.0, older than the 1\.0\.1 the board runs\. Install the older version\?/,
      { timeout: 30_000 },
    );
    await question.getByRole('button', { name: 'Keep 1.0.1' }).click();
    await expect(updater.dialog.getByTestId('firmware-info')).toHaveText(
      'Nothing was written: the board keeps STM32 firmware 1.0.1.',
    );
    await expect(updater.error()).toHaveCount(0);
    await expect(updater.simFirmware('sim-stm-version')).toHaveText('1.0.1');
    await updater.chooseFile(older);
    await question.getByRole('button', { name: 'Install 1.0.0' }).click();
    await updater.expectSuccess('STM32 firmware updated to version 1.0.0.');
    await expect(updater.simFirmware('sim-stm-version')).toHaveText('1.0.0');
  });

  test('refuses files that are not firmware with the spec messages', async ({ updater }) => {
    await updater.connect('GoGo Board 6');
    await updater.openFromMenu();
    const cause = updater.dialog.getByTestId('firmware-error-cause');
    await updater.chooseFile({ name: 'notes.txt', buffer: Buffer.from('hello world') });
    await expect(updater.error()).toContainText('Update firmware error');
    await expect(cause).toHaveText('The firmware file is invalid');
    await updater.chooseFile({ name: 'empty.bin', buffer: Buffer.alloc(0) });
    await expect(cause).toHaveText('The firmware file is invalid');
    await updater.chooseFile({ name: 'tiny.bin', buffer: Buffer.from([1, 2, 3]) });
    await expect(cause).toHaveText('file content is invalid');
    await updater.chooseFile({
      name: 'short.hex',
      buffer: Buffer.from(':0400100001020304E2\n:00000001FF\n'),
    });
    await expect(cause).toHaveText('file content is invalid');
    // Closed and opened again, the updater starts afresh: the old error is gone.
    await updater.dialog.getByRole('button', { name: 'Close' }).last().click();
    await updater.openFromMenu();
    await expect(updater.dialog.getByTestId('firmware-choose-file')).toBeEnabled();
    await expect(updater.error()).toHaveCount(0);
  });

  test('refuses the GoGo 4 firmware on a GoGo Board 6 and writes nothing', async ({ updater }) => {
    await updater.connect('GoGo Board 6');
    await updater.openFromMenu();
    await updater.chooseFile(shippedLegacy('gogo40.v111.hex'));
    await expect(updater.error()).toContainText('Update firmware error');
    await expect(updater.dialog.getByTestId('firmware-error-cause')).toHaveText(
      'this file is firmware for GoGo Board (original), not for the connected GoGo Board 6',
    );
    // A refused file is not retried.
    await expect(updater.dialog.getByTestId('firmware-retry')).toHaveCount(0);
    await expect(updater.success()).toHaveCount(0);
    await expect(updater.simFirmware('sim-esp-version')).toHaveText('1.0.2');
    await expect(updater.simFirmware('sim-stm-version')).toHaveText('1.0.0');
    await expect(updater.simFirmware('sim-firmware-mode')).toContainText('the application');
  });

  test('updates a Pi-topping on firmware 31 through the legacy stages to the latest, 40', async ({
    updater,
    board,
  }) => {
    await updater.connect('GoGo Board 5 / Pi-topping');
    const settings = await board.simSection('settings');
    await settings.getByLabel('Firmware version').fill('40');
    await updater.openFromMenu();
    await expect(updater.dialog.getByText("You're using the latest firmware.")).toBeVisible();
    await updater.dialog.getByRole('button', { name: 'Close' }).last().click();
    await settings.getByLabel('Firmware version').fill('31');
    await updater.openFromMenu();
    await updater.dialog.getByRole('button', { name: 'Update to latest version 40' }).click();
    await expect(updater.dialog.getByTestId('firmware-percent')).toBeVisible();
    await updater.expectSuccess('Firmware updated to version 40.');
    await expect(updater.simFirmware('sim-legacy-version')).toHaveText('40');
    await updater.dialog.getByRole('button', { name: 'Close' }).last().click();
    await board.openDialog();
    await board.expectBoard('GoGo Board 5 / Pi-topping', '40');
  });
});

test.describe('Firmware update faults and page behaviour', () => {
  test('an unplug mid-update ends in the spec error; the board waits in its bootloader and a retry completes', async ({
    updater,
    board,
  }) => {
    test.setTimeout(120_000);
    await updater.connect('GoGo Board 6');
    await updater.openFromMenu();
    await updater.chooseFile({ name: 'gogo-stm-2.0.0.bin', buffer: stmImage(96, '2.0.0', 20) });
    const pages = board.sim().getByTestId('sim-stm-pages');
    await expect(pages).toHaveText(/^([1-9]\d)$/, { timeout: 30_000 });
    await board.unplug();
    await expect(updater.error()).toContainText('Update firmware error');
    await expect(updater.dialog.getByTestId('firmware-error-cause')).toHaveText(
      /^(GoGo Board is not connected!|failed to write data)$/,
    );
    // The updating flag is down again: the dialog can be closed.
    await expect(updater.dialog.getByRole('button', { name: 'Close' }).last()).toBeEnabled();
    await board.plug();
    // Half written: on power-up the board starts its bootloader, ready for another try.
    await expect(updater.simFirmware('sim-firmware-mode')).toContainText('the STM32 bootloader');
    await updater.dialog.getByTestId('firmware-retry').click();
    await updater.expectSuccess('STM32 firmware updated to version 2.0.0.');
    await expect(updater.success()).toContainText('matches the file');
    await expect(updater.simFirmware('sim-stm-version')).toHaveText('2.0.0');
  });

  test('asks before leaving the page while the firmware is being written', async ({
    updater,
    page,
  }) => {
    await updater.connect('GoGo Board 6');
    await updater.openFromMenu();
    await updater.chooseFile({ name: 'gogo-stm-2.0.0.bin', buffer: stmImage(64, '2.0.0', 20) });
    await expect(updater.simFirmware('sim-firmware-mode')).toContainText('the STM32 bootloader');
    const asked = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
  });

  test('opens the GoGo Board 7 installer guide instead of flashing over HID', async ({
    board,
    page,
    context,
  }) => {
    await context.route('https://github.com/**', (r) =>
      r.fulfill({ contentType: 'text/html', body: '<h1>GoGo 7 firmware installer</h1>' }),
    );
    await board.open();
    await board.connectUsbBoard7();
    await board.closeDialog();
    await page.getByTestId('hamburger-menu').click();
    await page
      .getByTestId('hamburger-items')
      .getByRole('button', { name: 'Update Firmware' })
      .click();
    // The app says it is leaving for an external guide before it does.
    const notice = page.getByRole('dialog', { name: 'Update a GoGo Board 7' });
    await expect(notice).toContainText('outside GoGo Code');
    const popup = page.waitForEvent('popup');
    await notice.getByRole('link', { name: 'Open the installer guide' }).click();
    await expect(notice).toBeHidden();
    const guide = await popup;
    await guide.waitForLoadState();
    expect(guide.url()).toBe('https://github.com/LILCMU/gogo7-firmware-installer');
  });

  test('the update-firmware page offers the updater without a board', async ({ page }) => {
    await page.goto('/#/update-firmware');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Update firmware');
    await expect(page.getByTestId('firmware-board')).toContainText('No board is connected.');
    await expect(page.getByTestId('firmware-choose-file')).toBeEnabled();
  });
});

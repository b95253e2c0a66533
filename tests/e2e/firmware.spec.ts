import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures/firmware.ts';

const shipped = (name: string) =>
  fileURLToPath(new URL(`../../server/firmware/files/${name}`, import.meta.url));

test.describe('Firmware update (virtual board behind a fake navigator.hid)', () => {
  test('updates a GoGo Board 6 to the latest release, then says it is up to date', async ({
    updater,
    board,
  }) => {
    await updater.connect('GoGo Board 6');
    await expect(updater.simFirmware('sim-esp-version')).toContainText('1.0.2');
    await updater.openFromMenu();
    const latest = updater.dialog.getByRole('button', { name: 'Update to latest version 1.0.3' });
    await latest.click();
    await expect(updater.dialog.getByTestId('firmware-progress')).toContainText(
      'Updating firmware...',
    );
    await updater.expectSuccess('Firmware updated to version 1.0.3.');
    await expect(updater.simFirmware('sim-esp-version')).toContainText('1.0.3 (version 43)');
    await expect(updater.dialog.getByTestId('firmware-up-to-date')).toHaveText(
      "You're using the latest firmware.",
    );
    // The page took the board back: the stream reports the new firmware byte.
    await updater.dialog.getByRole('button', { name: 'Close' }).last().click();
    await board.openDialog();
    await board.expectBoard('GoGo Board 6', 43);
  });

  test('updates the STM32 from a local gogo-stm- file through the bootloader', async ({
    updater,
  }) => {
    await updater.connect('GoGo Board 6');
    await expect(updater.simFirmware('sim-stm-version')).toContainText('1.0.0');
    await updater.openFromMenu();
    await updater.chooseFile(shipped('gogo-stm-1.0.1.bin'));
    await updater.expectSuccess('Firmware updated.');
    await expect(updater.success()).toContainText('16 written, 0 unchanged and skipped.');
    await expect(updater.success()).toContainText('matches the file');
    await expect(updater.simFirmware('sim-stm-version')).toContainText('1.0.1 (version 11)');
    await expect(updater.simFirmware('sim-firmware-mode')).toContainText('the application');
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
  });

  test('updates a Pi-topping through the legacy stages to firmware 43', async ({
    updater,
    board,
  }) => {
    await updater.connect('GoGo Board 5 / Pi-topping');
    await updater.openFromMenu();
    await updater.dialog.getByRole('button', { name: 'Update to latest version 43' }).click();
    await expect(updater.dialog.getByTestId('firmware-percent')).toBeVisible();
    await updater.expectSuccess('Firmware updated to version 43.');
    await expect(updater.simFirmware('sim-legacy-version')).toHaveText('43');
    await updater.dialog.getByRole('button', { name: 'Close' }).last().click();
    await board.openDialog();
    await board.expectBoard('GoGo Board 5 / Pi-topping', 43);
  });
});

// Firmware update over the local GoGo plugin (spec core §4 refuses remote links only): a
// Pi-topping behind the plugin, updated through the page's relay to the plugin socket. A
// board behind the plugin is a real board as far as the page knows, so the shipped TEST
// images are refused; a deployment's release (vendor-shaped images, no TEST flag, served in
// their place) is written.
import { BoardType } from '../../src/device/device.ts';
import {
  IdentityBoard,
  IdentityChip,
} from '../../src/virtual-board/firmware/identity/firmware-id.ts';
import {
  buildTestImage,
  toIntelHex,
} from '../../src/virtual-board/firmware/identity/test-images.ts';
import { expect, test } from './fixtures/firmware.ts';
import { PluginBoard } from './fixtures/plugin-board.ts';

/** A release's legacy HEX for a Pi-topping, without the TEST flag. */
function release(chip: IdentityChip, version: number, at: number, bytes: number): string {
  const image = buildTestImage({
    chip,
    boardType: IdentityBoard.piTopping,
    version,
    semver: String(version),
    bytes,
    seed: 7,
    test: false,
  });
  return toIntelHex(image, at);
}

test('updates a Pi-topping connected through the plugin from firmware 31 to the latest, 40', async ({
  page,
  board,
  updater,
}) => {
  test.setTimeout(120_000);
  const plugin = await PluginBoard.start(page, {
    config: { boardType: BoardType.fifth, firmwareVersion: 31 },
  });
  try {
    await board.open();
    await board.openDialog();
    await board.dialog.getByTestId('connect-plugin').click();
    await board.expectBoard('GoGo Board 5 / Pi-topping', '31');
    await board.dialog
      .getByLabel('Board to program')
      .selectOption({ label: 'GoGo Board 5 / Pi-topping' });
    await board.closeDialog();

    await updater.openFromMenu();
    const latest = updater.dialog.getByRole('button', { name: 'Update to latest version 40' });
    // The shipped folder's TEST images are never written to it.
    await latest.click();
    await expect(updater.dialog.getByTestId('firmware-error-cause')).toHaveText(
      'this is a test image for the virtual board; it is never written to a real board',
    );
    expect(plugin.vb.device.state().legacy.bytesWritten).toBe(0);

    // A deployment with real releases serves these files instead.
    await page.route('**/api/v1/firmware/legacy/bootloaderPT.hex', (r) =>
      r.fulfill({ body: release(IdentityChip.legacyBootloader, 3, 0, 2048) }),
    );
    await page.route('**/api/v1/firmware/legacy/rpt10.v40.hex', (r) =>
      r.fulfill({ body: release(IdentityChip.legacy, 40, 0x0800, 6 * 1024) }),
    );
    await latest.click();
    await expect(updater.dialog.getByTestId('firmware-progress')).toContainText(
      'Updating firmware...',
    );
    // The page let go of its plugin connection; the updater still names the board.
    await expect(updater.dialog.getByTestId('firmware-board')).toContainText(
      'GoGo Board 5 / Pi-topping',
    );
    await updater.expectSuccess('Firmware updated to version 40.', 90_000);
    await expect(updater.success()).toContainText('matches the file');
    expect(plugin.vb.device.state().legacy.firmware).toBe(40);
    // Two sockets at least: the page's connection and the update's relay.
    expect(plugin.sockets).toBeGreaterThanOrEqual(2);
    // The page took the board back through the plugin.
    await updater.dialog.getByRole('button', { name: 'Close' }).last().click();
    await board.openDialog();
    await board.expectBoard('GoGo Board 5 / Pi-topping', '40');
  } finally {
    plugin.stop();
  }
});

import { expect, test } from '@playwright/test';

// Two data records with a gap, an extended linear address, and an end-of-file record.
const HEX = [
  ':020000040800F2',
  ':0400000001020304F2',
  ':04001000AABBCCDDDE',
  ':00000001FF',
  '',
].join('\r\n');

test.describe('Developer page (HEX in the core worker)', () => {
  test('shows the byte count and address ranges of a chosen HEX file', async ({ page }) => {
    await page.goto('/#/developer-mode');
    await page.getByLabel('Choose an Intel HEX file').setInputFiles({
      name: 'firmware.hex',
      mimeType: 'text/plain',
      buffer: Buffer.from(HEX),
    });
    const result = page.getByTestId('hex-result');
    await expect(result).toContainText('firmware.hex: 8 bytes of data in a 20-byte image');
    await expect(result.getByRole('row')).toHaveCount(3);
    await expect(result).toContainText('0x08000000');
    await expect(result).toContainText('0x08000003');
    await expect(result).toContainText('0x08000010');
    await expect(result).toContainText('0x08000013');
  });

  test('reports a checksum error with its line number', async ({ page }) => {
    await page.goto('/#/developer-mode');
    await page.getByLabel('Choose an Intel HEX file').setInputFiles({
      name: 'broken.hex',
      mimeType: 'text/plain',
      buffer: Buffer.from(HEX.replace(':04001000AABBCCDDDE', ':04001000AABBCCDDEF')),
    });
    await expect(page.getByTestId('hex-error')).toContainText("A record's checksum is wrong.");
    await expect(page.getByTestId('hex-error')).toContainText('(line 3)');
  });
});

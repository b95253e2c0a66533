import { expect, test } from './fixtures/board-link.ts';

test.describe('GoGo Bright view', () => {
  test('says what to connect, then shows and drives a virtual GoGo Bright', async ({ board }) => {
    await board.open();
    const page = board.page;
    await page.evaluate(() => (location.hash = '#/gogobright/'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('GoGo Bright');
    // Nothing connected: one notice with the reason and how to get a Bright.
    await expect(page.getByTestId('bright-reason')).toHaveText('GoGo Board is not connected!');
    await expect(page.getByTestId('bright-help')).toContainText('virtual board');
    await expect(page.getByText('GoGo Board is not connected!')).toHaveCount(1);

    await board.connectVirtual();
    await board.closeDialog();
    // The virtual board starts as a GoGo Board 7.
    await expect(page.getByTestId('bright-reason')).toHaveText(
      'This view is for a GoGo Bright; the connected board is a GoGo Board 7.',
    );
    await expect(board.panel('motors').getByRole('button', { name: 'On' })).toBeDisabled();

    await (
      await board.simSection('settings')
    )
      .getByLabel('Board type')
      .selectOption({ label: 'GoGo Bright' });
    // A Bright that is not the board chosen for programming: one click chooses it.
    const choose = page.getByRole('button', { name: 'Program a GoGo Bright' });
    await choose.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('bright-help')).toHaveCount(0);

    await board.setSensor(1, 700);
    await expect(page.getByTestId('bright-input-1')).toHaveText('Input 1700');
    // Two motor ports on the Bright.
    const motors = board.panel('motors');
    await expect(motors.getByRole('checkbox')).toHaveCount(2);
    await motors.getByRole('button', { name: 'On', exact: true }).click();
    await expect(page.getByTestId('bright-motor-a')).toHaveText('Motor Aon, This way, 100%');
    await expect(page.getByTestId('bright-motor-b')).toContainText('off');
    await expect(page.getByTestId('bright-light')).not.toHaveText(/–/);
  });
});

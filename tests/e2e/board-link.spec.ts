import { expect, test } from './fixtures/board-link.ts';

test.describe('Board link (virtual board behind a fake navigator.hid)', () => {
  test('connects over the real WebHID transport and shows board type and firmware', async ({
    board,
  }) => {
    await board.open();
    await board.connectUsb();
    // Once the board answers (and is the board to program) the dialog gets out of the way.
    await expect(board.dialog).toBeHidden();
    await expect(board.button).toHaveText(/GoGo Board 7/);
    await board.openDialog();
    await expect(board.dialog.getByTestId('connect-status')).toContainText(
      'Connected · USB (WebHID)',
    );
    // One card is highlighted: the way the board is connected.
    await expect(board.dialog.getByTestId('connect-webhid')).toHaveClass(/btn-primary/);
    await expect(board.dialog.locator('[data-testid^="connect-"].btn-primary')).toHaveCount(1);
    await board.expectBoard('GoGo Board 7', '1.0.42');
    // The firmware names its semantic version when asked (query 203); versions are written
    // that one way everywhere.
    await expect(board.dialog.getByTestId('connect-firmware')).toHaveText('1.0.42');
    await expect(board.dialog.getByTestId('stream-stats')).toContainText(
      /Stream: [1-9]\d* reports received, 0 ignored/,
    );
    await board.closeDialog();
    await expect(board.button).toHaveText(/GoGo Board 7/);
  });

  test('shows a sensor value move when the simulated slider moves', async ({ board }) => {
    await board.open();
    await board.connectUsbBoard7();
    await board.closeDialog();
    await expect(board.sensorRow(1)).toContainText('0');
    await board.setSensor(1, 700);
    await expect(board.sensorRow(1)).toContainText('700');
    await board.setSensor(3, 1023);
    await expect(board.sensorRow(3)).toContainText('1023');
    // GoGo 7 has 4 sensors.
    await expect(board.page.getByTestId('sensor-5')).toHaveCount(0);
  });

  test('turns motor A on at a set power and the simulated board follows', async ({ board }) => {
    await board.open();
    await board.connectUsbBoard7();
    await board.closeDialog();
    const motors = board.panel('motors');
    await motors.getByRole('button', { name: 'On', exact: true }).click();
    await expect(board.simMotor('a')).toHaveAttribute('data-motor', 'on');
    // Port A is the one talked to ("a, on"); the panel says so in words, not with a dot.
    await expect(board.sim().getByTestId('sim-selected')).toContainText('motors A ·');
    await motors.getByLabel('Power').fill('40');
    await motors.getByRole('button', { name: 'Set power' }).click();
    await expect(board.sim().getByTestId('sim-port-a')).toContainText('40%');
    await expect(board.page.getByTestId('motor-state-a')).toContainText('On');
    await expect(board.page.getByTestId('motor-state-a')).toContainText('40%');
    await motors.getByRole('button', { name: 'That way' }).click();
    await expect(board.page.getByTestId('motor-state-a')).toContainText('That way');
  });

  test('sends display text cut to 60 characters', async ({ board }) => {
    await board.open();
    await board.connectUsbBoard7();
    await board.closeDialog();
    const text = 'abcdefghij'.repeat(7);
    const display = board.panel('display');
    await display.getByLabel('Text').fill(text);
    await expect(display).toContainText('70 characters: only the first 60 are sent');
    await display.getByRole('button', { name: 'Show' }).first().click();
    await expect(board.sim().getByTestId('sim-display')).toHaveText(text.slice(0, 60));
  });

  test('syncs the RTC from this computer and reads it back', async ({ board }) => {
    const now = new Date(2031, 4, 6, 7, 8, 9);
    await board.page.clock.setFixedTime(now);
    await board.open();
    await board.connectUsbBoard7();
    await board.closeDialog();
    const rtc = board.panel('rtc');
    await rtc.getByRole('button', { name: "Set to this computer's time" }).click();
    await expect(board.page.getByTestId('board-rtc')).toContainText('2031-05-06 07:08');
    await expect(board.page.getByTestId('board-rtc')).toContainText('Tuesday');
    await rtc.getByRole('button', { name: 'Read the clock' }).click();
    await expect(board.sim().getByTestId('sim-rtc')).toContainText('2031-05-06 07:08');
  });

  test('tells a second tab that the board is in use', async ({ board, context }) => {
    await board.open();
    await board.connectUsbBoard7();
    const second = await context.newPage();
    await second.goto('/#/developer-mode');
    await second.getByTestId('connect-button').click();
    await second.getByTestId('connect-webhid').click();
    await expect(second.getByTestId('connect-error')).toHaveText(
      'This GoGo board is already open in another tab or program. Close it there, then connect again.',
    );
    await expect(second.getByTestId('connect-status')).toContainText('Not connected');
  });

  test('returns to disconnected with the spec message when unplugged, and reconnects', async ({
    board,
  }) => {
    await board.open();
    await board.connectUsbBoard7();
    await board.closeDialog();
    await board.unplug();
    await expect(board.button).toHaveText('Connect');
    await expect(board.page.getByTestId('gogoboard-reason')).toHaveText(
      'GoGo Board is not connected!',
    );
    await expect(
      board.panel('motors').getByRole('button', { name: 'On', exact: true }),
    ).toBeDisabled();
    await board.openDialog();
    await expect(board.dialog.getByTestId('connect-error')).toHaveText(
      'GoGo Board is not connected!',
    );
    await expect(board.dialog.getByTestId('connect-status')).toContainText('Not connected');
    await board.plug();
    await board.dialog.getByTestId('connect-webhid').click();
    // The dialog closes by itself once the board answers; opening it again shows the board.
    await expect(board.dialog).toBeHidden();
    await board.expectBoard('GoGo Board 7', '1.0.42');
    await expect(board.dialog.getByTestId('connect-error')).toHaveCount(0);
  });

  test('lists servos with their on state and servo-relays with mode and power', async ({
    board,
  }) => {
    await board.open();
    await board.connectUsbBoard7();
    await board.closeDialog();
    const servo = board.panel('servo');
    await expect(board.page.getByTestId('servo-a')).toHaveText('A: not selected, off, 90°');
    await servo.getByLabel('Angle (0–180°)').fill('45');
    await servo.getByRole('button', { name: 'Set angle' }).click();
    await expect(board.page.getByTestId('servo-a')).toHaveText('A: selected, on, 45°');
    const relay = board.panel('relay');
    await relay.getByLabel('Port A').uncheck();
    await relay.getByLabel('Port B').check();
    await relay.getByRole('button', { name: 'Relay on' }).click();
    await expect(board.page.getByTestId('relay-b')).toHaveText('BRelayYesYes90°100%');
    await expect(board.page.getByTestId('relay-a')).toHaveText('AServoNoYes45°0%');
    // A relay port is not a servo that is on.
    await expect(board.page.getByTestId('servo-b')).toHaveText('B: selected, off, 90°');
    await relay.getByRole('button', { name: 'Relay off' }).click();
    await expect(board.page.getByTestId('relay-b')).toHaveText('BRelayYesNo90°0%');
  });

  test('refuses commands for another display board with the spec message', async ({ board }) => {
    await board.open();
    await board.connectUsbBoard7();
    await board.openDialog();
    await board.dialog.getByLabel('Board to program').selectOption({ label: 'GoGo Board 6' });
    await expect(board.dialog.getByTestId('board-mismatch')).toHaveText(
      'GoGo Board 6 is not found!',
    );
    await board.closeDialog();
    await expect(board.page.getByTestId('gogoboard-reason')).toHaveText(
      'GoGo Board 6 is not found!',
    );
    // The choice is remembered.
    await board.page.reload();
    await board.openDialog();
    await expect(board.dialog.getByLabel('Board to program')).toHaveValue('4');
    // A stale choice keeps the dialog open, says what to change and offers to change it.
    await board.connectUsb();
    await expect(board.dialog).toBeVisible();
    await expect(board.dialog.getByTestId('board-mismatch-hint')).toHaveText(
      'The connected board is a GoGo Board 7. Change “Board to program” below to match it.',
    );
    await board.dialog.getByRole('button', { name: 'Program the GoGo Board 7' }).click();
    await expect(board.dialog.getByLabel('Board to program')).toHaveValue('6');
    await expect(board.dialog.getByTestId('board-mismatch')).toHaveCount(0);
  });

  test('connects the virtual board from the menu and drives a Raspberry Pi', async ({ board }) => {
    await board.open();
    // Which board the virtual board is, chosen where it is connected; the board to program
    // follows, so the two match and the dialog closes.
    await board.openDialog();
    await board.dialog
      .getByLabel('Virtual board type')
      .selectOption({ label: 'GoGo Board 5 / Pi-topping' });
    await board.connectVirtual();
    await expect(board.dialog).toBeHidden();
    await expect(board.button).toHaveText(/GoGo Board 5 \/ Pi-topping/);
    await board.openDialog();
    await expect(board.dialog.getByTestId('connect-status')).toContainText(
      'Connected · Virtual board',
    );
    await expect(board.dialog.getByLabel('Board to program')).toHaveValue('2');
    await board.closeDialog();
    const settings = await board.simSection('settings');
    await expect(settings.getByLabel('Board type')).toHaveValue('2');
    // Pi-topping boards report 8 sensors.
    await expect(board.page.getByTestId('sensor-8')).toBeVisible();
    // In-app navigation keeps the connection (a reload would end it).
    await board.page.evaluate(() => (location.hash = '#/raspberry'));
    // Without a Pi the page says so once, with how to get one, and the panels stay quiet.
    // The page's code loads on first visit (slow on a busy machine).
    await expect(board.page.getByTestId('raspberry-reason')).toHaveText(
      'The Raspberry Pi is not alive',
      { timeout: 30_000 },
    );
    await expect(board.page.getByTestId('raspberry-help')).toContainText('virtual board');
    await expect(board.page.getByText('The Raspberry Pi is not alive')).toHaveCount(1);
    await expect(board.panel('camera').getByRole('button').first()).toBeDisabled();
    await (await board.simSection('settings')).getByLabel('Raspberry Pi').check();
    await expect(board.page.getByTestId('raspberry-help')).toHaveCount(0);
    await expect(board.page.getByTestId('pi-info')).toContainText('192.168.1.50');
    const network = board.panel('pi-network');
    await network.getByLabel('Network name (SSID)').fill('GoGoLab');
    await network.getByLabel('Password').fill('gogo1234');
    await network.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(board.page.getByTestId('pi-wifi-status')).toHaveText('Connecting');
    await expect(board.page.getByTestId('pi-wifi-status')).toHaveText('Success');
  });
});

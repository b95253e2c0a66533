// The board bridge (docs/labs.md "Board bridge"): a signed-in user connects the virtual
// board, switches "Publish this board to my web UI" on, and a dashboard of the same user
// drives motor A and follows sensor 1 through the broker: first a test MQTT client with its
// own grant, then a dashboard built in the web UI's own screens.
import mqtt from 'mqtt';
import type { WebuiBrokerGrant } from '../../src/contract/webui.ts';
import { expect, test } from './fixtures/board-link.ts';
import { Api, RemoteLabApp, t } from './remote-lab-page.ts';
import { addWidget } from './webui-page.ts';

test('a dashboard drives the virtual board and hears its sensor through the broker', async ({
  page,
  board,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const app = new RemoteLabApp(page);
  const account = await app.signUp('Maker');
  await board.open();
  const panel = board.panel('webui-bridge');
  const toggle = panel.getByLabel(t('board:webuiBridge.switch'));
  // Never on without a board.
  await expect(toggle).toBeDisabled();
  await board.connectVirtualBoard7();
  await toggle.check();
  const grant = await (
    await Api.as(request, account)
  ).call<WebuiBrokerGrant>('POST', '/webui/broker', {});
  const userLevel = grant.root.split('/').slice(-2).join('/');
  await expect(panel.getByTestId('webui-bridge-state')).toHaveText(`Publishing to …/${userLevel}/`);

  const url = new URL(grant.url, baseURL ?? 'http://localhost').toString().replace(/^http/, 'ws');
  const client = await mqtt.connectAsync(url, {
    username: grant.username,
    password: grant.password,
    reconnectPeriod: 0,
  });
  try {
    const heard: string[] = [];
    client.on('message', (topic, payload) => {
      if (topic === `${grant.root}/sensor/1`) heard.push(payload.toString());
    });
    await client.subscribeAsync(`${grant.root}/sensor/1`);

    await client.publishAsync(`${grant.root}/motor/a/power`, '70');
    await client.publishAsync(`${grant.root}/motor/a/on`, 'on');
    const motorA = board.simMotor('a');
    await expect(motorA).toHaveAttribute('data-motor', 'on');
    await expect(motorA).toContainText('70%');
    await expect(page.getByTestId('motor-state-a')).toContainText('70%');

    await board.setSensor(1, 700);
    await expect.poll(() => heard.at(-1)).toBe('700');

    // Switched off: the board's values stop reaching the broker.
    await toggle.uncheck();
    await expect(panel.getByTestId('webui-bridge-state')).toHaveText(
      t('board:webuiBridge.state.off'),
    );
  } finally {
    await client.endAsync(true);
  }
});

test('a web UI dashboard: its slider drives the virtual board, its gauge follows sensor 1', async ({
  page,
  board,
}) => {
  test.setTimeout(180_000);
  const app = new RemoteLabApp(page);
  await app.signUp('Rover');
  await board.open();
  await board.connectVirtualBoard7();
  const panel = board.panel('webui-bridge');
  await panel.getByLabel(t('board:webuiBridge.switch')).check();
  await expect(panel.getByTestId('webui-bridge-state')).toContainText('/u/');

  // A dashboard with a slider on motor A's power and a gauge on sensor 1.
  await app.open('/webui');
  await page.getByLabel(t('webui:create.label')).fill('Rover');
  await page.getByRole('button', { name: t('webui:create.submit') }).click();
  await app.expectHeading('Rover');
  await addWidget(page, 'slider', 'Motor A power', 'motor/a/power');
  const gauge = await addWidget(page, 'gauge', 'Sensor 1', 'sensor/1');
  await gauge.getByLabel(t('webui:editor.max')).fill('1023');
  await page.getByRole('button', { name: t('webui:editor.save') }).click();
  await expect(page.getByText(t('webui:editor.saved'))).toBeVisible();
  await page.getByRole('button', { name: t('webui:mode.run'), exact: true }).click();
  await expect(page.getByTestId('webui-status')).toHaveText(t('webui:status.online'));

  // The slider reaches the virtual board's motor A through the broker and the bridge.
  await page.getByRole('slider', { name: 'Motor A power' }).fill('70');
  await expect(board.simMotor('a')).toContainText('70%');
  // The virtual board's sensor 1 reaches the gauge the same way.
  await board.setSensor(1, 640);
  await expect(page.getByRole('meter', { name: 'Sensor 1' })).toHaveAttribute(
    'aria-valuetext',
    '640',
  );
});

// The board bridge (docs/labs.md "Board bridge"): a signed-in user connects the virtual
// board, switches "Publish this board to my web UI" on, and a dashboard of the same user (a
// test MQTT client with its own grant) drives motor A and hears sensor 1.
import mqtt from 'mqtt';
import type { WebuiBrokerGrant } from '../../src/contract/webui.ts';
import { expect, test } from './fixtures/board-link.ts';
import { Api, RemoteLabApp, t } from './remote-lab-page.ts';

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

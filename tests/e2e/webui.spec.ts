// The built-in web UI (docs/labs.md "Web UI dashboards"): a new user builds a dashboard with a
// slider and a gauge, runs it, and sees the slider's values reach the broker and the
// broker's values move the gauge; a read-only link shows the same dashboard without sign-in
// and without controls, and says so once the owner turns it off. The test talks to the
// broker with the `mqtt` package as the owner, with the grant the server gives the owner.
// A dashboard is also renamed and deleted from its row of the list.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import mqtt from 'mqtt';
import type { WebuiBrokerGrant } from '../../src/contract/webui.ts';
import { Api, RemoteLabApp, t } from './remote-lab-page.ts';
import { addWidget } from './webui-page.ts';

test.describe.configure({ timeout: 180_000 });

/** Moderate, serious and critical accessibility violations on the page as it is now. */
async function violations(page: Page, screen: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact !== 'minor')
    .map((v) => `${screen}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test('a dashboard drives and follows the broker, and its read-only link can be turned off', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const app = new RemoteLabApp(page);
  const account = await app.signUp('Dana');
  const found: string[] = [];

  // The list starts empty and says what a dashboard is.
  await app.open('/webui');
  await app.expectHeading(t('webui:title'));
  await expect(page.getByTestId('webui-empty')).toBeVisible();
  found.push(...(await violations(page, '/webui')));
  await page.getByLabel(t('webui:create.label')).fill('Robot arm');
  await page.getByRole('button', { name: t('webui:create.submit') }).click();
  await app.expectHeading('Robot arm');

  // A slider on the motor's power and a gauge on sensor 1.
  const grant = await (
    await Api.as(request, account)
  ).call<WebuiBrokerGrant>('POST', '/webui/broker', {});
  const editors = page.getByTestId('webui-widget-editor');
  const add = async (type: string, label: string, topic: string) => {
    const editor = await addWidget(page, type, label, topic);
    await expect(editor.getByText(`${grant.root}/${topic}`)).toBeVisible();
  };
  await add('slider', 'Motor A power', 'motor/a/power');
  await add('gauge', 'Sensor 1', 'sensor/1');
  await add('switch', 'Pump', 'pump');
  await add('chart', 'Sensor 1 history', 'sensor/1');
  // A bad range is refused beside its field, and nothing is saved meanwhile.
  const gaugeMax = editors.last().getByLabel(t('webui:editor.max'));
  await gaugeMax.fill('-5');
  await expect(editors.last().getByText(t('webui:problem.minMax'))).toBeVisible();
  await page.getByRole('button', { name: t('webui:editor.save') }).click();
  await expect(page.getByRole('alert')).toHaveText(t('webui:editor.fix'));
  await gaugeMax.fill('100');
  found.push(...(await violations(page, 'dashboard editor')));
  await page.getByRole('button', { name: t('webui:editor.save') }).click();
  await expect(page.getByText(t('webui:editor.saved'))).toBeVisible();

  // Run: the slider's value arrives on the owner's topic; a value on sensor 1 moves the gauge.
  const client = await mqtt.connectAsync(
    new URL(grant.url, baseURL).toString().replace(/^http/, 'ws'),
    {
      username: grant.username,
      password: grant.password,
      reconnectPeriod: 0,
    },
  );
  try {
    const received: string[] = [];
    const pump: string[] = [];
    client.on('message', (topic, payload) => {
      if (topic === `${grant.root}/motor/a/power`) received.push(payload.toString());
      if (topic === `${grant.root}/pump`) pump.push(payload.toString());
    });
    await client.subscribeAsync([`${grant.root}/motor/a/power`, `${grant.root}/pump`]);
    await page.getByRole('button', { name: t('webui:mode.run') }).click();
    await expect(page.getByTestId('webui-status')).toHaveText(t('webui:status.online'));
    await page.getByRole('slider', { name: 'Motor A power' }).fill('40');
    await expect.poll(() => received.at(-1)).toBe('40');
    await client.publishAsync(`${grant.root}/sensor/1`, '57');
    const gauge = page.getByRole('meter', { name: 'Sensor 1' });
    await expect(gauge).toHaveAttribute('aria-valuetext', '57');
    await expect(page.getByRole('img', { name: 'Sensor 1 history' })).toBeVisible();
    // The switch sends its on payload and shows on once the broker echoes it.
    const pumpSwitch = page.getByRole('switch', { name: 'Pump' });
    await pumpSwitch.click();
    await expect.poll(() => pump.at(-1)).toBe('1');
    await expect(pumpSwitch).toBeChecked();
    found.push(...(await violations(page, 'dashboard run')));

    // Share: another browser sees the dashboard read only, and the gauge follows there too.
    // The switch follows the server's answer, so it is clicked and then seen on.
    const share = page.getByRole('switch', { name: t('webui:share.toggle') });
    await share.click();
    await expect(share).toBeChecked();
    const link = await page.getByRole('textbox', { name: t('webui:share.link') }).inputValue();
    const visitor = await browser.newContext();
    try {
      const shared = await visitor.newPage();
      await shared.goto(link);
      await expect(shared.getByRole('heading', { level: 1 })).toHaveText('Robot arm');
      await expect(shared.getByTestId('webui-status')).toHaveText(t('webui:status.online'));
      await expect(shared.getByRole('slider', { name: 'Motor A power' })).toBeDisabled();
      await expect(shared.getByRole('switch', { name: 'Pump' })).toBeDisabled();
      await expect(shared.getByRole('button', { name: t('webui:mode.edit') })).toHaveCount(0);
      await expect(shared.getByRole('switch', { name: t('webui:share.toggle') })).toHaveCount(0);
      await client.publishAsync(`${grant.root}/sensor/1`, '63');
      await expect(shared.getByRole('meter', { name: 'Sensor 1' })).toHaveAttribute(
        'aria-valuetext',
        '63',
      );
      found.push(...(await violations(shared, 'shared dashboard')));

      // Turned off, the link is dead.
      await share.click();
      await expect(share).not.toBeChecked();
      await expect(page.getByRole('textbox', { name: t('webui:share.link') })).toHaveCount(0);
      await shared.reload();
      await expect(shared.getByTestId('webui-shared-gone')).toHaveText(t('webui:shared.gone'));
    } finally {
      await visitor.close();
    }
  } finally {
    await client.endAsync(true);
  }
  expect(found).toEqual([]);
});

test('a dashboard is renamed and deleted from its row of the list', async ({ page }) => {
  const app = new RemoteLabApp(page);
  await app.signUp('Lee');
  await app.open('/webui');
  await page.getByLabel(t('webui:create.label')).fill('Greenhouse');
  await page.getByRole('button', { name: t('webui:create.submit') }).click();
  await app.expectHeading('Greenhouse');

  await app.open('/webui');
  await page.getByRole('button', { name: `${t('webui:list.rename')} Greenhouse` }).click();
  await page.getByLabel('New name for Greenhouse').fill('Orchard');
  await page.getByRole('button', { name: t('webui:list.save') }).click();
  await expect(page.getByRole('link', { name: 'Orchard', exact: true })).toBeVisible();

  await page.getByRole('button', { name: `${t('webui:list.delete')} Orchard` }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('shell:confirm.ok') })
    .click();
  await expect(page.getByTestId('webui-empty')).toBeVisible();
});

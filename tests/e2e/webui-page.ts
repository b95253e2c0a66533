// The web UI dashboard editor as the e2e tests drive it.
import type { Locator, Page } from '@playwright/test';
import { t } from './remote-lab-page.ts';

/**
 * Adds a widget of `type` to the dashboard open in edit mode and fills its label and topic;
 * answers the new widget's editor.
 */
export async function addWidget(
  page: Page,
  type: string,
  label: string,
  topic: string,
): Promise<Locator> {
  await page.getByLabel(t('webui:editor.addType')).selectOption({ label: t(`webui:type.${type}`) });
  await page.getByRole('button', { name: t('webui:editor.add') }).click();
  const editor = page.getByTestId('webui-widget-editor').last();
  await editor.getByLabel(t('webui:editor.label'), { exact: true }).fill(label);
  await editor.getByLabel(t('webui:editor.topic'), { exact: true }).fill(topic);
  return editor;
}

// Programs for e2e tests: built from blocks with the mouse, or opened from a program file.
import { expect } from '@playwright/test';
import type { EditorPage } from './editor-page.ts';
import { text } from './locales.ts';

const t = (ref: string) => text('en', ref);

export const SENSOR_MOTOR_LOGO = 'to main\nforever [ if sensor1 > 500 [ a, on ] ]\nend\n';

/** Builds `forever [ if sensor1 > 500 [ a, on ] ]` from the toolbox with the mouse. */
export async function buildSensorMotorProgram(editor: EditorPage): Promise<void> {
  const start = editor.workspaceBlock('gogo_start');
  await editor.addBlock(t('blocks:category.control'), 'gogo_forever', { into: start, label: 1 });
  const forever = editor.workspaceBlock('gogo_forever');
  await editor.addBlock(t('blocks:category.control'), 'gogo_if', { into: forever });
  const ifBlock = editor.workspaceBlock('gogo_if');
  await editor.addBlock(t('blocks:category.operators'), 'gogo_compare', { rightOf: ifBlock });
  const compare = editor.workspaceBlock('gogo_compare');
  await editor.addBlock(t('blocks:category.sensors'), 'gogo_sensor', {
    onto: compare.locator('> g.gogo_number').first(),
  });
  await editor.chooseOption(compare.locator('> g.blocklyField').first(), '>');
  await editor.setField(compare.locator('> g.gogo_number'), '500');
  await editor.addBlock(t('blocks:category.motors'), 'gogo_talkto', { into: ifBlock });
  const talk = editor.workspaceBlock('gogo_talkto');
  await editor.chooseOption(talk.locator('> g.blocklyField').last(), 'a');
  await editor.addBlock(t('blocks:category.motors'), 'gogo_motor_on', { after: talk });
  await editor.expectGeneratedLogo(SENSOR_MOTOR_LOGO);
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A program file (workspace XML + settings) that opens in Logo text mode with `logo`. */
export function logoProgramFile(logo: string, name = 'logo program'): string {
  return `<xml xmlns="https://developers.google.com/blockly/xml">
  <block type="gogo_start" x="40" y="40"></block>
  <settings>
    <logo_code>${escapeXml(logo)}</logo_code>
    <file_name>${escapeXml(name)}</file_name>
    <program_mode>logo</program_mode>
    <config_tm_type></config_tm_type>
    <config_tm_url></config_tm_url>
    <config_tm_threshold></config_tm_threshold>
    <config_tm_channel></config_tm_channel>
  </settings>
</xml>
`;
}

/** Opens a Logo program through Open from file; the editor shows it as text. */
export async function openLogoProgram(editor: EditorPage, logo: string): Promise<void> {
  await editor.chooseFileFrom('openFromFile', 'program.xml', logoProgramFile(logo));
  await expect(editor.logoEditor()).toBeVisible();
}

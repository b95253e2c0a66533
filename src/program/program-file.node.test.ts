// In Node, without a DOM: the server reads submitted files with this very parser.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  parseProgramFile,
  ProgramFileError,
  programFileName,
  serializeProgramFile,
  type ProgramFileSettings,
} from './program-file.ts';

const WORKSPACE =
  '<xml xmlns="https://developers.google.com/blockly/xml"><variables><variable id="v1">speed</variable></variables>' +
  '<block type="gogo_start" id="s" x="40" y="40"><statement name="DO"><block type="gogo_beep" id="b"></block></statement></block></xml>';

const SETTINGS: ProgramFileSettings = {
  logo_code: 'to main\nbeep\nend\n',
  file_name: 'Line follower <v2> & "more"',
  program_mode: 'logo',
  config_tm_type: 'image',
  config_tm_url: 'https://teachablemachine.withgoogle.com/models/abc/',
  config_tm_threshold: '0.75',
  config_tm_channel: 'class-1',
  config_tm_hold: '1.5',
  config_tm_model: '{"format":"gogo-tm-model","weights":"AAEC-_"}',
};

function errorOf(text: string): ProgramFileError {
  try {
    parseProgramFile(text);
  } catch (e) {
    if (e instanceof ProgramFileError) return e;
    throw e;
  }
  throw new Error('parsed without error');
}

describe('program file', () => {
  it('round-trips the workspace and every setting', () => {
    const text = serializeProgramFile({ workspaceXml: WORKSPACE, settings: SETTINGS });
    const file = parseProgramFile(text);
    expect(file.settings).toEqual(SETTINGS);
    expect(file.workspaceXml).toBe(WORKSPACE);
  });

  it('writes the settings as readable elements after the workspace', () => {
    const text = serializeProgramFile({ workspaceXml: WORKSPACE, settings: SETTINGS });
    expect(text).toContain('<program_mode>logo</program_mode>');
    expect(text).toContain('<file_name>Line follower &lt;v2&gt; &amp; "more"</file_name>');
    expect(text.indexOf('<block')).toBeLessThan(text.indexOf('<settings>'));
  });

  it('opens a plain Blockly workspace with default settings', () => {
    const file = parseProgramFile(WORKSPACE);
    expect(file.settings).toEqual(DEFAULT_SETTINGS);
    expect(file.workspaceXml).toBe(WORKSPACE);
  });

  it('reads entities, character references, CDATA and any line ends as XML does', () => {
    const text =
      '<?xml version="1.0" encoding="UTF-8"?>\r\n<!-- saved by hand -->\r\n' +
      WORKSPACE.replace(
        '</xml>',
        '<settings><logo_code><![CDATA[to main\r\nif 1 < 2 [ beep ]\r\nend]]></logo_code>' +
          '<file_name>Tom &amp; Jerry &#x263A;&#10;</file_name></settings></xml>',
      );
    const file = parseProgramFile(text);
    expect(file.settings.logo_code).toBe('to main\nif 1 < 2 [ beep ]\nend');
    expect(file.settings.file_name).toBe('Tom & Jerry \u263A');
    expect(file.workspaceXml).toBe(WORKSPACE);
  });

  it('keeps the workspace as written, extension blocks and their state included', () => {
    const block =
      '<block type="gogo_ext_command" id="e"><mutation ext="0f8fad5b-d9cb-469f-a165-70867728950e" ' +
      'proc="blink" params="[&quot;times&quot;]"></mutation></block>';
    const workspace = WORKSPACE.replace('</xml>', `${block}</xml>`);
    const text = serializeProgramFile({ workspaceXml: workspace, settings: SETTINGS });
    expect(text).toContain(`  ${block}\n`);
    expect(parseProgramFile(text).workspaceXml).toBe(workspace);
  });

  it('ignores settings a newer version added', () => {
    const text = WORKSPACE.replace(
      '</xml>',
      '<settings><future_thing>1</future_thing></settings></xml>',
    );
    expect(parseProgramFile(text).settings).toEqual(DEFAULT_SETTINGS);
  });

  it('shortens a file name to the 100 characters a project name may have', () => {
    const text = WORKSPACE.replace(
      '</xml>',
      `<settings><file_name>  ${'x'.repeat(150)}  </file_name></settings></xml>`,
    );
    expect(parseProgramFile(text).settings.file_name).toBe('x'.repeat(100));
  });

  it.each([
    ['', 'empty'],
    ['   \n', 'empty'],
    ['hello world', 'notXml'],
    ['<xml><block type="x"></xml>', 'notXml'],
    ['{"blocks": []}', 'notXml'],
    ['<html><body>hi</body></html>', 'notProgram'],
    ['<xml><script>alert(1)</script></xml>', 'notProgram'],
    ['<xml><block type="a" type="b"/></xml>', 'notXml'],
    ['<xml>Tom & Jerry</xml>', 'notXml'],
    ['<xml>&bogus;</xml>', 'notXml'],
    ['<!DOCTYPE xml [<!ENTITY x "y">]><xml>&x;</xml>', 'notXml'],
    ['<xml></xml><xml></xml>', 'notXml'],
  ])('refuses %j as %s', (text, code) => {
    expect(errorOf(text).code).toBe(code);
  });

  it('refuses a file over 2 MB before parsing it', () => {
    expect(errorOf(`<xml>${' '.repeat(2 * 1024 * 1024)}</xml>`).code).toBe('tooLarge');
  });

  it.each([
    ['<program_mode>text</program_mode>', 'program_mode'],
    ['<config_tm_threshold>high</config_tm_threshold>', 'config_tm_threshold'],
    ['<config_tm_hold>long</config_tm_hold>', 'config_tm_hold'],
    ['<file_name>a</file_name><file_name>b</file_name>', 'file_name'],
    ['<logo_code><b>bold</b></logo_code>', 'logo_code'],
  ])('refuses the bad setting %s', (settings, name) => {
    const error = errorOf(WORKSPACE.replace('</xml>', `<settings>${settings}</settings></xml>`));
    expect(error.code).toBe('badSetting');
    expect(error.setting).toBe(name);
  });

  it('names files after the program, safely', () => {
    expect(programFileName('Robot 1', 'Untitled')).toBe('Robot 1.gogo.xml');
    expect(programFileName('a/b:c*?', 'Untitled')).toBe('a_b_c_.gogo.xml');
    expect(programFileName('   ', 'Untitled')).toBe('Untitled.gogo.xml');
  });
});

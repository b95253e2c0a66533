import { beforeAll, describe, expect, it } from 'vitest';
import { programXml, s, set, n, v, blockXml, setUpBlocks } from '../test-support.ts';
import { headlessWorkspace, logoFromXml, WorkspaceXmlError } from './headless.ts';
import { mergeWorkspaces } from './merge.ts';

beforeAll(setUpBlocks);

const withVariable = (name: string, id: string, body: string) =>
  `<xml xmlns="https://developers.google.com/blockly/xml"><variables><variable id="${id}">${name}</variable></variables>${body}</xml>`;

describe('mergeWorkspaces', () => {
  it('appends the imported start block’s steps to the program', () => {
    const merged = mergeWorkspaces(
      programXml([s('gogo_beep')]),
      programXml([s('gogo_led', { STATE: 'ledon' })]),
    );
    expect(logoFromXml(merged)).toBe('to main\nbeep\nledon\nend\n');
  });

  it('adds imported procedures beside the existing blocks', () => {
    const imported = programXml(
      [],
      [
        {
          type: 'procedures_defnoreturn',
          mutation: '<mutation></mutation>',
          fields: { NAME: 'blink' },
          inputs: { STACK: [s('gogo_led', { STATE: 'ledon' })] },
        },
      ],
    );
    const merged = mergeWorkspaces(programXml([s('gogo_beep')]), imported);
    const workspace = headlessWorkspace(merged);
    const blink = workspace.getTopBlocks(false).find((b) => b.type === 'procedures_defnoreturn');
    expect(blink?.getRelativeToSurfaceXY().x).toBeGreaterThan(0);
    expect(workspace.getTopBlocks(false).filter((b) => b.type === 'gogo_start')).toHaveLength(1);
    workspace.dispose();
    expect(logoFromXml(merged)).toContain('to blink\nledon\nend');
  });

  it('joins variables of the same name, whatever their ids', () => {
    const current = withVariable(
      'speed',
      'A',
      blockXml({ type: 'gogo_start', inputs: { DO: [set('speed', n(1))] } }).replace(
        '<field name="VAR">speed</field>',
        '<field name="VAR" id="A">speed</field>',
      ),
    );
    const imported = withVariable(
      'speed',
      'B',
      blockXml({
        type: 'gogo_start',
        inputs: { DO: [s('gogo_show', {}, { VALUE: v('speed') })] },
      }).replace('<field name="VAR">speed</field>', '<field name="VAR" id="B">speed</field>'),
    );
    const merged = mergeWorkspaces(current, imported);
    const workspace = headlessWorkspace(merged);
    expect(
      workspace
        .getVariableMap()
        .getAllVariables()
        .map((x) => x.getName()),
    ).toEqual(['speed']);
    workspace.dispose();
    expect(logoFromXml(merged)).toBe('to main\nset speed 1\nshow speed\nend\n');
  });

  it('keeps a forever loop’s program whole and leaves the imported steps beside it', () => {
    const merged = mergeWorkspaces(
      programXml([s('gogo_forever', {}, { DO: [s('gogo_beep')] })]),
      programXml([s('gogo_cls')]),
    );
    expect(logoFromXml(merged)).toBe('to main\nforever [ beep ]\nend\n');
    const workspace = headlessWorkspace(merged);
    expect(
      workspace
        .getTopBlocks(false)
        .map((b) => b.type)
        .sort(),
    ).toEqual(['gogo_cls', 'gogo_start']);
    workspace.dispose();
  });

  it('refuses XML with unknown blocks', () => {
    expect(() =>
      mergeWorkspaces(programXml([]), '<xml><block type="no_such_block"></block></xml>'),
    ).toThrow(WorkspaceXmlError);
  });
});

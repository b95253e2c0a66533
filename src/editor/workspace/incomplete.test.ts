import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en/editor.json';
import { blockXml, n, procedure, programXml, s, setUpBlocks, type B } from '../test-support.ts';
import { headlessWorkspace, logoFromXml } from './headless.ts';
import { incompleteBlocks, incompleteWarning } from './incomplete.ts';
import type * as Blockly from 'blockly/core';

beforeAll(async () => {
  setUpBlocks();
  await i18next.init({
    lng: 'en',
    resources: { en: { editor: en } },
    interpolation: { escapeValue: false },
  });
});

let workspace: Blockly.Workspace | undefined;
afterEach(() => workspace?.dispose());

/** Each incomplete block as "type: warning". */
function warnings(xml: string): string[] {
  workspace = headlessWorkspace(xml);
  return incompleteBlocks(workspace).map(
    (item) => `${item.block.type}: ${incompleteWarning(item)}`,
  );
}

const beep = s('gogo_beep');
const cond = s('gogo_switch', { PORT: 1 });

describe('incomplete blocks', () => {
  it('finds none in a complete program', () => {
    const body: B[] = [
      s('gogo_if', undefined, { COND: cond, DO: [beep] }),
      s('gogo_repeat', undefined, { TIMES: n(3), DO: [beep] }),
      s('gogo_ifelse', undefined, { COND: cond, DO: [beep] }),
      s('gogo_waituntil', undefined, { COND: cond }),
    ];
    expect(warnings(programXml(body))).toEqual([]);
  });

  it('warns on an if without a condition and says its blocks never run', () => {
    const xml = programXml([s('gogo_if', undefined, { DO: [beep] })]);
    expect(warnings(xml)).toEqual([
      'gogo_if: This “if” needs a condition: until it has one, its blocks never run.',
    ]);
  });

  it('warns on blocks with nothing inside, which the Logo leaves out', () => {
    const xml = programXml([
      s('gogo_if', undefined, { COND: cond }),
      s('gogo_ifelse', undefined, { COND: cond }),
      s('gogo_repeat', undefined, { TIMES: n(2) }),
      beep,
    ]);
    expect(warnings(xml)).toEqual([
      'gogo_if: This “if” has no blocks inside: it is left out of the program.',
      'gogo_ifelse: This “if” has no blocks inside: it is left out of the program.',
      'gogo_repeat: This “repeat” has no blocks inside: it is left out of the program.',
    ]);
    expect(logoFromXml(xml)).toBe('to main\nbeep\nend\n');
  });

  it('names what a missing condition or count does to each kind of block', () => {
    const xml = programXml([
      s('gogo_ifelse', undefined, { ELSE: [beep] }),
      s('gogo_repeat', undefined, { DO: [beep] }),
      s('gogo_waituntil'),
    ]);
    expect(warnings(xml)).toEqual([
      'gogo_ifelse: This “if” needs a condition: until it has one, only its “else” blocks run.',
      'gogo_repeat: This “repeat” needs a number of times: until it has one, its blocks never run.',
      'gogo_waituntil: This “wait until” needs a condition: until it has one, the program waits here forever.',
    ]);
  });

  it('checks procedure bodies and blocks nested in other blocks', () => {
    const xml = programXml(
      [s('gogo_forever', undefined, { DO: [s('gogo_if', undefined, { DO: [beep] })] })],
      [procedure('blink', [], [s('gogo_ifstatechange', undefined, { COND: cond })])],
    );
    expect(warnings(xml).map((w) => w.split(':')[0])).toEqual(['gogo_if', 'gogo_ifstatechange']);
  });

  it('ignores loose stacks, which do not run anyway', () => {
    const loose = blockXml(s('gogo_if'), { x: 0, y: 900 });
    const xml = programXml([beep]).replace('</xml>', `${loose}</xml>`);
    expect(warnings(xml)).toEqual([]);
  });
});

// The block editor's contract with the compiler: Logo the generator writes from blocks
// compiles with the project's Logo compiler (core-rs through WebAssembly; `npm run
// build:wasm` first). Blockly runs headless here (Node, with its jsdom).
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_SETS } from '../editor/blocks/index.ts';
import { GOLDEN_PROGRAMS } from '../editor/logo/golden-programs.ts';
import { n, procedure, programXml, s, setUpBlocks, type B } from '../editor/test-support.ts';
import { boardProfile } from '../editor/toolbox/board-profile.ts';
import { buildToolbox, type ToolboxBlock } from '../editor/toolbox/toolbox.ts';
import { logoFromXml } from '../editor/workspace/headless.ts';
import { loadTestCore } from './testing/test-core.node.ts';
import type { WasmCore } from './wasm-core.ts';

let core: WasmCore;

beforeAll(async () => {
  setUpBlocks();
  core = await loadTestCore();
});

const fixture = (name: string) =>
  readFileSync(new URL(`../editor/logo/fixtures/${name}.xml`, import.meta.url), 'utf8');

function compile(logo: string, version = '1.3') {
  const result = core.compileLogo(logo, version);
  return result.ok ? { ok: true } : { ok: false, error: result.error };
}

/** Every block of every board's toolbox, with its toolbox inputs. */
function toolboxBlocks(): ToolboxBlock[] {
  const seen = new Map<string, ToolboxBlock>();
  for (const board of [1, 2, 3, 4, 5, 6]) {
    for (const category of buildToolbox(boardProfile(board)).contents) {
      for (const block of category.contents ?? []) seen.set(block.type, block);
    }
  }
  return [...seen.values()].filter((b) => b.type !== 'gogo_start');
}

/** Blocks that report a value (they have an output). */
const REPORTER_TYPES = new Set(
  Object.values(BLOCK_SETS).flatMap((set) =>
    set.definitions.filter((d) => 'output' in d).map((d) => d.type),
  ),
);

const WITH_BODY = new Set([
  'gogo_forever',
  'gogo_repeat',
  'gogo_if',
  'gogo_ifelse',
  'gogo_ifstatechange',
]);

/** A program using one toolbox block: shown if it reports, run (inside an `if`) if not. */
function programWith(entry: ToolboxBlock): string {
  const inputs: Record<string, B | B[]> = {};
  for (const [name, value] of Object.entries(entry.inputs ?? {})) {
    inputs[name] = { type: value.shadow.type, fields: value.shadow.fields };
  }
  if (WITH_BODY.has(entry.type)) {
    inputs.DO = [s('gogo_beep')];
    if (entry.type === 'gogo_ifelse') inputs.ELSE = [s('gogo_cls')];
  }
  if (['gogo_if', 'gogo_ifelse', 'gogo_ifstatechange', 'gogo_waituntil'].includes(entry.type)) {
    inputs.COND = s('gogo_switch', { PORT: '1' });
  }
  const block: B = { type: entry.type, ...(entry.fields ? { fields: entry.fields } : {}), inputs };
  const step = REPORTER_TYPES.has(entry.type)
    ? s('gogo_show', {}, { VALUE: block })
    : s('gogo_if', {}, { COND: n(1), DO: [block] });
  return programXml([step]);
}

describe('Logo from blocks, compiled', () => {
  it.each(toolboxBlocks().map((b) => [b.type, b] as const))(
    'compiles a program using %s',
    (_type, entry) => {
      const logo = logoFromXml(programWith(entry));
      const cloud = entry.type.includes('cloud_record');
      // cloud record is not Logo 1.3: it compiles in the network boards' version.
      expect({ logo, ...compile(logo, cloud ? '2.1' : '1.3') }).toEqual({ logo, ok: true });
    },
  );

  it('compiles procedures with parameters, results, output and stop', () => {
    const logo = logoFromXml(
      programXml(
        [
          {
            type: 'procedures_callnoreturn',
            mutation: '<mutation name="step"><arg name="speed"></arg></mutation>',
            inputs: { ARG0: n(50) },
          },
        ],
        [
          procedure(
            'step',
            ['speed'],
            [
              s('gogo_talkto', { PORTS: 'a' }),
              s(
                'gogo_setpower',
                {},
                { POWER: { type: 'variables_get', fields: { VAR: 'speed' } } },
              ),
              s('gogo_if', {}, { COND: s('gogo_switch', { PORT: '1' }), DO: [s('gogo_stop')] }),
              s('gogo_change_variable', { VAR: 'count' }, { DELTA: n(1) }),
            ],
          ),
          procedure(
            'twice',
            ['x'],
            [s('gogo_if', {}, { COND: n(0), DO: [s('gogo_output', {}, { VALUE: n(0) })] })],
            {
              returns: { type: 'variables_get', fields: { VAR: 'x' } },
            },
          ),
        ],
      ),
    );
    expect({ logo, ...compile(logo) }).toEqual({ logo, ok: true });
  });

  it.each(['empty-bodies', 'user-names', 'long-lists', 'globals-and-parameters'])(
    'compiles the %s fixture',
    (name) => {
      const logo = logoFromXml(fixture(name));
      expect({ logo, ...compile(logo) }).toEqual({ logo, ok: true });
    },
  );

  it('gives the same bytes as the golden 1.3 programs it rebuilds', () => {
    // s04 rebuilt from blocks (see generator.test.ts) compiles to the golden sample's bytes.
    const fromBlocks = logoFromXml(
      programXml([
        s(
          'gogo_forever',
          {},
          {
            DO: [
              s(
                'gogo_if',
                {},
                {
                  COND: {
                    type: 'gogo_compare',
                    fields: { OP: 'GT' },
                    inputs: { A: s('gogo_sensor', { PORT: '1' }), B: n(500) },
                  },
                  DO: [s('gogo_talkto', { PORTS: 'ab' }), s('gogo_motor_on')],
                },
              ),
            ],
          },
        ),
      ]),
    );
    const ours = core.compileLogo(fromBlocks, '1.3');
    const golden = core.compileLogo(GOLDEN_PROGRAMS.s04 ?? '', '1.3');
    expect(ours.ok && [...ours.value.data]).toEqual([
      3, 16, 1, 1, 55, 2, 1, 244, 29, 3, 5, 1, 3, 90, 49, 4, 10, 4, 15, 0,
    ]);
    expect(golden.ok && [...golden.value.data]).toEqual(ours.ok && [...ours.value.data]);
  });
});

// An extension's blocks against the real compiler (core-rs through WebAssembly; `npm run
// build:wasm` first): a program built from extension blocks, with the used procedures
// merged at compile time, compiles to exactly the bytes of the same program with those
// procedures written by hand. Blockly runs headless.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadTestCore } from '../core/testing/test-core.node.ts';
import type { WasmCore } from '../core/wasm-core.ts';
import { libraryProblem, type ExtensionLibrary } from '../contract/extensions.ts';
import { EXTENSION_COMMAND, EXTENSION_REPORTER } from '../editor/blocks/extension-calls.ts';
import { libraryFromXml } from '../editor/extension-library.ts';
import {
  arith,
  call,
  n,
  procedure,
  programXml,
  s,
  set,
  setUpBlocks,
  v,
  type B,
} from '../editor/test-support.ts';
import { logoFromXml } from '../editor/workspace/headless.ts';
import { setAddedExtensions } from '../state/extensions.ts';
import { mergeExtensionLogo } from '../program/merge-logo.ts';

const UUID = '3f1c2b4a-1111-4222-8333-444455556666';
let core: WasmCore;

beforeAll(async () => {
  setUpBlocks();
  core = await loadTestCore();
});

// The maker's procedures: a command with an input, a reporter, and a command that uses both.
const BLINK = procedure(
  'blink lamp',
  ['times'],
  [
    s(
      'gogo_repeat',
      {},
      {
        TIMES: v('times'),
        DO: [
          s('gogo_led', { STATE: 'ledon' }),
          s('gogo_wait', {}, { TIME: n(2) }),
          s('gogo_led', { STATE: 'ledoff' }),
        ],
      },
    ),
  ],
);
const DOUBLE = procedure('double', ['n'], [], { returns: arith(v('n'), 'MULTIPLY', n(2)) });
const SHOW_TWICE = procedure(
  'show twice',
  ['value'],
  [
    call('blink lamp', ['times'], [n(1)]),
    s('gogo_show', {}, { VALUE: call('double', ['n'], [v('value')], true) }),
  ],
);
// The maker tries the blocks under the start block: not part of the library.
const EXTENSION_XML = programXml(
  [call('blink lamp', ['times'], [n(3)])],
  [BLINK, DOUBLE, SHOW_TWICE],
);

const ext = (proc: string, params: string[], args: B[], reporter = false): B => ({
  type: reporter ? EXTENSION_REPORTER : EXTENSION_COMMAND,
  mutation: `<mutation ext="${UUID}" proc="${proc}" params="${params.join(' ')}"></mutation>`,
  inputs: Object.fromEntries(args.map((a, i) => [`ARG${i}`, a])),
});

function compile(logo: string, version: string): number[] {
  const result = core.compileLogo(logo, version);
  if (!result.ok) throw new Error(`${result.error.message}\n${logo}`);
  return [...result.value.data];
}

describe('an extension made from a workspace', () => {
  let library: ExtensionLibrary;

  beforeEach(() => {
    const draft = libraryFromXml(EXTENSION_XML, 'Lamp kit');
    expect(draft.issues).toEqual([]);
    library = draft.library as ExtensionLibrary;
    setAddedExtensions([{ uuid: UUID, name: 'Lamp kit', version: 1, isArchived: false, library }]);
  });

  it('holds each procedure with its parameters, shape and Logo', () => {
    expect(libraryProblem(library)).toBeNull();
    expect(library.procedures.map((p) => [p.name, p.params, p.output])).toEqual([
      ['blink_lamp', ['times'], false],
      ['double', ['n'], true],
      ['show_twice', ['value'], false],
    ]);
    expect(library.procedures[1]?.logo).toBe('to double :n\noutput n * 2\nend');
    expect(library.texts.en).toEqual({
      category: 'Lamp kit',
      blocks: { blink_lamp: 'blink lamp', double: 'double', show_twice: 'show twice' },
    });
  });

  it.each(['1.2', '1.3', '1.4', '2.1'])(
    'compiles a program of its blocks byte-exactly as the hand-written one (Logo %s)',
    (version) => {
      const body = [
        ext('show_twice', ['value'], [n(21)]),
        s('gogo_show', {}, { VALUE: ext('double', ['n'], [n(4)], true) }),
      ];
      const merged = mergeExtensionLogo(logoFromXml(programXml(body)), [library]);
      const byHand = logoFromXml(
        programXml(
          [
            call('show twice', ['value'], [n(21)]),
            s('gogo_show', {}, { VALUE: call('double', ['n'], [n(4)], true) }),
          ],
          [BLINK, DOUBLE, SHOW_TWICE],
        ),
      );
      expect(merged).toBe(byHand);
      expect(compile(merged, version)).toEqual(compile(byHand, version));
    },
  );

  it('merges only the procedures a program uses, and those they use', () => {
    const logo = mergeExtensionLogo(
      logoFromXml(programXml([ext('blink_lamp', ['times'], [n(2)])])),
      [library],
    );
    expect(logo).toContain('to blink_lamp :times');
    expect(logo).not.toContain('to double');
    expect(logo).not.toContain('to show_twice');
    compile(logo, '1.3');
    const none = logoFromXml(programXml([s('gogo_beep')]));
    expect(mergeExtensionLogo(none, [library])).toBe(none);
  });

  it("keeps a program's own procedure names clear of the extension's", () => {
    // The user's own `double` would clash with the extension's: the user's is renamed.
    const mine = procedure('double', [], [s('gogo_beep')]);
    const logo = logoFromXml(
      programXml(
        [s('gogo_show', {}, { VALUE: ext('double', ['n'], [n(1)], true) }), call('double', [], [])],
        [mine],
      ),
    );
    expect(logo).toContain('to double_2');
    const merged = mergeExtensionLogo(logo, [library]);
    expect(merged).toContain('to double :n');
    compile(merged, '1.3');
  });

  it('in Logo text, a procedure the program defines wins over the extension’s', () => {
    const text = 'to main\nshow double 3\nend\n\nto double :x\noutput x + x\nend\n';
    expect(mergeExtensionLogo(text, [library])).toBe(text);
    // Calls in comments and strings do not count.
    const quiet = 'to main\nshow "double" ; blink_lamp 3\nend\n';
    expect(mergeExtensionLogo(quiet, [library])).toBe(quiet);
  });

  it('a program whose extension is not added keeps its blocks and calls', () => {
    setAddedExtensions([]);
    const logo = logoFromXml(programXml([ext('blink_lamp', ['times'], [n(5)])]));
    expect(logo).toBe('to main\nblink_lamp 5\nend\n');
  });
});

describe('what cannot be an extension', () => {
  it('a workspace without procedures', () => {
    expect(libraryFromXml(programXml([s('gogo_beep')]), 'Empty').issues).toEqual([
      { kind: 'none' },
    ]);
  });

  it('a procedure that uses a global variable', () => {
    const counting = procedure('count up', [], [set('count', arith(v('count'), 'ADD', n(1)))]);
    const draft = libraryFromXml(programXml([], [counting]), 'Counter');
    expect(draft.library).toBeNull();
    expect(draft.issues).toContainEqual({
      kind: 'global',
      procedure: 'count up',
      variable: 'count',
    });
  });
});

// Property: every program of the golden Logo 1.3 fixture (core-rs/tests/fixtures) that
// compiles goes Logo → blocks → Logo and compiles to the same byte code, or is one of the
// few programs blocks cannot express and is refused as such. The importer reads with
// core-rs's parser, so the blocks hold exactly the program the compiler read.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestCore } from '../../core/testing/test-core.node.ts';
import type { WasmCore } from '../../core/wasm-core.ts';
import { setUpBlocks } from '../test-support.ts';
import { logoFromXml } from '../workspace/headless.ts';
import { LogoImportError, logoToWorkspaceXml } from './logo-import.ts';
import { goldenSamples } from '../../core/testing/logo-golden.node.ts';

const compiling = goldenSamples.filter((s) => s.expect === 'ok');

/** Programs blocks cannot show, and why: the importer must refuse them, not guess. */
const NOT_AS_BLOCKS: Record<string, string> = {
  // `abthisway?` asks about two motors at once; the motor-state block names one port.
  s27: 'abthisway?',
  // Statements after `stop` in a procedure: a block stack ends at `stop`.
  u07: 'beep',
};

/** Programs whose blocks write an equal program in other words (checked byte for byte). */
const WRITTEN_AS: Record<string, (logo: string) => string> = {
  // The node block takes a number: `talkto n5` (NUM16 5) comes back as `talkto 5` (NUM8 5).
  s34: (logo) => logo.replace('talkto n5', 'talkto 5'),
};

let core: WasmCore;

beforeAll(async () => {
  setUpBlocks();
  core = await loadTestCore();
});

function compile(logo: string) {
  const r = core.compileLogo(logo, '1.3');
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}\n${logo}`);
  return { data: [...r.value.data], autoRun: r.value.autoRunState };
}

describe('Logo → blocks → Logo', () => {
  it('covers the golden fixture', () => {
    expect(compiling.length).toBeGreaterThan(30);
  });

  it.each(compiling.map((s) => [s.id, s.logo] as const))(
    'golden sample %s compiles to the same bytes after a trip through blocks',
    (id, logo) => {
      const parse = (source: string, version: string) => core.parseLogo(source, version);
      const refused = NOT_AS_BLOCKS[id];
      if (refused !== undefined) {
        expect(() => logoToWorkspaceXml(logo, parse)).toThrow(LogoImportError);
        try {
          logoToWorkspaceXml(logo, parse);
        } catch (e) {
          expect(e).toMatchObject({ problem: 'notAsBlocks', word: refused });
        }
        return;
      }
      const again = logoFromXml(logoToWorkspaceXml(logo, parse));
      const expected = WRITTEN_AS[id]?.(logo) ?? logo;
      expect(compile(again)).toEqual(compile(expected));
    },
  );
});

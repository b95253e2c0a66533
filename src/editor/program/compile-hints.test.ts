import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WasmCore } from '../../core/wasm-core.ts';
import { loadTestCore } from '../../device/testing/test-core.ts';
import { downloadTranslators } from '../../download/test-support.ts';
import {
  compileHintText,
  editDistance,
  findCompileHint,
  nearestWord,
  type CompileHint,
} from './compile-hints.ts';

let core: WasmCore;
let translators: Record<string, TFunction>;

beforeAll(async () => {
  core = await loadTestCore();
  translators = await downloadTranslators();
});

/** The real compiler's message for `source`, and the hint read from both. */
function hintFor(source: string): { message: string; hint: CompileHint | null } {
  const r = core.compileLogo(source, '1.3');
  if (r.ok) throw new Error(`compiled: ${source}`);
  return { message: r.error.message, hint: findCompileHint(source, r.error.message) };
}

describe('findCompileHint (the compiler’s message stays as it is)', () => {
  it('an unclosed bracket names the line where the [ was opened', () => {
    const { message, hint } = hintFor('to main\nrepeat 4 [ beep\nwait 1\nend\n');
    expect(message).toBe("Line 4: Syntax error at 'end'");
    expect(hint).toEqual({ kind: 'unclosedBracket', openLine: 2 });
    expect(compileHintText(translators.en as TFunction, hint as CompileHint)).toBe(
      "The '[' opened on line 2 is never closed. Add a ']' where its list ends.",
    );
  });

  it('a ] with nothing open names its own line', () => {
    expect(hintFor('to main\nbeep ]\nend\n').hint).toEqual({ kind: 'extraBracket', line: 2 });
  });

  it('an unknown word suggests the nearest Logo word or procedure', () => {
    expect(hintFor('to main\nbeeep\nend\n').hint).toEqual({
      kind: 'unknownWord',
      word: 'beeep',
      suggestion: 'beep',
    });
    expect(hintFor('to main\nREPEAT 2 [ beep ]\nend\n').hint).toMatchObject({
      suggestion: 'repeat',
    });
    expect(hintFor('to main\nblinc\nend\nto blink\nbeep\nend\n').hint).toMatchObject({
      suggestion: 'blink',
    });
    expect(hintFor('to main\nzzqqxx\nend\n').hint).toEqual({
      kind: 'unknownWord',
      word: 'zzqqxx',
      suggestion: null,
    });
  });

  it('a missing end names the procedure and the line where it starts', () => {
    expect(hintFor('to main\nbeep\nto other\nbeep\nend\n').hint).toEqual({
      kind: 'missingEnd',
      name: 'main',
      line: 1,
    });
    expect(hintFor('to main\nbeep\n').hint).toEqual({ kind: 'missingEnd', name: 'main', line: 1 });
  });

  it('a wrong number of inputs names the word, what it takes and what it got', () => {
    expect(hintFor('to main\nsetpower\nend\n').hint).toEqual({
      kind: 'inputs',
      word: 'setpower',
      expected: 1,
      given: 0,
    });
    expect(hintFor('to main\nonfor 1 2\nend\n').hint).toEqual({
      kind: 'inputs',
      word: 'onfor',
      expected: 1,
      given: 2,
    });
    expect(hintFor('to main\nsq 5\nend\nto sq :a :b\nbeep\nend\n').hint).toEqual({
      kind: 'inputs',
      word: 'sq',
      expected: 2,
      given: 1,
    });
  });

  it('gives no hint for messages that already say what is wrong', () => {
    const { message, hint } = hintFor('to main\nshow foo\nend\n');
    expect(message).toBe("Line 2: I don't know the expression 'foo'");
    expect(hint).toBeNull();
  });
});

describe('compileHintText', () => {
  it('says every hint in all four languages, with its values filled in', () => {
    const hints: CompileHint[] = [
      { kind: 'unclosedBracket', openLine: 2 },
      { kind: 'extraBracket', line: 5 },
      { kind: 'missingEnd', name: 'main', line: 1 },
      { kind: 'unknownWord', word: 'zz', suggestion: null },
      { kind: 'unknownWord', word: 'beeep', suggestion: 'beep' },
      { kind: 'inputs', word: 'onfor', expected: 1, given: 2 },
    ];
    for (const hint of hints) {
      const english = compileHintText(translators.en as TFunction, hint);
      for (const lng of ['pt-BR', 'th', 'es']) {
        const text = compileHintText(translators[lng] as TFunction, hint);
        expect(text, lng).not.toBe(english);
        expect(text).not.toMatch(/\{\{/);
        for (const v of Object.values(hint).filter((v) => v !== hint.kind && v !== null)) {
          expect(text, `${lng} ${hint.kind}`).toContain(String(v));
        }
      }
    }
  });
});

describe('nearestWord', () => {
  it('picks the closest word by edit distance, none when all are far', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(nearestWord('setpowr', ['setpower', 'seth', 'beep'])).toBe('setpower');
    expect(nearestWord('xyz', ['setpower', 'beep'])).toBeNull();
  });
});

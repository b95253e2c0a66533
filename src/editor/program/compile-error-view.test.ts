import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WasmCore } from '../../core/wasm-core.ts';
import { loadTestCore } from '../../device/testing/test-core.ts';
import { downloadTranslators } from '../../download/test-support.ts';
import { compileErrorView } from './compile-error-view.ts';

let core: WasmCore;
let translators: Record<string, TFunction>;

beforeAll(async () => {
  core = await loadTestCore();
  translators = await downloadTranslators();
});

/** What the editor lists and marks for `source`, compiled by the real compiler. */
function viewOf(source: string, lng = 'en') {
  const r = core.compileLogo(source, '1.3');
  if (r.ok) throw new Error(`compiled: ${source}`);
  const t = translators[lng] as TFunction;
  return compileErrorView(t, source, r.error.message, r.error.line, r.error.mistake);
}

describe('compileErrorView', () => {
  it('names the line and the words of a command short of inputs, not the next line', () => {
    const source = 'to main\nbeep\nbeep\nbeep\nbeep\nfoo 1\nend\n\nto foo :a :b\nbeep\nend\n';
    expect(viewOf(source)).toEqual({
      line: 6,
      message: "“foo 1”: Wrong number of inputs for 'foo': it takes 2, but here it gets 1.",
      note: "The compiler stopped at: Line 7: Syntax error at 'end'",
      range: { line: 6, column: 0, endLine: 6, endColumn: 5 },
    });
  });

  it('blames an unclosed list on the command that opened it', () => {
    const view = viewOf('to main\n  repeat 4 [ beep\nwait 1\nend\n');
    expect(view?.line).toBe(2);
    expect(view?.message).toBe(
      "“repeat 4 [”: The '[' opened on line 2 is never closed. Add a ']' where its list ends.",
    );
    expect(view?.range).toEqual({ line: 2, column: 2, endLine: 2, endColumn: 12 });
  });

  it('says what is missing when no hint fits, in the user’s language', () => {
    // `repeat 3` lacks its list; the compiler stops at the next line's `beep`.
    const source = 'to main\nrepeat 3\nbeep\nend\n';
    expect(viewOf(source)).toMatchObject({
      line: 2,
      message: '“repeat 3”: this is not complete; something is missing after it.',
      note: "The compiler stopped at: Line 3: Syntax error at 'beep'",
    });
    expect(viewOf(source, 'th')).toMatchObject({
      line: 2,
      message: '“repeat 3”: ส่วนนี้ยังไม่ครบ ยังขาดบางอย่างต่อจากนี้',
      note: "ตัวแปลโปรแกรมหยุดที่: บรรทัด 3: ไวยากรณ์ผิดพลาดที่ 'beep'",
    });
  });

  it('keeps the compiler’s words when it stopped at the mistake, and marks the word', () => {
    expect(viewOf('to main\nbeep\nshow y\nend\n')).toEqual({
      line: 3,
      message: "I don't know the expression 'y'",
      range: { line: 3, column: 5, endLine: 3, endColumn: 6 },
    });
    expect(viewOf('to main\nREPAET 3 [ beep ]\nend\n')?.message).toBe(
      "Syntax error at 'REPAET' — 'REPAET' is not a Logo word or a procedure of this program. Did you mean 'repeat'?",
    );
  });

  it('shortens a long quote to one line', () => {
    const long = `to main\nifelse sensor1 > 500 and sensor2 < 300 and sensor3 = 7 [ on ]\nend\n`;
    const view = viewOf(long);
    expect(view?.line).toBe(2);
    expect(view?.message.startsWith('“ifelse sensor1 > 500 and sensor2 < 300…”: ')).toBe(true);
  });
});

import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { addCompileHints, COMPILE_HINT, shiftedMap } from './vite-compile-hints.ts';

type Bundle = Rolldown.OutputBundle;

/** A chunk with the fields the step reads and writes, and its source map beside it. */
function chunk(fileName: string, imports: string[], extra: Record<string, unknown> = {}) {
  const map = { version: 3, sources: ['a.ts'], names: [], mappings: 'AAAA;AACA' };
  return [
    {
      type: 'chunk',
      fileName,
      imports,
      isEntry: false,
      isDynamicEntry: false,
      moduleIds: [],
      code: 'const a = 1;\nexport { a };\n',
      map: { ...map },
      ...extra,
    },
    { type: 'asset', fileName: `${fileName}.map`, source: JSON.stringify(map) },
  ];
}

function bundle(): Bundle {
  return Object.fromEntries(
    [
      ...chunk('assets/index.js', ['assets/shared.js'], { isEntry: true }),
      ...chunk('assets/shared.js', []),
      ...chunk('assets/EditorPage.js', ['assets/shared.js', 'assets/blockly.js'], {
        isDynamicEntry: true,
        facadeModuleId: '/app/src/editor/ui/EditorPage.tsx',
      }),
      ...chunk('assets/blockly.js', []),
      ...chunk('assets/Other.js', ['assets/shared.js'], {
        isDynamicEntry: true,
        facadeModuleId: '/app/src/other/Other.tsx',
      }),
    ].map((f) => [f.fileName, f]),
  ) as unknown as Bundle;
}

const code = (b: Bundle, name: string) => (b[name] as Rolldown.OutputChunk).code;
const mappings = (b: Bundle, name: string) =>
  (JSON.parse(String((b[`${name}.map`] as Rolldown.OutputAsset).source)) as { mappings: string })
    .mappings;

describe('compile hints', () => {
  it("marks the start-up chunks and the editor route's, and no other", () => {
    const b = bundle();
    expect(addCompileHints(b).sort()).toEqual([
      'assets/EditorPage.js',
      'assets/blockly.js',
      'assets/index.js',
      'assets/shared.js',
    ]);
    for (const name of ['assets/index.js', 'assets/EditorPage.js', 'assets/blockly.js']) {
      expect(code(b, name).split('\n')[0]).toBe(COMPILE_HINT);
      expect(code(b, name).split('\n')[1]).toBe('const a = 1;');
    }
    expect(code(b, 'assets/Other.js')).toBe('const a = 1;\nexport { a };\n');
  });

  it('keeps the source maps pointing at the same code, one line lower', () => {
    const b = bundle();
    addCompileHints(b);
    expect(mappings(b, 'assets/index.js')).toBe(';AAAA;AACA');
    expect((b['assets/index.js'] as Rolldown.OutputChunk).map?.mappings).toBe(';AAAA;AACA');
    expect(mappings(b, 'assets/Other.js')).toBe('AAAA;AACA');
    expect(JSON.parse(shiftedMap('{"version":3,"mappings":"","file":"x.js"}'))).toEqual({
      version: 3,
      mappings: ';',
      file: 'x.js',
    });
  });

  it('marks nothing in a build without the editor', () => {
    const b = bundle();
    delete b['assets/EditorPage.js'];
    expect(addCompileHints(b)).toEqual([]);
    expect(code(b, 'assets/index.js')).toBe('const a = 1;\nexport { a };\n');
  });
});

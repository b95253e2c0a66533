import { describe, expect, it } from 'vitest';
import { fakeBundle, fakeChunk } from './vite-bundle-fixture.ts';
import { editorLoadChunks, warmModule, warmPage } from './vite-code-cache.ts';

const bundle = fakeBundle([
  fakeChunk('assets/index.js', ['assets/shared.js'], { isEntry: true }),
  fakeChunk('assets/react.js', [], { isEntry: true }),
  fakeChunk('assets/shared.js', []),
  fakeChunk('assets/EditorPage.js', ['assets/shared.js', 'assets/blockly.js'], {
    isDynamicEntry: true,
    facadeModuleId: '/app/src/editor/ui/EditorPage.tsx',
  }),
  fakeChunk('assets/blockly.js', []),
  fakeChunk('assets/Other.js', [], {
    isDynamicEntry: true,
    facadeModuleId: '/app/src/x/Other.tsx',
  }),
  { type: 'asset', fileName: 'assets/index.css', source: '' },
]);

describe('code cache page', () => {
  it("lists the entries' chunks and the editor's, not other routes'", () => {
    expect(editorLoadChunks(bundle)?.sort()).toEqual([
      'assets/EditorPage.js',
      'assets/blockly.js',
      'assets/index.js',
      'assets/react.js',
      'assets/shared.js',
    ]);
  });

  it('imports the stop module first, every chunk by a path from its own folder', () => {
    const source = warmModule('assets/stop.js', ['assets/index.js', 'lib/react.js'], 'assets/w.js');
    expect(source).toBe("import './stop.js';\nimport './index.js';\nimport '../lib/react.js';\n");
  });

  it('loads its module from a file, with no inline script', () => {
    const page = warmPage('assets/code-cache-1.js');
    expect(page).toContain('<script type="module" src="./assets/code-cache-1.js"></script>');
    expect(page.match(/<script/g)).toHaveLength(1);
  });
});

import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { fakeBundle, fakeChunk } from './vite-bundle-fixture.ts';
import { EDITOR_ROUTE, preloadScript, routeFiles } from './vite-route-preload.ts';

const bundle = fakeBundle([
  fakeChunk('assets/index.js', ['assets/shared.js'], { isEntry: true }),
  fakeChunk('assets/react.js', [], { isEntry: true }),
  fakeChunk('assets/shared.js', []),
  fakeChunk('assets/EditorPage.js', ['assets/shared.js', 'assets/react.js', 'assets/blockly.js'], {
    isDynamicEntry: true,
    facadeModuleId: '/app/src/editor/ui/EditorPage.tsx',
    viteMetadata: { importedCss: new Set(['assets/EditorPage.css']) },
  }),
  fakeChunk('assets/blockly.js', ['assets/msg.js']),
  fakeChunk('assets/msg.js', []),
  fakeChunk('assets/Other.js', ['assets/shared.js'], {
    isDynamicEntry: true,
    facadeModuleId: '/app/src/other/Other.tsx',
  }),
]);

describe('route preload', () => {
  it("lists the editor's chunks no entry has loaded, and their style sheets", () => {
    expect(routeFiles(bundle, /EditorPage\.tsx$/)).toEqual({
      scripts: ['assets/EditorPage.js', 'assets/blockly.js', 'assets/msg.js'],
      styles: ['assets/EditorPage.css'],
    });
    expect(routeFiles(bundle, /Missing\.tsx$/)).toBeNull();
  });

  it('finds the editor in the chunk it shares with pages that embed it', () => {
    const shared = fakeBundle([
      fakeChunk('assets/index.js', [], { isEntry: true }),
      fakeChunk('assets/EditorPage.js', ['assets/blockly.js'], {
        moduleIds: ['/app/src/editor/ui/EditorPage.tsx', '/app/src/editor/x.ts'],
      }),
      fakeChunk('assets/blockly.js', []),
    ]);
    expect(routeFiles(shared, /EditorPage\.tsx$/)?.scripts).toEqual([
      'assets/EditorPage.js',
      'assets/blockly.js',
    ]);
  });

  it('matches the routes that open the editor and no other', () => {
    for (const hash of ['', '#', '#/', '#/program', '#/program/abc', '#/code/1', '#/program-v1'])
      expect(EDITOR_ROUTE.test(hash), hash).toBe(true);
    for (const hash of ['#/classroom/class', '#/remix/projects', '#/programs', '#/datalog'])
      expect(EDITOR_ROUTE.test(hash), hash).toBe(false);
  });

  it('adds preload links on an editor route only, and opens the storage on every route', () => {
    const files = { scripts: ['assets/a.js'], styles: ['assets/a.css'] };
    let storageOpened = 0;
    const localStorage = {
      get length() {
        storageOpened += 1;
        return 0;
      },
    };
    const run = (hash: string) => {
      const links: Record<string, string>[] = [];
      const document = {
        createElement: () => ({}) as Record<string, string>,
        head: { appendChild: (l: Record<string, string>) => links.push(l) },
      };
      runInNewContext(preloadScript(files, '/'), { location: { hash }, document, localStorage });
      return links;
    };
    // In CORS mode, as Vite's loader asks for them later: otherwise the style sheet is
    // fetched twice and the browser warns that its preload went unused.
    expect(run('#/program')).toEqual([
      { rel: 'modulepreload', href: '/assets/a.js', crossOrigin: '' },
      { rel: 'preload', href: '/assets/a.css', as: 'style', crossOrigin: '' },
    ]);
    expect(run('#/classroom/class')).toEqual([]);
    expect(storageOpened).toBe(2);
  });

  it('goes on when the browser refuses the storage (a blocked site, say)', () => {
    const files = { scripts: ['assets/a.js'], styles: [] };
    const links: unknown[] = [];
    const localStorage = {
      get length(): number {
        throw new Error('SecurityError');
      },
    };
    const document = {
      createElement: () => ({}),
      head: { appendChild: (l: unknown) => links.push(l) },
    };
    runInNewContext(preloadScript(files, '/'), { location: { hash: '' }, document, localStorage });
    expect(links).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { isEntryModule, START_CHUNKS, withStartScripts } from './vite-start-scripts.ts';

describe('start scripts', () => {
  it("puts the libraries' module scripts, in order, before the app's", () => {
    const page =
      '<head><script src="/assets/preload.js"></script>\n' +
      '    <script type="module" crossorigin src="/assets/index-1.js"></script>\n</head>';
    const out = withStartScripts(page, ['/assets/react-2.js', '/assets/libraries-3.js']) ?? '';
    const at = (src: string) => out.indexOf(`<script type="module" crossorigin src="${src}">`);
    expect(at('/assets/react-2.js')).toBeGreaterThan(out.indexOf('/assets/preload.js'));
    expect(at('/assets/libraries-3.js')).toBeGreaterThan(at('/assets/react-2.js'));
    expect(at('/assets/index-1.js')).toBeGreaterThan(at('/assets/libraries-3.js'));
    expect(out.match(/<script type="module"/g)).toHaveLength(3);
  });

  it('refuses a page without a module script', () => {
    expect(withStartScripts('<head></head>', ['/assets/react.js'])).toBeNull();
  });

  it('knows an entry module on either path separator', () => {
    expect(isEntryModule('/app/src/start/react.ts', 'src/start/react.ts')).toBe(true);
    expect(isEntryModule('C:\\app\\src\\start\\react.ts', 'src/start/react.ts')).toBe(true);
    expect(isEntryModule('/app/src/start/react.tsx', 'src/start/react.ts')).toBe(false);
  });

  it('gives React its own chunk and every other package to the libraries', () => {
    const chunkOf = (id: string) => START_CHUNKS.find((c) => c.packages.test(id))?.name;
    expect(chunkOf('/app/node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react');
    expect(chunkOf('/app/node_modules/react/index.js')).toBe('react');
    expect(chunkOf('/app/node_modules/react-router/dist/index.mjs')).toBe('router');
    expect(chunkOf('/app/node_modules/react-router-dom/dist/index.mjs')).toBe('router');
    expect(chunkOf('/app/node_modules/react-bootstrap/esm/Button.js')).toBe('libraries');
    expect(chunkOf('/app/node_modules/i18next/dist/esm/i18next.js')).toBe('libraries');
    expect(chunkOf('/app/src/main.tsx')).toBeUndefined();
  });
});

// The second visit finds the editor's compiled code ready (src/offline/code-cache.ts): on the
// first visit, once the service worker has precached the app, a hidden frame compiles the
// editor's modules from that cache without running them, and goes. Chromium's trace of the
// second visit shows whether it still had to write compiled code for those modules.
import { CODE_CACHE_MARK, CODE_CACHE_PAGE } from '../../src/offline/code-cache-page.ts';
import { EditorPage } from './editor-page.ts';
import { expect, test } from './fixtures/board-link.ts';

test.use({ serviceWorkers: 'allow' });

interface TraceEvent {
  name: string;
  args?: { data?: { url?: string } };
}

test('the first visit compiles the editor into the cache, quietly; the second compiles none of it', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  const frames: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) frames.push(new URL(frame.url()).pathname);
  });

  await new EditorPage(page).open('/program');
  await page.waitForFunction(
    (mark) => performance.getEntriesByName(mark).length > 0,
    CODE_CACHE_MARK,
    {
      timeout: 60_000,
    },
  );
  expect(frames).toEqual([`/${CODE_CACHE_PAGE}`]);
  expect(page.frames()).toHaveLength(1);
  expect(problems).toEqual([]);
  // The modules the frame compiled, from its module's imports.
  const compiled = await page.evaluate(async (path) => {
    const html = await (await fetch(path)).text();
    const module = /src="\.\/([^"]+)"/.exec(html)?.[1] ?? '';
    const source = await (await fetch(`/${module}`)).text();
    return [...source.matchAll(/import '\.\/([^']+)'/g)].map((m) => m[1] ?? '');
  }, `/${CODE_CACHE_PAGE}`);
  expect(compiled).toContainEqual(expect.stringMatching(/^blockly-.*\.js$/));

  const second = await context.newPage();
  await browser.startTracing(second, { categories: ['v8', 'disabled-by-default-v8.compile'] });
  await new EditorPage(second).open('/program');
  const trace = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: TraceEvent[];
  };
  const modules = (name: string) =>
    trace.traceEvents
      .filter((e) => e.name === name && e.args?.data?.url)
      .map((e) => (e.args?.data?.url ?? '').replace(/.*\//, ''));
  // The trace saw the modules load, and V8 wrote compiled code for none of them.
  expect(modules('v8.compileModule')).toContainEqual(expect.stringMatching(/^blockly-.*\.js$/));
  expect(modules('v8.produceModuleCache').filter((name) => compiled.includes(name))).toEqual([]);
});

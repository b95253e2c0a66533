// V8 stores a script's compiled code beside it in the service worker's cache the first time a
// page runs it from there, which would fall inside the second visit's load. Once the service
// worker has precached the app on a first visit, this opens code-cache.html (written by the
// build, scripts/vite-code-cache.ts) in a hidden frame: it compiles the editor's modules
// from that cache and runs none of them, so the second visit finds their compiled code ready.
import { whenFirstScreenShown } from '../ui/first-screen.ts';
import { CODE_CACHE_MARK, CODE_CACHE_PAGE } from './code-cache-page.ts';

/** How long the frame stays after it loads: V8 writes each module's code in a task of its own. */
export const FRAME_KEEP_MS = 3000;

/** Opens `url` in a hidden frame of `doc` and removes the frame `keepMs` after it loads. */
export function compileInFrame(url: string, doc: Document, keepMs = FRAME_KEEP_MS): Promise<void> {
  return new Promise((resolve) => {
    const frame = doc.createElement('iframe');
    frame.hidden = true;
    frame.tabIndex = -1;
    frame.setAttribute('aria-hidden', 'true');
    frame.addEventListener(
      'load',
      () =>
        setTimeout(() => {
          frame.remove();
          performance.mark(CODE_CACHE_MARK);
          resolve();
        }, keepMs),
      { once: true },
    );
    frame.src = url;
    doc.body.append(frame);
  });
}

/** After the first screen, when the browser is idle: compiles the app into the cache. */
export async function prepareCodeCache(): Promise<void> {
  await whenFirstScreenShown();
  await new Promise<void>((resolve) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(() => resolve(), { timeout: 5000 })
      : setTimeout(resolve, 0),
  );
  await compileInFrame(`${import.meta.env.BASE_URL}${CODE_CACHE_PAGE}`, document);
}

// A class of 30 opening the editor at once through one school link of 20 Mbit/s, for
// `npm run bench -- school`. Thirty real browsers would need thirty computers' CPUs; this
// machine has two cores. So `contexts` real browser contexts (fresh: empty cache, the
// service worker allowed, as on a student's first visit) start together through a link
// (shared-link.ts) of their share of it, 20 × contexts / 30 Mbit/s, with a 40 ms round trip:
// each student gets the 0.67 Mbit/s a class of 30 would, and the last of them to have
// interactive blocks stands for the 30th student. Everything the pages load crosses it,
// the service worker's precache included. Then the next lesson: the same contexts open the
// editor again (the service worker installed and controlling, files cached as immutable).
import type { Browser, BrowserContext } from '@playwright/test';
import { finishFirstVisit, openAndWatch, WATCH, watchLoad } from './first-load.ts';
import { throttle } from './main-thread.ts';
import { SharedLink } from './shared-link.ts';
import { VIEWPORT } from './school-jobs.ts';

export const CLASS_SIZE = 30;
export const SCHOOL_MBIT = 20;
const LATENCY_MS = 40;

export interface ClassLoad {
  /** From the start to the last student's interactive blocks, ms. */
  lastMs: number;
  /** Each student's, ms. */
  readyMs: number[];
  /** Bytes that crossed the link per student until the last one was ready. */
  bytesPerStudent: number;
}

/** Every context opens `url` at the same moment; times until the last is interactive. */
async function lesson(
  contexts: BrowserContext[],
  url: string,
  rate: number,
  link: SharedLink,
): Promise<ClassLoad> {
  const pages = await Promise.all(contexts.map((c) => c.newPage()));
  const throttles = await Promise.all(pages.map((p) => throttle(p, rate)));
  try {
    const bytes0 = link.bytesDown;
    const t0 = Date.now();
    const ready = await Promise.all(
      pages.map(async (p) => {
        // Epoch ms at which the page had interactive blocks.
        const load = await openAndWatch(p, url, 600_000);
        return load.timeOrigin + load.readyMs - t0;
      }),
    );
    const bytes = link.bytesDown - bytes0;
    return {
      lastMs: Math.max(...ready),
      readyMs: ready,
      bytesPerStudent: bytes / contexts.length,
    };
  } finally {
    for (const t of throttles) await t.release();
  }
}

/**
 * The first lesson (cold) and the next (warm) of a class through the link, at CPU rate
 * `rate`; `upstreamPort` is the build's server, `linkPort` a free port for the link.
 */
export async function classOnLink(
  browser: Browser,
  upstreamPort: number,
  linkPort: number,
  rate: number,
  contexts: number,
): Promise<{ cold: ClassLoad; warm: ClassLoad; mbit: number }> {
  const mbit = (SCHOOL_MBIT * contexts) / CLASS_SIZE;
  const link = new SharedLink(upstreamPort, mbit, LATENCY_MS);
  await link.listen(linkPort);
  const url = `http://localhost:${linkPort}/#/program`;
  const students: BrowserContext[] = [];
  try {
    for (let i = 0; i < contexts; i++) {
      const c = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'allow' });
      await c.addInitScript(watchLoad, WATCH);
      students.push(c);
    }
    const cold = await lesson(students, url, rate, link);
    // The service worker finishes its precache over the link and takes the pages over; each
    // first visit then does what it does once the app is in the cache.
    await Promise.all(
      students.flatMap((c) =>
        c.pages().map(async (p) => {
          await finishFirstVisit(p, 600_000, 60_000);
          await p.close();
        }),
      ),
    );
    const warm = await lesson(students, url, rate, link);
    return { cold, warm, mbit };
  } finally {
    for (const c of students) await c.close();
    await link.close();
  }
}

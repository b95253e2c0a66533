// What a browser benchmark needs to judge a page's main thread while a job runs: its long
// tasks (the `longtask` entries, ≥ 50 ms), CPU throttling over CDP for the page and its
// workers, and waits that run inside the page (a MutationObserver resolves them), because
// Playwright's own polling runs scripts on the page's main thread and would be counted as
// the page's work.
import type { CDPSession, Page } from '@playwright/test';

/** A page's long tasks since `startTasks` (the durations, ms) and the longest of them. */
export interface MainThread {
  longTasks: number[];
}

/**
 * Installed before the app's scripts (`page.addInitScript` / `context.addInitScript`): keeps
 * every long task, and gives `waitInPage` its watcher. A string, not a function: tsx names
 * the functions it compiles (`__name`), which the page does not have.
 */
export const WATCH_TASKS = `(() => {
  const tasks = [];
  window.gogoTasks = tasks;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push(Math.round(e.duration));
  }).observe({ type: 'longtask', buffered: true });
  window.gogoWaitFor = (selector, source, flags, count) =>
    new Promise((resolve) => {
      const text = source === null ? null : new RegExp(source, flags);
      const ok = () => {
        const found = document.querySelectorAll(selector);
        if (found.length < count) return false;
        for (const el of found) if (text !== null && !text.test(el.textContent || '')) return false;
        return true;
      };
      if (ok()) return resolve();
      const observer = new MutationObserver(() => {
        if (!ok()) return;
        observer.disconnect();
        resolve();
      });
      observer.observe(document.documentElement, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
})();`;

interface WatchedWindow {
  gogoTasks?: number[];
  gogoWaitFor?: (
    selector: string,
    source: string | null,
    flags: string,
    count: number,
  ) => Promise<void>;
}

/** Forgets the long tasks seen so far. */
export async function startTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const tasks = (window as unknown as WatchedWindow).gogoTasks;
    if (!tasks) throw new Error('WATCH_TASKS is not installed on this page');
    tasks.length = 0;
  });
}

/** The long tasks since `startTasks`. */
export async function takeTasks(page: Page): Promise<MainThread> {
  const longTasks = await page.evaluate(() => [
    ...((window as unknown as WatchedWindow).gogoTasks ?? []),
  ]);
  return { longTasks };
}

/**
 * Resolves once `count` (default 1) elements match `selector` (each with text matching
 * `text`, when given): watched from inside the page (WATCH_TASKS), no polling from here.
 */
export async function waitInPage(
  page: Page,
  selector: string,
  options: { text?: RegExp; count?: number; timeoutMs?: number } = {},
): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const found = page.evaluate(
    ({ selector, source, flags, count }) => {
      const wait = (window as unknown as WatchedWindow).gogoWaitFor;
      if (!wait) throw new Error('WATCH_TASKS is not installed on this page');
      return wait(selector, source, flags, count);
    },
    {
      selector,
      source: options.text?.source ?? null,
      flags: options.text?.flags ?? '',
      count: options.count ?? 1,
    },
  );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(
      () => fail(new Error(`timed out after ${timeoutMs} ms waiting for ${selector}`)),
      timeoutMs,
    );
  });
  try {
    await Promise.race([found, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Clicks the element matching `selector` from inside the page (no actionability polling). */
export async function clickInPage(page: Page, selector: string): Promise<void> {
  await page.evaluate((s) => {
    const el = document.querySelector<HTMLElement>(s);
    if (!el) throw new Error(`nothing matches ${s}`);
    el.click();
  }, selector);
}

/**
 * CPU throttling (CDP `Emulation.setCPUThrottlingRate`) for the page and, where Chromium
 * takes it, for its workers (now and later ones: the session auto-attaches to them).
 * `workers` counts the workers that accepted the rate; `release` sets rate 1 again.
 */
export interface Throttle {
  rate: number;
  workers(): { accepted: number; refused: number };
  release(): Promise<void>;
}

export async function throttle(page: Page, rate: number): Promise<Throttle> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  let accepted = 0;
  let refused = 0;
  let next = 0;
  const pending = new Map<number, (ok: boolean) => void>();
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const m = JSON.parse(e.message) as { id?: number; error?: unknown };
    if (m.id !== undefined) pending.get(m.id)?.(m.error === undefined);
  });
  const sessions: string[] = [];
  const setRate = (sessionId: string, value: number) =>
    new Promise<boolean>((answer) => {
      const id = ++next;
      pending.set(id, answer);
      const message = JSON.stringify({
        id,
        method: 'Emulation.setCPUThrottlingRate',
        params: { rate: value },
      });
      cdp.send('Target.sendMessageToTarget', { sessionId, message }).catch(() => answer(false));
      setTimeout(() => answer(false), 5000);
    });
  cdp.on('Target.attachedToTarget', (e) => {
    if (e.targetInfo.type !== 'worker') return;
    sessions.push(e.sessionId);
    void setRate(e.sessionId, rate).then((ok) => (ok ? accepted++ : refused++));
  });
  await cdp.send('Target.setAutoAttach', {
    autoAttach: true,
    waitForDebuggerOnStart: false,
    flatten: false,
  });
  return {
    rate,
    workers: () => ({ accepted, refused }),
    async release() {
      try {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        for (const s of sessions) await setRate(s, 1);
        await cdp.detach();
      } catch {
        // The page closed first: nothing is throttled any more.
      }
    },
  };
}

/** The longest of `tasks` (0 when none). */
export const longest = (tasks: readonly number[]) => Math.max(0, ...tasks);

// Toasts last 2.5 s (spec core §8). On a machine as busy as the test command makes it, a
// check that polls the page for one can miss it: the page and the test runner wait for a
// core between polls. A watch records every toast the page shows from the moment it is set
// until the page reloads, so a test can ask afterwards whether one was shown.
import { expect, type Page } from '@playwright/test';

interface Seen {
  kind: string;
  text: string;
}

declare global {
  interface Window {
    e2eToastsSeen?: Seen[];
  }
}

/** Starts recording the toasts `page` shows (set it before the action that shows one). */
export async function watchToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    if (window.e2eToastsSeen) return;
    const seen: Seen[] = [];
    window.e2eToastsSeen = seen;
    const note = (node: Node) => {
      if (!(node instanceof Element)) return;
      const toasts = [node, ...node.querySelectorAll('[data-testid^="toast-"]')].filter((e) =>
        e.getAttribute('data-testid')?.startsWith('toast-'),
      );
      for (const toast of toasts) {
        const kind = toast.getAttribute('data-testid')?.slice('toast-'.length) ?? '';
        seen.push({ kind, text: toast.textContent ?? '' });
      }
    };
    new MutationObserver((changes) => {
      for (const change of changes) change.addedNodes.forEach(note);
    }).observe(document.body, { childList: true, subtree: true });
  });
}

/** Waits until the page has shown a toast of `kind` with `text` since `watchToasts`. */
export async function expectToastShown(
  page: Page,
  kind: string,
  text: string,
  timeout = 10_000,
): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          ([k, t]) => (window.e2eToastsSeen ?? []).some((s) => s.kind === k && s.text.includes(t)),
          [kind, text] as const,
        ),
      { message: `a ${kind} toast saying "${text}"`, timeout },
    )
    .toBe(true);
}

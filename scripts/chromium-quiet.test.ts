import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chromium } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import {
  chromiumPath,
  PLAYWRIGHT_DISABLED_FEATURES,
  QUIET_CHROMIUM_ARGS,
} from './chromium-quiet.ts';

/** The feature names in the installed Playwright's `disabledFeatures = [ … ]` list. */
function playwrightDisabledFeatures(): string[] {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('playwright-core/package.json'));
  const bundle = readFileSync(join(root, 'lib', 'coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([\s\S]*?)\]/.exec(bundle)?.[1];
  if (!list) throw new Error("playwright-core's disabledFeatures list was not found");
  return [...list.replace(/\/\/.*$/gm, '').matchAll(/"([A-Za-z0-9]+)"/g)].map((m) => m[1] ?? '');
}

describe('quiet Chromium switches', () => {
  it('keep every feature the installed Playwright turns off (Chromium keeps only the last --disable-features)', () => {
    const theirs = playwrightDisabledFeatures();
    expect(theirs.length).toBeGreaterThan(5);
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(expect.arrayContaining(theirs));
  });

  it("leave Chromium without the address bar's preloaded popup page", async () => {
    /** Ms until the popup page is there (polled up to `waitMs`), or null if it never came. */
    const popupAfter = async (args: string[], waitMs: number) => {
      const browser = await chromium.launch({
        executablePath: chromiumPath(),
        args: ['--no-sandbox', ...args],
      });
      try {
        const started = Date.now();
        const page = await browser.newPage();
        await page.goto('about:blank');
        const cdp = await browser.newBrowserCDPSession();
        do {
          const { targetInfos } = await cdp.send('Target.getTargets');
          if (targetInfos.some((t) => t.url.startsWith('chrome://omnibox-popup'))) {
            return Date.now() - started;
          }
          await new Promise((ok) => setTimeout(ok, 100));
        } while (Date.now() - started < waitMs);
        return null;
      } finally {
        await browser.close();
      }
    };
    // Without the switch the window preloads it (later on a busy machine)…
    const preloaded = await popupAfter([], 40_000);
    expect(preloaded).not.toBeNull();
    // …with it, not in twice that time.
    expect(await popupAfter(QUIET_CHROMIUM_ARGS, Math.max(3000, 2 * (preloaded ?? 0)))).toBeNull();
  }, 120_000);
});

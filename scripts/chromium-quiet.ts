// Chromium switches that keep the browser's own interface from working beside the page
// under test. Each window Playwright opens (one per page) preloads the address bar's
// suggestion popup, a WebUI page of its own (chrome://omnibox-popup.top-chrome/, some 300
// module scripts); on a 2-core machine it took a core for 1.5-2.5 s of every page load,
// which the benchmarks counted as the page's time and the end-to-end tests waited behind.
// Chromium keeps only the last `--disable-features`, so the switch repeats the features
// Playwright turns off itself (its `chromiumSwitches`; chromium-quiet.test.ts checks the
// installed Playwright's list is all here).

import { execSync } from 'node:child_process';

/** Debian's Chromium (CHROMIUM_PATH, else the one on PATH): never a downloaded browser.
 * Throws when there is none. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? execSync('command -v chromium', { encoding: 'utf8' }).trim();
}

/** The features Playwright's own launch switches turn off. */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/** The browser's own pages preloaded with every window. */
export const BROWSER_UI_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
  'PreloadTopChromeWebUI',
];

/** Launch switches for Debian's Chromium under Playwright: add to `args`. */
export const QUIET_CHROMIUM_ARGS = [
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_UI_FEATURES].join(',')}`,
];

import { defineConfig } from '@playwright/test';
import { chromiumPath, QUIET_CHROMIUM_ARGS } from './scripts/chromium-quiet.ts';
import { API_BASE_PATH } from './src/contract/base-path.ts';
import { E2E_ADMIN_EMAIL } from './tests/e2e/e2e-env.ts';

// Debian's Chromium, never a downloaded browser.
const executablePath = chromiumPath();
const port = Number(process.env.GOGO_E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'tests/e2e',
  // The test command runs both shards beside vitest and PostgreSQL on two cores: a step that
  // takes 2 s alone can take 10 s there (a lazy page after a hash change did, in CI). Passing
  // tests never wait for these limits; only a failure takes longer to report.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // GOGO_E2E_JSON also writes a JSON report there (the test command's digest of failures).
  reporter: [
    [process.env.CI ? 'line' : 'list'],
    ...(process.env.GOGO_E2E_JSON
      ? [['json', { outputFile: process.env.GOGO_E2E_JSON }] as const]
      : []),
  ],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    // The app's service worker would answer requests before page.route() sees them; the
    // offline tests (tests/e2e/offline.spec.ts) turn it back on.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // A fake camera (the Teachable Machine lab); each test grants or denies its use.
        '--use-fake-device-for-media-stream',
        // Not the browser's own address-bar popup beside every page (scripts/chromium-quiet.ts).
        ...QUIET_CHROMIUM_ARGS,
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  // The real stack: Auth emulator (on the three ports after `port`, or GOGO_AUTH_EMULATOR_PORT
  // etc.) + API server serving dist/ (build the UI first). Ephemeral: a scratch database and
  // emulator accounts that vanish when the run ends.
  webServer: {
    command: 'node --import tsx scripts/stack.ts --ephemeral',
    // The admin of the user-management test signs in with this (verified) e-mail.
    env: { GOGO_PORT: String(port), ADMIN_EMAILS: E2E_ADMIN_EMAIL },
    url: `http://127.0.0.1:${port}${API_BASE_PATH}/health`,
    reuseExistingServer: false,
    // As long as the Auth emulator may take to start on a busy machine (scripts/auth-emulator.ts).
    timeout: 600_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});

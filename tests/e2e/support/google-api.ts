// Popup sign-in needs Google's gapi loader from apis.google.com, also with the Auth
// emulator. Tests use the real script when it downloads and fall back to a local stand-in
// of its iframe channel when the machine is offline.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from '@playwright/test';

const SHIM = fs.readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'gapi-iframes-shim.js'),
  'utf8',
);

export async function serveGoogleApiLoader(context: BrowserContext): Promise<void> {
  await context.route('https://apis.google.com/js/api.js*', async (route) => {
    try {
      const response = await route.fetch({ timeout: 5000 });
      if (response.ok()) return await route.fulfill({ response });
    } catch {
      // offline: fall through to the stand-in
    }
    await route.fulfill({ contentType: 'text/javascript', body: SHIM });
  });
}

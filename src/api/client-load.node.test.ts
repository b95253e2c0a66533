import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../contract/base-path.ts';
import { appBaseUrl } from './client.ts';

describe("the app's API base", () => {
  it('is the build-time URL when set, else the same-origin path', () => {
    expect(appBaseUrl({ VITE_API_BASE_URL: 'https://api.example.org/api/v1' })).toBe(
      'https://api.example.org/api/v1',
    );
    expect(appBaseUrl({ VITE_API_BASE_URL: '' })).toBe(API_BASE_PATH);
    expect(appBaseUrl({})).toBe(API_BASE_PATH);
    expect(appBaseUrl(undefined)).toBe(API_BASE_PATH);
  });

  it('lets plain Node (a bench, a script) load the client module', () => {
    // Outside Vite there is no import.meta.env; loading the module used to throw on it.
    const out = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        "const m = await import('./src/api/client.ts'); console.log(typeof m.ApiClient);",
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(out.trim()).toBe('function');
  }, 60_000);
});

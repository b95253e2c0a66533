// The firmware calls as the update makes them, against the real API server: release
// documents checked against the contract, the image as bytes and a legacy file as text,
// all without a signed-in user; an answer of the wrong kind is a 'bad_response'.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTestFirmware } from '../../scripts/make-test-firmware.ts';
import { ApiClient } from '../api/client.ts';
import { englishI18n, startLiveServer, type LiveServer } from '../auth/live-server.node.ts';
import { LEGACY_FILES, versionFromTag } from '../contract/firmware.ts';
import { FirmwareApi } from './firmware-api.ts';

describe('firmware API client (against the real API server)', () => {
  let server: LiveServer;
  let dir: string;
  let api: FirmwareApi;
  const toasts: string[] = [];
  let tokenAsked = 0;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gogo-firmware-api-'));
    writeTestFirmware(dir);
    server = await startLiveServer({ FIRMWARE_DIR: dir });
    const i18n = await englishI18n();
    const client = new ApiClient({
      baseURL: server.baseURL,
      getToken: async () => {
        tokenAsked++;
        return null;
      },
      i18n,
      notify: (m) => toasts.push(m),
    });
    api = new FirmwareApi({ client, notify: (m) => toasts.push(m), translate: (k) => i18n.t(k) });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the latest release and downloads its image, anonymously', async () => {
    expect(versionFromTag((await api.latest()).tag_name)).toBe('1.0.3');
    const asset = (await api.releaseInfo()).assets[0];
    expect(asset?.name).toBe('gogo-esp-1.0.3.bin');
    const bytes = new Uint8Array(await api.download(asset?.browser_download_url ?? ''));
    expect(Buffer.compare(bytes, readFileSync(path.join(dir, 'files', asset?.name ?? '')))).toBe(0);
    const hex = await api.legacyFile(LEGACY_FILES.bootloader.gogo4);
    expect(hex.startsWith(':')).toBe(true);
    expect(tokenAsked).toBe(0);
    expect(toasts).toEqual([]);
  });

  it('refuses a file name that is not a firmware file, and an answer of the wrong kind', async () => {
    await expect(api.legacyFile('../manifest.json', { quiet: true })).rejects.toMatchObject({
      status: 400,
    });
    // The release notes list is JSON, not a release document.
    const wrong = new FirmwareApi({
      client: {
        get: async <T>() => [] as T,
        post: async <T>() => 'text' as T,
        put: async <T>() => ({}) as T,
        delete: async <T>() => ({}) as T,
      },
      notify: (m) => toasts.push(m),
      translate: (k) => k,
    });
    await expect(wrong.latest()).rejects.toMatchObject({ code: 'bad_response' });
    await expect(wrong.download('/x')).rejects.toMatchObject({ code: 'bad_response' });
    expect(toasts).toEqual(['global:mapping.bad_response', 'global:mapping.bad_response']);
  });
});

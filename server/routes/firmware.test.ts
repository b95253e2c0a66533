import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import {
  versionAfterDash,
  versionFromTag,
  type ReleaseInfo,
  type ReleaseList,
} from '../../src/contract/firmware.ts';
import { writeTestFirmware } from '../../scripts/make-test-firmware.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

describe('firmware and release routes', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gogo-firmware-'));
    writeTestFirmware(dir);
    // 45 release notes: three pages of 20.
    const notes = Array.from({ length: 45 }, (_, i) => ({
      name: `v1.${i}.0`,
      release: { tag_name: `v1.${i}.0`, description: `notes ${i}` },
    }));
    writeFileSync(path.join(dir, 'code-releases.json'), JSON.stringify(notes));
    t = await startTestApp({ FIRMWARE_DIR: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ url: `${API_BASE_PATH}${url}` });

  it('pages the release notes 20 at a time, newest version first, with page headers', async () => {
    const first = await get('/releases?page=1&per_page=20&order_by=version');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page']).toBe('1');
    expect(first.headers['x-total-pages']).toBe('3');
    const list = first.json<ReleaseList>();
    expect(list).toHaveLength(20);
    // Numeric order: 1.44.0 before 1.9.0.
    expect(list[0]).toEqual({
      name: 'v1.44.0',
      release: { tag_name: 'v1.44.0', description: 'notes 44' },
    });
    const last = await get('/releases?page=3&per_page=20&order_by=version');
    expect(last.headers['x-page']).toBe('3');
    expect(last.json<ReleaseList>().map((r) => r.name)).toEqual([
      'v1.4.0',
      'v1.3.0',
      'v1.2.0',
      'v1.1.0',
      'v1.0.0',
    ]);
    const beyond = await get('/releases?page=4');
    expect(beyond.json()).toEqual([]);
  });

  it.each([
    ['per_page 0', '/releases?per_page=0', 'querystring/per_page must be >= 1'],
    ['per_page 101', '/releases?per_page=101', 'querystring/per_page must be <= 100'],
    ['an unknown order', '/releases?order_by=date', 'querystring/order_by'],
    ['page 0', '/releases?page=0', 'querystring/page must be >= 1'],
  ])('refuses %s with 400', async (_label, url, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: expect.stringContaining(message) });
  });

  it('gives the latest board firmware with a three-number version in its tag', async () => {
    const res = await get('/firmware/latest');
    expect(res.statusCode).toBe(200);
    const latest = res.json<{ tag_name: string; body: string }>();
    expect(versionFromTag(latest.tag_name)).toBe('1.0.3');
    expect(latest.body).toContain('Test release');
  });

  it('links the image to install as assets[0], downloadable through the download call', async () => {
    const info = (await get('/firmware/release-info')).json<ReleaseInfo>();
    expect(versionAfterDash(info.tag_name)).toBe('1.0.3');
    const asset = info.assets[0];
    expect(asset?.name).toBe('gogo-esp-1.0.3.bin');
    // No PUBLIC_URL configured: a root-relative link.
    expect(asset?.browser_download_url).toBe(`${API_BASE_PATH}/firmware/files/gogo-esp-1.0.3.bin`);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_BASE_PATH}/firmware/download`,
      payload: { url: asset?.browser_download_url },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    const expected = await readFile(path.join(dir, 'files/gogo-esp-1.0.3.bin'));
    expect(Buffer.compare(res.rawPayload, expected)).toBe(0);
  });

  it.each([
    ['another site', 'https://example.org/evil.bin', 404],
    ['a path outside the firmware files', `${API_BASE_PATH}/firmware/files/../manifest.json`, 404],
    ['an encoded slash', `${API_BASE_PATH}/firmware/files/..%2Fmanifest.json`, 404],
    ['a file that does not exist', `${API_BASE_PATH}/firmware/files/gogo-esp-9.9.9.bin`, 404],
  ])('downloads nothing for %s', async (_label, url, status) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_BASE_PATH}/firmware/download`,
      payload: { url },
    });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });

  it('never copies the Host header into release links; PUBLIC_URL decides', async () => {
    const spoofed = await t.app.inject({
      url: `${API_BASE_PATH}/firmware/release-info`,
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(spoofed.statusCode).toBe(200);
    expect(JSON.stringify(spoofed.json())).not.toContain('evil.example');
    const other = await startTestApp({
      FIRMWARE_DIR: dir,
      PUBLIC_URL: 'https://code.example.org/gogo/',
    });
    try {
      const res = await other.app.inject({
        url: `${API_BASE_PATH}/firmware/release-info`,
        headers: { host: 'evil.example' },
      });
      const url = res.json<ReleaseInfo>().assets[0]?.browser_download_url;
      expect(url).toBe(
        `https://code.example.org/gogo${API_BASE_PATH}/firmware/files/gogo-esp-1.0.3.bin`,
      );
      // The link the server handed out downloads through the same server.
      const download = await other.app.inject({
        method: 'POST',
        url: `${API_BASE_PATH}/firmware/download`,
        payload: { url },
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.byteLength).toBe(48 * 1024);
    } finally {
      await other.close();
    }
  });

  it.each([
    ['a truncated escape', `${API_BASE_PATH}/firmware/files/gogo-esp-1.0.3%E0%A4%A.bin`],
    ['an invalid UTF-8 escape', `${API_BASE_PATH}/firmware/files/%C0%AF%FF.bin`],
    ['a lone percent sign', `http://x${API_BASE_PATH}/firmware/files/%.bin`],
  ])('answers 400 with the error shape for %s in the download URL', async (_label, url) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_BASE_PATH}/firmware/download`,
      payload: { url },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      message: 'body/url has a malformed percent-encoding',
    });
  });

  it('refuses a download call without a URL', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_BASE_PATH}/firmware/download`,
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("must have required property 'url'");
  });

  it('serves the legacy bootloader and the versioned firmware hex files', async () => {
    for (const name of ['bootloaderPT.hex', 'rpt10.v43.hex', 'bootloader.hex', 'gogo40.v111.hex']) {
      const res = await get(`/firmware/legacy/${name}`);
      expect(res.statusCode, name).toBe(200);
      expect(res.body.startsWith(':020000040000FA')).toBe(true);
      expect(res.body.trimEnd().endsWith(':00000001FF')).toBe(true);
    }
    expect((await get('/firmware/legacy/rpt10.v99.hex')).statusCode).toBe(404);
    expect((await get('/firmware/legacy/..%2Fmanifest.json')).statusCode).toBe(400);
  });

  it('answers 503 when the firmware folder has no manifest', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'gogo-firmware-empty-'));
    const other = await startTestApp({ FIRMWARE_DIR: empty });
    try {
      const res = await other.app.inject({ url: `${API_BASE_PATH}/firmware/latest` });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: 'unavailable' });
    } finally {
      await other.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

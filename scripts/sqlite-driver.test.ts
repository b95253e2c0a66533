// The SQLite driver's build kept in npm's cache: a later install (prebuild-install, as
// `npm ci` runs it) takes it from there instead of compiling SQLite again.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript script with no type declarations
import { cachedPrebuild, downloadUrl, lockedVersion } from './sqlite-driver.mjs';

const root = path.resolve(import.meta.dirname, '..');
const driver = path.join(root, 'node_modules', 'better-sqlite3');
const prebuildInstall = path.join(root, 'node_modules', 'prebuild-install', 'bin.js');

describe('the SQLite driver build kept for later installs', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'gogo-sqlite-driver-'));
  const cache = path.join(scratch, 'npm-cache');
  const env = { ...process.env, npm_config_cache: cache };
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('is stored where prebuild-install looks, and a fresh install takes it from there', () => {
    const version = lockedVersion() as string;
    expect(version).toBe(
      JSON.parse(fs.readFileSync(path.join(driver, 'package.json'), 'utf8')).version,
    );
    const status = () =>
      spawnSync(process.execPath, ['scripts/sqlite-driver.mjs', 'status'], {
        cwd: root,
        env,
        encoding: 'utf8',
      }).stdout.trim();
    expect(status()).toBe('none');
    const kept = spawnSync(process.execPath, ['scripts/sqlite-driver.mjs', 'keep'], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    expect(kept.status).toBe(0);
    expect(kept.stdout).toContain('kept this build of better-sqlite3');
    expect(status()).toBe('cached');
    expect(fs.existsSync(cachedPrebuild(downloadUrl(version), cache))).toBe(true);

    // A fresh copy of the package with no build: its install step finds the kept binary
    // (no download is tried once the cache answers), unpacks it and loads it.
    const fresh = path.join(scratch, 'better-sqlite3');
    fs.mkdirSync(fresh);
    fs.copyFileSync(path.join(driver, 'package.json'), path.join(fresh, 'package.json'));
    const install = spawnSync(process.execPath, [prebuildInstall, '--verbose'], {
      cwd: fresh,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(install.stderr).toContain('found cached prebuild');
    expect(install.status).toBe(0);
    expect(fs.existsSync(path.join(fresh, 'build', 'Release', 'better_sqlite3.node'))).toBe(true);
  });
});

#!/usr/bin/env node
// The SQLite driver's native build, kept for the next install on this machine.
//
//   node scripts/sqlite-driver.mjs status   prints "cached" or "none"
//   node scripts/sqlite-driver.mjs keep     stores node_modules' build when none is stored
//
// better-sqlite3's install (prebuild-install) first looks in npm's cache for the prebuilt
// binary it would download from GitHub, and compiles SQLite from source (minutes) when it
// cannot download one. Storing the binary this machine compiled where prebuild-install looks
// makes every later `npm ci` of the same version (another clone, a clean reinstall) take
// seconds. The address is prebuild-install's own (checked by sqlite-driver.test.ts).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGE = 'better-sqlite3';
const BINARY = 'build/Release/better_sqlite3.node';

/** The driver's version the lock file installs. */
export function lockedVersion(lockFile = join(root, 'package-lock.json')) {
  const lock = JSON.parse(readFileSync(lockFile, 'utf8'));
  const version = lock.packages?.[`node_modules/${PACKAGE}`]?.version;
  if (typeof version !== 'string') throw new Error(`${PACKAGE} is not in ${lockFile}`);
  return version;
}

/** npm's cache folder, as prebuild-install finds it. */
export function npmCache(env = process.env) {
  return env.npm_config_cache || join(homedir(), '.npm');
}

/** What prebuild-install would download for this Node and platform. */
export function downloadUrl(version) {
  const glibc = process.report.getReport().header.glibcVersionRuntime !== undefined;
  const libc = process.platform === 'linux' && !glibc ? 'musl' : '';
  const name = `${PACKAGE}-v${version}-node-v${process.versions.modules}-${process.platform}${libc}-${process.arch}.tar.gz`;
  return `https://github.com/WiseLibs/${PACKAGE}/releases/download/v${version}/${name}`;
}

/** Where prebuild-install looks for that download before fetching it. */
export function cachedPrebuild(url, cache = npmCache()) {
  const digest = createHash('sha512').update(url).digest('hex').slice(0, 6);
  return join(cache, '_prebuilds', `${digest}-${basename(url).replace(/[^a-zA-Z0-9.]+/g, '-')}`);
}

function main(command) {
  const target = cachedPrebuild(downloadUrl(lockedVersion()));
  if (command === 'status') {
    console.log(existsSync(target) ? 'cached' : 'none');
    return 0;
  }
  if (command === 'keep') {
    const dir = join(root, 'node_modules', PACKAGE);
    if (existsSync(target) || !existsSync(join(dir, BINARY))) return 0;
    mkdirSync(dirname(target), { recursive: true });
    const partial = `${target}.${process.pid}.tmp`;
    const tar = spawnSync('tar', ['-czf', partial, '-C', dir, BINARY], { stdio: 'inherit' });
    if (tar.status !== 0) return 1;
    renameSync(partial, target);
    console.log(`sqlite-driver: kept this build of ${PACKAGE} for later installs (${target})`);
    return 0;
  }
  console.error('usage: node scripts/sqlite-driver.mjs status|keep');
  return 2;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(main(process.argv[2]));

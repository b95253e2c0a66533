#!/usr/bin/env node
// Builds core-rs for wasm32-unknown-unknown and copies the module to core-rs/pkg/.
//
// Toolchain choice (first that works): rustup with the wasm32 target installed; otherwise
// Debian's rustc 1.63 + cargo + libstd-rust-dev-wasm32 + lld (installed with apt when
// missing and running as root). No toolchain is ever downloaded from the internet.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const crate = join(root, 'core-rs');
const target = 'wasm32-unknown-unknown';
const outDir = join(crate, 'pkg');
const outFile = join(outDir, 'gogo_core.wasm');
const DEBIAN_PACKAGES = ['rustc', 'cargo', 'libstd-rust-dev-wasm32', 'lld'];

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', ...opts });
  return { ok: r.status === 0, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

function rustupToolchain() {
  const r = run('rustup', ['target', 'list', '--installed']);
  if (!r.ok || !r.out.split('\n').includes(target)) return null;
  return { name: 'rustup', cargo: 'cargo', env: {} };
}

function debianReady() {
  return (
    existsSync('/usr/bin/rustc') &&
    existsSync('/usr/bin/cargo') &&
    existsSync(`/usr/lib/rustlib/${target}`) &&
    (existsSync('/usr/bin/rust-lld') || existsSync('/usr/bin/wasm-ld'))
  );
}

function debianToolchain() {
  if (!debianReady()) {
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    if (!isRoot || !existsSync('/usr/bin/apt-get')) return null;
    console.log(`build-wasm: installing ${DEBIAN_PACKAGES.join(' ')} with apt-get`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    let r = run('apt-get', ['install', '-y', '-qq', ...DEBIAN_PACKAGES], { env });
    if (!r.ok) {
      run('apt-get', ['update', '-qq'], { env });
      r = run('apt-get', ['install', '-y', '-qq', ...DEBIAN_PACKAGES], { env });
    }
    if (!r.ok || !debianReady()) {
      console.error(r.out);
      return null;
    }
  }
  // Use Debian's compiler explicitly: a rustup cargo earlier on PATH has no wasm32 std.
  return { name: 'debian rustc 1.63', cargo: '/usr/bin/cargo', env: { RUSTC: '/usr/bin/rustc' } };
}

const toolchain = rustupToolchain() ?? debianToolchain();
if (!toolchain) {
  console.error(
    [
      'build-wasm: no Rust toolchain that can build wasm32-unknown-unknown was found.',
      'Install one of:',
      '  - rustup with the target:   rustup target add wasm32-unknown-unknown',
      `  - Debian packages (as root): apt-get install ${DEBIAN_PACKAGES.join(' ')}`,
    ].join('\n'),
  );
  process.exit(1);
}

const started = Date.now();
console.log(
  `build-wasm: compiling core-rs to WebAssembly with ${toolchain.name} (about a minute the first time; later runs reuse what is built)…`,
);
const build = spawnSync(
  toolchain.cargo,
  ['build', '--release', '--target', target, '--target-dir', join(crate, 'target', 'wasm')],
  {
    cwd: crate,
    stdio: 'inherit',
    env: { ...process.env, ...toolchain.env, RUSTFLAGS: '-D warnings' },
  },
);
if (build.status !== 0) {
  console.error(`build-wasm: cargo build failed (${toolchain.name})`);
  process.exit(build.status ?? 1);
}
const built = join(crate, 'target', 'wasm', target, 'release', 'gogo_core.wasm');
mkdirSync(outDir, { recursive: true });
// Only a changed module is copied, so what is built from it (the UI) is not built again.
const same = existsSync(outFile) && readFileSync(outFile).equals(readFileSync(built));
if (!same) copyFileSync(built, outFile);
const size = statSync(outFile).size;
const gz = gzipSync(readFileSync(outFile)).length;
console.log(
  `build-wasm: ${toolchain.name}: core-rs/pkg/gogo_core.wasm ${size} bytes (${gz} gzipped) in ${Date.now() - started} ms`,
);
// Fail here, not in the browser, if the module does not validate.
new WebAssembly.Module(readFileSync(outFile));

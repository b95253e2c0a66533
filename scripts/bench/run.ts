// `npm run bench [-- <suite>...] [--quick] [--json <file>]`: builds the WASM module, runs
// the chosen suites (all by default) and prints their tables.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { suites } from './suites.ts';
import type { BenchContext } from './lib.ts';

function usage(): never {
  console.log(
    `usage: npm run bench [-- <suite>...] [--quick] [--json <file>]\nsuites: ${Object.keys(suites).join(', ')}`,
  );
  process.exit(2);
}

const args = process.argv.slice(2);
const names: string[] = [];
let scale = 1;
let jsonFile: string | undefined;
for (let i = 0; i < args.length; i++) {
  const a = args[i] ?? '';
  if (a === '--quick') scale = 0.3;
  else if (a === '--json') jsonFile = args[++i] ?? usage();
  else if (a === '--help' || a === '-h') usage();
  else if (a in suites) names.push(a);
  else {
    console.error(`unknown suite or option: ${a}`);
    usage();
  }
}
const chosen = names.length > 0 ? names : Object.keys(suites);

// Always measure the current source: rebuilding is a no-op when nothing changed.
const build = spawnSync(
  process.execPath,
  [fileURLToPath(new URL('../build-wasm.mjs', import.meta.url))],
  { stdio: 'inherit' },
);
if (build.status !== 0) process.exit(build.status ?? 1);

const results: Record<string, Record<string, number | string>> = {};
const ctx: BenchContext = {
  scale,
  record(suite, figures) {
    results[suite] = { ...results[suite], ...figures };
  },
};

// Other processes skew absolute times (the ratios, measured interleaved, much less): say
// how busy the machine was.
const load = loadavg().map((x) => x.toFixed(1));
console.log(
  `node ${process.version}, ${process.platform}/${process.arch}, ${availableParallelism()} cores, load ${load.join(' ')}`,
);
for (const name of chosen) {
  const load = suites[name];
  if (!load) continue;
  const suite = (await load()).default;
  console.log(`\n=== ${name}: ${suite.description} ===`);
  await suite.run(ctx);
}
if (jsonFile) {
  writeFileSync(
    jsonFile,
    JSON.stringify({ date: new Date().toISOString(), node: process.version, results }, null, 2) +
      '\n',
  );
  console.log(`\nwrote ${jsonFile}`);
}

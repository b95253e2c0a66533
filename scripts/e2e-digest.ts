// A short digest of Playwright JSON reports for the end of the test command's output: each
// failed test with the first lines of its error (CI keeps only the output's tail, where the
// line reporter's errors, printed as they happen, are long gone) and the slowest tests.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

interface Result {
  status?: string;
  duration: number;
  errors: { message?: string }[];
}
interface Spec {
  title: string;
  file: string;
  line: number;
  tests: { status: string; results: Result[] }[];
}
interface Suite {
  title: string;
  specs?: Spec[];
  suites?: Suite[];
}
export interface Report {
  suites: Suite[];
}

export interface Outcome {
  where: string;
  title: string;
  ok: boolean;
  seconds: number;
  error: string;
}

// eslint-disable-next-line no-control-regex
const ansi = /\u001b\[[0-9;]*m/g;

/** Every test of a report, with where it is, whether it passed, its time and its first error. */
export function outcomes(report: Report): Outcome[] {
  const found: Outcome[] = [];
  const walk = (suite: Suite, path: string[]) => {
    const titles = suite.title && !suite.title.endsWith('.ts') ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === 'skipped') continue;
        const last = test.results.at(-1);
        found.push({
          where: `${spec.file}:${spec.line}`,
          title: [...titles, spec.title].join(' › '),
          ok: test.status === 'expected' || test.status === 'flaky',
          seconds: test.results.reduce((sum, r) => sum + r.duration, 0) / 1000,
          error: (last?.errors[0]?.message ?? '').replace(ansi, ''),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, titles);
  };
  for (const suite of report.suites) walk(suite, []);
  return found;
}

/** The digest's text: failures with up to `lines` lines of their error, then the slowest. */
export function digest(all: Outcome[], lines = 20, slowest = 8): string {
  const out: string[] = [];
  for (const failed of all.filter((o) => !o.ok)) {
    out.push(`FAILED ${failed.where} › ${failed.title} (${failed.seconds.toFixed(0)} s)`);
    const text = failed.error.split('\n').filter((l) => l.trim() !== '');
    out.push(...text.slice(0, lines).map((l) => `    ${l}`));
    if (text.length > lines) out.push(`    … ${text.length - lines} more lines`);
  }
  const total = all.reduce((sum, o) => sum + o.seconds, 0);
  out.push(`slowest of ${all.length} tests (${total.toFixed(0)} s in all):`);
  for (const o of [...all].sort((a, b) => b.seconds - a.seconds).slice(0, slowest)) {
    out.push(`  ${o.seconds.toFixed(0).padStart(4)} s  ${o.where} › ${o.title}`);
  }
  return out.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const all = process.argv
    .slice(2)
    .filter((file) => fs.existsSync(file))
    .flatMap((file) => outcomes(JSON.parse(fs.readFileSync(file, 'utf8')) as Report));
  if (all.length > 0) console.log(digest(all));
}

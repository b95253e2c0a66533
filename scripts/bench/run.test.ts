import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const runner = fileURLToPath(new URL('./run.ts', import.meta.url));
const bench = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', runner, ...args], { encoding: 'utf8' });

describe('npm run bench (runner)', () => {
  it('lists its suites on --help', () => {
    const r = bench('--help');
    expect(r.status).toBe(2);
    expect(r.stdout).toMatch(/suites: .*hex.*datalog.*compile.*download.*first-load/);
  });

  it('refuses an unknown suite before doing any work', () => {
    const r = bench('no-such-suite');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('unknown suite or option: no-such-suite');
  });
});

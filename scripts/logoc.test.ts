import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { goldenSample } from '../src/core/testing/logo-golden.node.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const dir = mkdtempSync(join(tmpdir(), 'logoc-'));

const sample = goldenSample;

function logoc(args: string[], input?: string) {
  const r = spawnSync(tsx, ['scripts/logoc.ts', ...args], {
    cwd: root,
    input,
    encoding: 'utf8',
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('logoc (command line)', () => {
  it('prints the compile endpoint JSON for a golden sample and exits 0', () => {
    const s = sample('t01');
    const file = join(dir, 'fact.logo');
    writeFileSync(file, s.logo);
    const r = logoc(['--logo-version', '1.3', file]);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      result: true,
      data: s.data,
      message: '',
      autoRunState: s.autoRunState,
      status: 200,
    });
  });

  it('reads standard input and exits 1 on a compile error', () => {
    const s = sample('s08b');
    const r = logoc(['--logo-version=1.3', '-'], s.logo);
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout)).toEqual({
      result: false,
      data: [],
      message: s.compiler_message,
      autoRunState: false,
      status: 200,
      code: 'syntax',
      line: 6,
      // Where the mistake is, for an editor to mark: the words after the line.
      mistake: { line: 6, column: 7, endLine: 6, endColumn: 9, text: ':a' },
    });
  });

  it('picks the version from the board type and refuses unknown versions', () => {
    const program = 'to main\nshow sensor3\nend\n';
    const legacy = logoc(['--board-type', '1', '-'], program);
    expect(JSON.parse(legacy.stdout).data).toEqual([73, 1, 2, 99, 0]);
    const unknown = logoc(['--logo-version', '1.9', '-'], program);
    expect(unknown.status).toBe(2);
    expect(JSON.parse(unknown.stdout)).toMatchObject({ result: false, status: 400 });
  });

  it('explains its usage when no file is given', () => {
    const r = logoc([]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/no FILE given/);
    expect(r.stderr).toMatch(/--logo-version/);
  });
});

// Every spec section mark the tree's comments cite ("core §4", "classroom-and-labs §7",
// "board-protocol §3.5") has its row in docs/spec-references.md.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const ROOTS = ['src', 'server', 'workers', 'scripts', 'core-rs/src', 'core-rs/tests', 'tests'];
const SOURCE = /\.(ts|tsx|rs|js|mjs)$/;
const SECTION = String.raw`§\d+(?:\.\d+)*(?:\s*[–-]\s*§?\d+(?:\.\d+)*)?`;
const MARK = new RegExp(
  String.raw`\b(core|classroom-and-labs|board-protocol|logo-and-bytecode) (${SECTION}(?:,\s*${SECTION})*)`,
  'g',
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return ['node_modules', 'fixtures', 'target', 'pkg'].includes(entry.name)
        ? []
        : sourceFiles(path);
    }
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** Each `doc §n` a text cites, lists and ranges split into their sections. */
function citedMarks(text: string): string[] {
  return [...text.matchAll(MARK)].flatMap(([, doc, sections]) =>
    [...(sections ?? '').matchAll(/\d+(?:\.\d+)*/g)].map(([n]) => `${doc} §${n}`),
  );
}

/** The marks of the reference tables' first column. */
function listedMarks(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^\| `([^`]+ §[\d.]+)` \|/gm)].map(([, m]) => m ?? ''));
}

describe('spec references', () => {
  it('reads marks, lists and ranges the way comments write them', () => {
    expect(
      citedMarks('// Spec core §4, §9: x; classroom-and-labs §2–§3 and board-protocol §3.5.'),
    ).toEqual([
      'core §4',
      'core §9',
      'classroom-and-labs §2',
      'classroom-and-labs §3',
      'board-protocol §3.5',
    ]);
  });

  it('resolves every mark the tree cites through docs/spec-references.md', () => {
    const listed = listedMarks(readFileSync(join(root, 'docs/spec-references.md'), 'utf8'));
    const missing = new Set<string>();
    for (const file of ROOTS.flatMap((dir) => sourceFiles(join(root, dir)))) {
      for (const mark of citedMarks(readFileSync(file, 'utf8'))) {
        if (!listed.has(mark)) missing.add(`${mark} (${relative(root, file)})`);
      }
    }
    expect([...missing]).toEqual([]);
    expect(listed.size).toBeGreaterThan(0);
  });
});

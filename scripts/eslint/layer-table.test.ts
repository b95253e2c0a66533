import { readdirSync, readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { featureImports, pairsOf } from './feature-imports.js';
import { docsPath, docsTree, facesOf, featurePairs, srcRows, withTree } from './layer-table.js';

const root = new URL('../..', import.meta.url).pathname;
// Code placed where no file is: the typed rules, which need a tsconfig's file, stay off.
const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });

async function messages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the layer table (scripts/eslint/layer-table.js)', () => {
  it('has one row for every folder of src/, and no row without its folder', () => {
    const folders = readdirSync(`${root}src`, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(srcRows.map((r) => r.name).sort()).toEqual(folders);
  });

  it('is the tree docs/architecture.md shows (run `node scripts/eslint/layer-table.js`)', () => {
    const docs = readFileSync(docsPath, 'utf8');
    expect(docs).toContain(docsTree());
    expect(withTree(docs)).toBe(docs);
  });

  it('names only features as what a feature needs', () => {
    const features = new Set(srcRows.filter((r) => r.kind === 'feature').map((r) => r.name));
    for (const [from, to] of featurePairs) {
      expect(features.has(from) && features.has(to), `${from} -> ${to}`).toBe(true);
    }
  });

  it("lets a feature import a feature its row needs, and refuses one it doesn't", async () => {
    const ok = await messages(
      'src/remix/x.ts',
      "import { projectApi } from '../project/index.ts';\nexport const a = projectApi;\n",
    );
    expect(ok).toEqual([]);
    const bad = await messages(
      'src/labs/x.ts',
      "import { EditorPage } from '../editor/ui/EditorPage.tsx';\nexport const a = EditorPage;\n",
    );
    expect(bad.join('\n')).toMatch(
      /layers\/imports: From src\/ this file may import only .*\(src\/editor\/ui/,
    );
  });

  it('keeps a base folder to what its row uses', async () => {
    const bad = await messages(
      'src/device/x.ts',
      "import { SimHost } from '../virtual-board/host/sim-host.ts';\nexport const a = SimHost;\n",
    );
    expect(bad.join('\n')).toMatch(/its row in scripts\/eslint\/layer-table.js uses/);
  });

  it("refuses an import of another feature's file behind its face, and takes its face", async () => {
    const inner = await messages(
      'src/remix/x.ts',
      "import { projectApi } from '../project/runtime.ts';\nexport const a = projectApi;\n",
    );
    expect(inner.join('\n')).toMatch(
      /layers\/imports: Import src\/project\/ through its face src\/project\/index.ts, not src\/project\/runtime.ts/,
    );
    const second = await messages(
      'src/remote-lab/x.ts',
      "import { UsbLink } from '../virtual-board/model.ts';\nexport const a = UsbLink;\n",
    );
    expect(second).toEqual([]);
    const own = await messages(
      'src/project/x.ts',
      "import { projectApi } from './runtime.ts';\nexport const a = projectApi;\n",
    );
    expect(own).toEqual([]);
  });

  it('lists exactly the feature pairs the source imports, each through a face', () => {
    const imports = featureImports();
    expect(pairsOf(imports)).toEqual(featurePairs.map(([a, b]) => `${a} -> ${b}`).sort());
    const faces = new Set(srcRows.flatMap(facesOf));
    expect(imports.filter((i) => !faces.has(i.target))).toEqual([]);
  });
});

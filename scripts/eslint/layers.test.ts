import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The project's own ESLint config, on code placed where each layer lives.
// (The typed rules, which need a tsconfig's file, stay off: no file is where this code is.)
const eslint = new ESLint({
  cwd: new URL('../..', import.meta.url).pathname,
  overrideConfig: tseslint.configs.disableTypeChecked,
});

async function messages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('layer rules (eslint.config.js)', () => {
  it('refuses an import of a worker entry point anywhere in src', async () => {
    const found = await messages(
      'src/editor/x.ts',
      "import type { CoreWorkerApi } from '../../workers/core.worker.ts';\nexport type A = CoreWorkerApi;\n",
    );
    expect(found.join('\n')).toMatch(/layers\/imports: Do not import from workers\//);
  });

  it('lets the server import the contract and the core but not a feature folder', async () => {
    const ok = await messages(
      'server/routes/x.ts',
      "import { API_BASE_PATH } from '../../src/contract/base-path.ts';\nexport const a = API_BASE_PATH;\n",
    );
    expect(ok).toEqual([]);
    const bad = await messages(
      'server/routes/x.ts',
      "import { BoardType } from '../../src/device/device.ts';\nexport const a = BoardType;\n",
    );
    expect(bad.join('\n')).toMatch(/may import only src\/core, src\/contract/);
  });

  it('keeps shared code free of React, Node modules, the DOM and feature folders', async () => {
    const found = await messages(
      'src/core/x.ts',
      [
        "import { useState } from 'react';",
        "import { readFileSync } from 'node:fs';",
        "import { BoardType } from '../device/device.ts';",
        'export const a = [useState, readFileSync, BoardType, window.location];',
        '',
      ].join('\n'),
    );
    const text = found.join('\n');
    expect(text).toMatch(/must not import UI frameworks/);
    expect(text).toMatch(/must not import Node modules/);
    expect(text).toMatch(/may import only src\/core, src\/contract/);
    expect(text).toMatch(/no-restricted-globals/);
  });

  it("refuses a typed raw call of the API client outside a feature's *-api.ts", async () => {
    const code = [
      "import type { ApiClient } from '../api/client.ts';",
      "export const a = (api: ApiClient) => api.get<string>('/config');",
      "export const b = (s: { deps: { api: ApiClient } }) => s.deps.api.post<string>('/x', {});",
      '',
    ].join('\n');
    const raw = (found: string[]) => found.filter((m) => m.startsWith('no-restricted-syntax'));
    expect(raw(await messages('src/webui/x.ts', code))).toHaveLength(2);
    expect(raw(await messages('src/webui/x-api.ts', code))).toEqual([]);
  });
});

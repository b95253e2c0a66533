import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';

import { allowedFor, facesOf, srcRows } from './scripts/eslint/layer-table.js';
import layers from './scripts/eslint/layers.js';

const featureFaces = srcRows
  .filter((r) => r.kind === 'feature')
  .map((r) => ({ folder: `src/${r.name}`, files: facesOf(r) }));

const workerWhy =
  'Worker entry points are started by URL (new Worker(new URL(...))), never imported.';
const nodeBuiltins = builtinModules.filter((m) => !m.startsWith('_'));
const domGlobals = [
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'location',
  // Starting workers is the page's business (src/bridge), not shared code's.
  'Worker',
].map((name) => ({ name, message: 'Shared code (src/core, src/contract) must not use the DOM.' }));

/** The files of src/program that run in Node too: the program file and what compiles of it. */
const programShared = [
  'src/program/program-file.ts',
  'src/program/xml.ts',
  'src/program/compilable-logo.ts',
  'src/program/merge-logo.ts',
];

/** Where the JavaScript files are (no tsconfig holds them; a new folder must be named here). */
const jsFiles = [
  '*.js',
  'scripts/*.mjs',
  'scripts/*/*.{js,mjs}',
  'server/*/*.mjs',
  'src/bridge/testing/*.mjs',
];

/** Tests and their helpers, which may set up across layers. */
const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/test-support.ts'];

/** The verbs of a raw API client call. */
const rawVerbs = '/^(get|post|put|delete|patch)$/';

/** A `layers/imports` block: what the matched files may import (scripts/eslint/layers.js). */
const layerRule = (files, options, ignores = []) => ({
  files,
  ignores,
  plugins: { layers },
  rules: { 'layers/imports': ['error', options] },
});

export default tseslint.config(
  {
    ignores: [
      'dist',
      'build',
      'node_modules',
      'core-rs/target',
      'core-rs/pkg',
      'data',
      'test-results',
      'playwright-report',
    ],
  },
  {
    extends: [js.configs.recommended, ...tseslint.configs.strict],
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Typed rules: a promise nobody awaits must say where its rejection goes (`await`, a
  // `.catch`, or src/api/report-failure.ts's inBackground; `void` only for one that cannot
  // fail). The TypeScript project service finds each file's tsconfig (tsconfig.json
  // references the four runtimes); the few JavaScript files, in none, get a default project.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: jsFiles,
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 16,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
    },
  },
  // Layers (docs/architecture.md): worker entry points are started by URL, never imported.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['workers/**'],
    plugins: { layers },
    rules: { 'layers/imports': ['error', { forbid: ['workers'], why: workerWhy }] },
  },
  // The server uses only the shared folders of src/: the core-rs face, the API contract, and
  // the program file and what compiles of it.
  layerRule(['server/**/*.ts'], {
    forbid: ['workers'],
    only: { within: 'src', allow: ['src/core', 'src/contract', ...programShared] },
    why: 'The server shares only src/core, src/contract and the program file with the app.',
  }),
  // One zone a src/ folder, made from the layer table (scripts/eslint/layer-table.js): a
  // feature imports the base folders and the features its row needs; a base folder only
  // what its row uses; src/app, the top, anything. A feature sees another only through its
  // faces (src/<feature>/index.ts). Tests and test helpers may reach further.
  ...srcRows.flatMap((row) => {
    const allow = allowedFor(row);
    if (!allow) return [];
    return [
      layerRule(
        [`src/${row.name}/**/*.{ts,tsx}`],
        {
          forbid: ['workers'],
          only: { within: 'src', allow },
          ...(row.kind === 'feature' ? { faces: featureFaces } : {}),
          why:
            row.kind === 'feature'
              ? 'A feature imports another only where its row in scripts/eslint/layer-table.js needs it.'
              : 'A base folder imports only what its row in scripts/eslint/layer-table.js uses.',
        },
        testFiles,
      ),
    ];
  }),
  // One way to call the server: typed calls live in a feature's `*-api.ts` (on CheckedApi,
  // src/api/checked-api.ts), not in services and pages.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*-api.ts', 'src/api/**', 'src/ui/data-table/table-source.ts', ...testFiles],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          `CallExpression[typeArguments][callee.property.name=${rawVerbs}][callee.object.name=/^(api|client)$/]`,
          `CallExpression[typeArguments][callee.property.name=${rawVerbs}][callee.object.property.name='api']`,
        ].map((selector) => ({
          selector,
          message:
            "Call the server through the feature's *-api.ts (CheckedApi), not the raw client.",
        })),
      ],
    },
  },
  // Shared code runs in the page, in workers and in Node: no DOM, React or Node modules, and
  // nothing from the feature folders.
  {
    files: ['src/core/**/*.ts', 'src/contract/**/*.ts', ...programShared],
    ignores: ['**/*.test.ts', '**/*.node.ts'],
    plugins: { layers },
    rules: {
      'layers/imports': [
        'error',
        {
          forbid: ['workers'],
          only: { within: 'src', allow: ['src/core', 'src/contract', ...programShared] },
          why: 'Shared code imports only other shared code.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'react/*', 'valtio', 'valtio/*', 'i18next'],
              message: 'Shared code (src/core, src/contract) must not import UI frameworks.',
            },
            {
              group: ['node:*', ...nodeBuiltins],
              message: 'Shared code (src/core, src/contract) must not import Node modules.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...domGlobals],
    },
  },
);

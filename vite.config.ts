import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { configDefaults } from 'vitest/config';
import { pwaOptions } from './scripts/vite-pwa-options.ts';
import { blocklyMedia } from './scripts/vite-blockly-media.ts';
import { codeCachePage } from './scripts/vite-code-cache.ts';
import { compileHints } from './scripts/vite-compile-hints.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { routePreload } from './scripts/vite-route-preload.ts';
import { cssSplit } from './scripts/vite-split-css.ts';
import { startGroups, startInputs, startScripts } from './scripts/vite-start-scripts.ts';

// The UI is served by the API server in production (`dist/`); `npm run dev` proxies /api
// to it during development.
export default defineConfig({
  // The service worker precaches the whole built app (docs/offline.md).
  plugins: [
    react(),
    blocklyMedia(),
    routePreload(),
    codeCachePage(),
    startScripts(),
    cssSplit(),
    compileHints(),
    VitePWA(pwaOptions),
    precompress(),
  ],
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 4096,
    rolldownOptions: {
      input: startInputs(),
      output: {
        // Everything the page needs before its first render goes into three chunks (React,
        // the other libraries, the app): over HTTP/1.1 (six connections) each small shared
        // chunk of the start-up graph cost a round trip of its own on a slow link, and each
        // of the three is evaluated by a module script of its own, in a task of its own
        // (scripts/vite-start-scripts.ts, docs/first-load.md).
        codeSplitting: { groups: startGroups() },
      },
    },
  },
  server: {
    port: Number(process.env.GOGO_VITE_PORT ?? 5173),
    proxy: {
      '/api': `http://127.0.0.1:${process.env.GOGO_PORT ?? 8080}`,
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'workers/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            // UI services tested against real Node-side components (the Auth emulator).
            'src/**/*.node.test.ts',
          ],
          // One real Firebase Auth emulator for every test that signs in.
          globalSetup: ['server/testing/auth-emulator.global.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}', 'locales/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'src/**/*.node.test.ts'],
          // The Logo importer's synchronous parser: core-rs in the test's thread.
          setupFiles: ['src/editor/logo/testing/same-thread-parser.setup.ts'],
        },
      },
    ],
  },
});

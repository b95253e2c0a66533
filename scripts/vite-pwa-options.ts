// The installable, offline app (docs/offline.md): a Workbox service worker that precaches
// every file of the build (the shell, every screen's chunk with the editor and Blockly, the
// Blockly media, the core WebAssembly, the workers, the locales, the fonts and icons) and
// answers navigations with index.html when offline. The API is never cached: offline mode
// knows when it cannot be reached. A new version waits until the app lets it take over
// (src/offline/pwa.ts), never during a download or a firmware update.
import type { VitePWAOptions } from 'vite-plugin-pwa';

/** Largest file the service worker precaches (the biggest chunk is well under 1 MiB). */
export const PRECACHE_FILE_MAX = 4 * 1024 * 1024;

export const pwaOptions: Partial<VitePWAOptions> = {
  registerType: 'prompt',
  // src/offline/pwa.ts registers the worker from the app's own bundle: no inline script.
  injectRegister: false,
  includeAssets: ['favicon-64.png', 'apple-touch-icon.png'],
  manifest: {
    name: 'GoGo Code',
    short_name: 'GoGo Code',
    description: 'Program GoGo boards with blocks or Logo',
    lang: 'en',
    start_url: './#/program',
    scope: './',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#1f6feb',
    icons: [
      { src: 'pwa-192.png', sizes: '192x192', type: 'image/png' },
      { src: 'pwa-512.png', sizes: '512x512', type: 'image/png' },
      { src: 'maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{html,js,css,wasm,json,svg,png,woff2,webmanifest}'],
    // woff2 covers every browser with service workers; the woff copies are not needed.
    globIgnores: ['**/*.map', '**/*.woff'],
    maximumFileSizeToCacheInBytes: PRECACHE_FILE_MAX,
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [/^\/api\//],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: false,
    sourcemap: false,
  },
};

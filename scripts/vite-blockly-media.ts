// Serves Blockly's media files (trash can and zoom sprites, cursors) from our own origin at
// /blockly-media/: Blockly's default media path is a CDN, and the app must work offline.
// Development serves them from node_modules; a build copies them into dist/.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

export const BLOCKLY_MEDIA_PATH = 'blockly-media/';

function mediaDir(): string {
  const require = createRequire(import.meta.url);
  // blockly's package exports hide package.json; its main entry sits at the package root.
  return join(dirname(require.resolve('blockly')), 'media');
}

export function blocklyMedia(): Plugin {
  const dir = mediaDir();
  const files = readdirSync(dir);
  return {
    name: 'gogo-blockly-media',
    configureServer(server) {
      server.middlewares.use(`/${BLOCKLY_MEDIA_PATH}`, (req, res, next) => {
        const name = (req.url ?? '').replace(/^\//, '').split('?')[0] ?? '';
        if (!files.includes(name)) return next();
        res.end(readFileSync(join(dir, name)));
      });
    },
    generateBundle() {
      for (const name of files) {
        this.emitFile({
          type: 'asset',
          fileName: `${BLOCKLY_MEDIA_PATH}${name}`,
          source: readFileSync(join(dir, name)),
        });
      }
    },
  };
}

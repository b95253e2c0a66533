// Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of the
// build, once, at `vite build` time; the server sends the copy the browser accepts
// (server/app.ts, `preCompressed`), so no request pays for compression (docs/first-load.md).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text-like files that shrink; images and fonts are already compressed. */
const COMPRESSIBLE = /\.(js|mjs|css|html|wasm|json|svg|webmanifest|txt)$/;
/** Below this a compressed copy saves less than its own headers. */
export const MIN_COMPRESS_BYTES = 1024;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/**
 * Compresses every eligible file under `dir` (source maps are never downloaded by users
 * and are skipped). A copy that is not smaller than the original is not written.
 */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const targets = walk(dir).filter(
    (file) => COMPRESSIBLE.test(file) && statSync(file).size >= MIN_COMPRESS_BYTES,
  );
  await Promise.all(
    targets.map(async (file) => {
      const source = readFileSync(file);
      const [br, gzipped] = await Promise.all([
        brotli(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gz(source, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      result.files += 1;
      result.bytes += source.length;
      if (br.length < source.length) writeFileSync(`${file}.br`, br);
      if (gzipped.length < source.length) writeFileSync(`${file}.gz`, gzipped);
      result.brotliBytes += Math.min(br.length, source.length);
      result.gzipBytes += Math.min(gzipped.length, source.length);
    }),
  );
  return result;
}

export function precompress(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'gogo-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // After every other plugin's closeBundle: the service worker is written there.
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        if (!config || config.build.ssr || !config.build.write) return;
        const outDir = resolve(config.root, config.build.outDir);
        const r = await precompressDir(outDir);
        const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
        config.logger.info(
          `precompressed ${r.files} files: ${kib(r.bytes)} → brotli ${kib(r.brotliBytes)}, gzip ${kib(r.gzipBytes)}`,
        );
      },
    },
  };
}

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Files worth compressing ahead of time: the server sends .br or .gz when the client accepts it. */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every compressible file of at
 * least 1 KB under `directory`, skipping Vite's `.vite` folder (the manifest is not served).
 */
export function compressTree(directory: string): void {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') compressTree(path);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name) || statSync(path).size < MIN_COMPRESS_BYTES) continue;
    const content = readFileSync(path);
    writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}

/** The part of a Vite plugin `precompress` uses (structural: this package does not depend on Vite). */
export interface PrecompressPlugin {
  name: string;
  apply: 'build';
  configResolved(config: { root: string; build: { outDir: string } }): void;
  closeBundle: { order: 'post'; handler: () => void };
}

/**
 * A Vite plugin for every app's build: compresses the finished bundle (`compressTree`), which the
 * server sends as it is (`preCompressed` in apps/server/src/platform/http/static-apps.ts). Without
 * it a phone on a slow link downloads every script uncompressed, about three times the bytes.
 */
export function precompress(): PrecompressPlugin {
  let outDir = 'dist';
  return {
    name: 'payhub-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: { order: 'post', handler: () => compressTree(outDir) },
  };
}

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { endpointManifest } from './endpoint-manifest.ts';

/** The build stamp: the server answers it at /api/v1/version and the app compares it every 60 s. */
const buildVersion = String(Date.now());

/** Writes dist/version.json ({ version }) beside the bundle; the server re-reads it when it changes. */
function versionFile(): Plugin {
  let outDir = 'dist';
  return {
    name: 'payhub-version-file',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      writeFileSync(join(outDir, 'version.json'), `${JSON.stringify({ version: buildVersion })}\n`);
    },
  };
}

/** Files worth compressing ahead of time: the server sends .br or .gz when the client accepts it. */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
const MIN_COMPRESS_BYTES = 1024;

function compressTree(directory: string): void {
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

/** Writes .br and .gz beside every compressible file of the build (served with preCompressed). */
function precompress(): Plugin {
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

const ENTRY_CHUNK = /(^|\/)index-[^/]+\.js$/;
const SHELL_PAGE_CHUNK =
  /(^|\/)(login-page|account-page|not-found-page|server-error-page|close-page|ui-catalogue-page|root-redirect)-[^/]+\.js$/;

const serverOrigin = process.env.PAYHUB_SERVER ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), tailwindcss(), versionFile(), endpointManifest(), precompress()],
  define: { __APP_VERSION__: JSON.stringify(buildVersion) },
  build: {
    manifest: true,
    target: 'es2020',
    sourcemap: false,
    modulePreload: {
      // Android WebViews (Chromium) support modulepreload natively: no polyfill in the entry.
      polyfill: false,
      // The entry carries, for every lazy page, the list of chunks to fetch with it; for feature
      // pages that list grows with each screen. Their shared chunks are fetched after the page
      // instead, which keeps every route's first paint small; the shell's own pages keep theirs.
      resolveDependencies: (filename, deps, { hostId, hostType }) =>
        hostType === 'js' && ENTRY_CHUNK.test(hostId) && !SHELL_PAGE_CHUNK.test(filename) ? [] : deps,
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/main': serverOrigin,
      '/api': { target: serverOrigin, ws: true },
      '/uploads': serverOrigin,
      '/heracles': serverOrigin,
    },
  },
});

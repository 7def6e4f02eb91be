import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from '../../packages/client/src/precompress.ts';
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

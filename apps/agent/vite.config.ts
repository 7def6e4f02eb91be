import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
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

const serverOrigin = process.env.PAYHUB_SERVER ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), tailwindcss(), versionFile(), endpointManifest()],
  define: { __APP_VERSION__: JSON.stringify(buildVersion) },
  build: { manifest: true, target: 'es2020', sourcemap: false },
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

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { endpointManifest } from './endpoint-manifest.ts';

const serverOrigin = process.env.PAYHUB_SERVER ?? 'http://localhost:8080';

/** The player app is served by the server under /play/ (apps/server/src/platform/http/static-apps.ts). */
export default defineConfig({
  base: '/play/',
  plugins: [react(), tailwindcss(), endpointManifest()],
  build: { target: 'es2020', sourcemap: false },
  server: {
    port: 5174,
    proxy: {
      '/main': serverOrigin,
      '/api': { target: serverOrigin, ws: true },
      '/uploads': serverOrigin,
    },
  },
});

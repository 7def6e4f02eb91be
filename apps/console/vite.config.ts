// A relative path on purpose: Vite bundles the config's relative imports, while a package import
// would be loaded by plain Node, which cannot read TypeScript.

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { endpointManifest } from '../../packages/client/src/endpoint-manifest.ts';
import { precompress } from '../../packages/client/src/precompress.ts';

const serverOrigin = process.env.PAYHUB_SERVER ?? 'http://localhost:8080';

/** The operator console is served by the server under /console/ (apps/server/src/platform/http/static-apps.ts). */
export default defineConfig({
  base: '/console/',
  plugins: [
    react(),
    tailwindcss(),
    endpointManifest('payhub-console-endpoint-manifest', {
      'virtual:payhub-endpoints': (group) => group === 'console' || group === 'user',
    }),
    // .br and .gz beside each file, which the server sends as they are (static-apps.ts).
    precompress(),
  ],
  build: { target: 'es2020', sourcemap: false },
  server: { port: 5175, proxy: { '/main': serverOrigin, '/api': { target: serverOrigin, ws: true } } },
});

// Bundles the server and the demo provider once per end-to-end run (esbuild), as prepareApps()
// builds the apps once: each journey file starts its own server and provider, and through tsx each
// start compiled and resolved the whole TypeScript graph again. Measured on two cores (2026-12-07):
// a server's start took 4.8–5.3 s of CPU through tsx and 3.3–3.7 s from the bundle, 21 starts a run.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { root } from './server.mjs';

/**
 * Our TypeScript (the app and the @payhub/* workspace packages) goes into the bundle; every other
 * package stays an import, resolved from the repository's node_modules at run time (the bundles are
 * written under it for that reason): ganache, pg, argon2 and the like load as they always do.
 */
const ownCodeOnly = {
  name: 'payhub-own-code-only',
  setup(bundle) {
    bundle.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@payhub/') ? undefined : { external: true },
    );
    // A module that finds files beside itself (the migrations, the apps, the provider's pages) keeps
    // its own location: import.meta.url would otherwise be the bundle's.
    bundle.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      return {
        contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: 'ts',
      };
    });
  },
};

/** The server's and the provider's bundles, in a new directory; answers their paths and the directory. */
export async function bundleServers() {
  const parent = join(root, 'node_modules/.cache');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, 'payhub-e2e-servers-'));
  const entries = {
    server: join(root, 'apps/server/src/main.ts'),
    provider: join(root, 'apps/demo-provider/src/main.ts'),
  };
  const bundles = { dir };
  try {
    for (const [name, entry] of Object.entries(entries)) {
      const outfile = join(dir, `${name}.mjs`);
      await build({
        entryPoints: [entry],
        outfile,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        // Stack traces name the TypeScript lines (the server runs with --enable-source-maps).
        sourcemap: 'inline',
        plugins: [ownCodeOnly],
        logLevel: 'warning',
      });
      bundles[name] = outfile;
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return bundles;
}

import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The spec's build version constant, used when no build stamp exists. */
export const DEFAULT_APP_VERSION = '1751958527259';

/**
 * The version the clients compare against: APP_VERSION when set, else the stamp the agent build
 * writes to dist/version.json. The file is re-read when it changes, so deploying a new build
 * makes running clients show the update dialog without restarting the server.
 */
export function readAppVersion(configured: string | undefined, appsRoot: string | null): () => string {
  if (configured) return () => configured;
  if (!appsRoot) return () => DEFAULT_APP_VERSION;
  const file = join(appsRoot, 'agent/dist/version.json');
  let cached = DEFAULT_APP_VERSION;
  let cachedMtimeMs = -1;
  return () => {
    try {
      const { mtimeMs } = statSync(file);
      if (mtimeMs !== cachedMtimeMs) {
        const parsed = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown };
        cached = typeof parsed.version === 'string' ? parsed.version : DEFAULT_APP_VERSION;
        cachedMtimeMs = mtimeMs;
      }
    } catch {
      cached = DEFAULT_APP_VERSION;
    }
    return cached;
  };
}

/** Where the e2e server runs (set by tests/e2e/run.mjs). */
export function e2eUrl(): string {
  const url = process.env.PAYHUB_E2E_URL;
  if (!url) throw new Error('PAYHUB_E2E_URL is not set: run the journeys with `npm run test:e2e`');
  return url;
}

export function e2eDataDir(): string {
  const dataDir = process.env.PAYHUB_E2E_DATA_DIR;
  if (!dataDir) throw new Error('PAYHUB_E2E_DATA_DIR is not set: run the journeys with `npm run test:e2e`');
  return dataDir;
}

/** The directory the e2e server serves the apps from (agent/dist, player/dist): a private build. */
export function e2eAppsDir(): string {
  const appsDir = process.env.PAYHUB_E2E_APPS_DIR;
  if (!appsDir) throw new Error('PAYHUB_E2E_APPS_DIR is not set: run the journeys with `npm run test:e2e`');
  return appsDir;
}

/** The e2e server's own database copy (set by tests/e2e/run-one.mjs), or null when it has none. */
export function e2eDatabaseUrl(): string | null {
  return process.env.PAYHUB_E2E_DATABASE_URL ?? null;
}

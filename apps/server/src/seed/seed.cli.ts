// `npm run seed`: seeds the configured database (embedded or DATABASE_URL) with the projects and
// their settings; `npm run seed -- --demo` adds the demo accounts (any mode, production included:
// the flag is the explicit request) and prints them.
import { loadConfig } from '../config.ts';
import { startInfrastructure } from '../platform/infrastructure.ts';
import { formatDemoAccounts, saveDemoAccounts } from './demo-accounts-file.ts';
import { seed } from './seed.ts';

const demo = process.argv.slice(2).includes('--demo');
// Seeding uses none of the production secrets, so it does not ask for them.
const config = loadConfig(undefined, { requireSecrets: false });
const infrastructure = await startInfrastructure(config, (line) => console.log(line));
try {
  const created = await seed(infrastructure.database.db, { demo });
  if (demo) {
    const accounts = saveDemoAccounts(config.dataDir, created);
    console.log(`created ${created.length} demo accounts`);
    console.log(formatDemoAccounts(accounts));
  } else {
    console.log('seeded projects 10, 12, 16 and their settings (no demo accounts; add them with --demo)');
  }
} finally {
  await infrastructure.stop();
}

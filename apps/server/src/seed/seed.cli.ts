// `npm run seed`: seeds the configured database (embedded or DATABASE_URL) and prints the demo accounts.
import { loadConfig } from '../config.ts';
import { startInfrastructure } from '../platform/infrastructure.ts';
import { formatDemoAccounts, saveDemoAccounts } from './demo-accounts-file.ts';
import { seed } from './seed.ts';

const config = loadConfig();
const infrastructure = await startInfrastructure(config, (line) => console.log(line));
try {
  const created = await seed(infrastructure.database.db);
  const accounts = saveDemoAccounts(config.dataDir, created);
  console.log(`created ${created.length} demo accounts`);
  console.log(formatDemoAccounts(accounts));
} finally {
  await infrastructure.stop();
}

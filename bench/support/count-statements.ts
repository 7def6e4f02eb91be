// Preloaded into a benchmark's server process (`startApp(…, { countStatements: file })`): counts the
// statements (round trips: BEGIN and COMMIT included) every pg connection sends, per pool as told
// apart by its `application_name` ("main" when unset), and writes the counts as JSON to the file
// named by BENCH_STATEMENTS_FILE every 100 ms. A load-independent figure: statements per bet.
import { writeFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.BENCH_STATEMENTS_FILE;
const counts: Record<string, number> = {};
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  const name =
    (this as unknown as { connectionParameters?: { application_name?: string } }).connectionParameters
      ?.application_name || 'main';
  counts[name] = (counts[name] ?? 0) + 1;
  return (query as (...all: unknown[]) => unknown).apply(this, args);
} as typeof query;
if (file)
  setInterval(() => {
    try {
      writeFileSync(file, JSON.stringify(counts));
    } catch {
      // The bench reads it later; a missed write is retried in 100 ms.
    }
  }, 100).unref();

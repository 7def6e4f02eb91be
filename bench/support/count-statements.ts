// Preloaded into a benchmark's server process (`startApp(…, { countStatements: file })`): counts the
// statements (round trips: BEGIN and COMMIT included) every pg connection sends, per pool as told
// apart by its `application_name` ("main" when unset), and writes the counts as JSON to the file
// named by BENCH_STATEMENTS_FILE every 100 ms. A load-independent figure: statements per bet.
import { writeFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.BENCH_STATEMENTS_FILE;
/** BENCH_STATEMENTS_TEXTS=1: also per statement, as `<pool> <name or the text's start>` keys. */
const byText = process.env.BENCH_STATEMENTS_TEXTS === '1';
const counts: Record<string, number> = {};
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  const name =
    (this as unknown as { connectionParameters?: { application_name?: string } }).connectionParameters
      ?.application_name || 'main';
  counts[name] = (counts[name] ?? 0) + 1;
  if (byText) {
    const first = args[0] as string | { name?: string; text?: string };
    const text = typeof first === 'string' ? first : (first?.name ?? first?.text ?? String(first));
    const key = `${name} ${text.replace(/\s+/g, ' ').slice(0, 100)}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
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

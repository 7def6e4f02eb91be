import { type SQL, sql } from 'drizzle-orm';

/**
 * Named order states (contracts/enums.ts) as SQL literals, "0, 4": written into the statement rather
 * than bound as parameters, because a partial index such as `WHERE state IN (0, 4)` is only chosen
 * for a query that names the same literals. Integers only, so nothing else can be spliced in.
 */
export function stateList(...states: readonly number[]): SQL {
  for (const state of states)
    if (!Number.isSafeInteger(state)) throw new Error(`not an order state: ${String(state)}`);
  return sql.raw(states.join(', '));
}

// Proves stateList writes named order states into SQL as literals (so partial indexes on them still
// match) and refuses anything that is not an integer.
import { PayOrderState } from '@payhub/contracts';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { stateList } from './sql-states.ts';

const dialect = new PgDialect();

describe('stateList', () => {
  it('writes the states as literals, not bound parameters', () => {
    const query = dialect.sqlToQuery(
      sql`SELECT id FROM pay_orders WHERE state IN (${stateList(PayOrderState.WAIT, PayOrderState.CHECKING)}) AND id = ${7}`,
    );
    expect(query.sql).toBe('SELECT id FROM pay_orders WHERE state IN (0, 4) AND id = $1');
    expect(query.params).toEqual([7]);
    expect(dialect.sqlToQuery(sql`state IN (${stateList(PayOrderState.INIT)})`).sql).toBe('state IN (-1)');
  });

  it('refuses anything but integers', () => {
    for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY, '1) OR (1=1' as unknown as number])
      expect(() => stateList(bad)).toThrow(/not an order state/);
  });
});

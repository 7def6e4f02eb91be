// Proves that the rate table's SQL value (`payableAtRateSql`, read inside a bet's one statement by the
// play gate) equals `payableAtRate` to the minor unit over random prices and amounts: the same
// price row (the project's own over the platform default), the same rounding up, NULL without a
// price.
import { ASSET_CODES, ASSETS, type Asset } from '@payhub/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { createExchangeRepo, payableAtRateSql } from './exchange.repo.ts';
import { payableAtRate, tableRateSource } from './exchange.service.ts';

let testApp: TestApp;
const BIGINT_MAX = 2n ** 63n - 1n;

beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => testApp?.close());

async function sqlValue(projectId: number, from: Asset, to: Asset, amount: bigint): Promise<bigint | null> {
  const call = payableAtRateSql(
    { projectId, from, to, amount, fromScale: ASSETS[from].scale, toScale: ASSETS[to].scale },
    0,
  );
  const result = await testApp.database.pool.query<{ value: string | null }>(
    `SELECT (${call.text})::text AS value`,
    call.values,
  );
  const value = result.rows[0]?.value ?? null;
  return value === null ? null : BigInt(value);
}

describe('the rate table in SQL', () => {
  it('values an amount exactly as payableAtRate does, over random prices and amounts', async () => {
    const repo = createExchangeRepo(testApp.database.db);
    const rates = tableRateSource(repo);
    const assets = ASSET_CODES.filter((asset) => asset !== 'YEC');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...assets),
        fc.constantFrom(...ASSET_CODES),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        async (priced, to, num, den, amount) => {
          // A project's own price for one asset (YEC's is fixed), over the platform defaults.
          await repo.setPrice(repo.db, 12, priced, { num, den }, new Date());
          for (const [from, into] of [
            [priced, to],
            [to, priced],
          ] as const) {
            const expected = await payableAtRate(rates, repo.db, 12, from, into, amount);
            // Beyond a bigint (no ledger amount is): the statement fails rather than wrapping.
            if (expected > BIGINT_MAX)
              await expect(sqlValue(12, from, into, amount)).rejects.toMatchObject({ code: '22003' });
            else expect(await sqlValue(12, from, into, amount)).toBe(expected);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('answers NULL when an asset has no price', async () => {
    await testApp.database.pool.query("DELETE FROM exchange_rates WHERE asset = 'MXN'");
    expect(await sqlValue(12, 'YEC', 'MXN', 100n)).toBeNull();
    expect(await sqlValue(12, 'MXN', 'IDR', 100n)).toBeNull();
  });
});

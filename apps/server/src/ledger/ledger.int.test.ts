// Proves the ledger core on the real database: random interleavings of transfers, holds, posts and
// voids (fast-check, run concurrently) keep every invariant and match a simple model; guards,
// idempotent ids and single resolution of holds hold under races.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { ManualClock } from '../platform/clock.ts';
import { createLedger, type Ledger, type LedgerAccount, LedgerError } from './ledger.ts';
import { checkLedger, formatReport } from './ledger-check.ts';

let testApp: TestApp;
let ledger: Ledger;
let house: LedgerAccount;
let wallets: LedgerAccount[];
let userIds: number[];

beforeAll(async () => {
  testApp = await startTestApp();
  ledger = createLedger(new ManualClock());
  const db = testApp.database.db;
  house = await ledger.systemAccount(db, { projectId: 12, currency: 'IDR', kind: 'house' });
  const { rows } = await testApp.database.pool.query<{ id: string }>(
    'SELECT id FROM users WHERE project_id = 12 ORDER BY id LIMIT 4',
  );
  userIds = rows.map((row) => Number(row.id));
  wallets = [];
  for (const ownerId of userIds)
    wallets.push(
      await ledger.userAccount(db, { projectId: 12, currency: 'IDR', kind: 'player_wallet', ownerId }),
    );
});
afterAll(async () => testApp?.close());

async function expectClean() {
  const report = await checkLedger(testApp.database.pool);
  if (!report.ok) throw new Error(formatReport(report));
}

async function run<T>(action: (tx: Parameters<Ledger['transfer']>[0]) => Promise<T>): Promise<T> {
  return testApp.database.db.transaction(async (tx) => action(tx));
}

type Step =
  | { kind: 'fund'; to: number; amount: bigint }
  | { kind: 'move'; from: number; to: number; amount: bigint }
  | { kind: 'hold'; from: number; to: number; amount: bigint }
  | { kind: 'post'; hold: number }
  | { kind: 'void'; hold: number };

const amount = fc.bigInt({ min: 1n, max: 5_000_00n });
const index = fc.integer({ min: 0, max: 3 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('fund' as const), to: index, amount }),
  fc.record({ kind: fc.constant('move' as const), from: index, to: index, amount }),
  fc.record({ kind: fc.constant('hold' as const), from: index, to: index, amount }),
  fc.record({ kind: fc.constant('post' as const), hold: fc.nat({ max: 20 }) }),
  fc.record({ kind: fc.constant('void' as const), hold: fc.nat({ max: 20 }) }),
);

let runCounter = 0;

describe('ledger', () => {
  it('random concurrent interleavings keep every invariant and match the model', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(step, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 }),
        async (batches) => {
          runCounter += 1;
          const prefix = `prop${runCounter}`;
          const start = await Promise.all(
            wallets.map((wallet) => ledger.balance(testApp.database.db, wallet.id)),
          );
          const holds: Array<{ id: string; resolved: boolean }> = [];
          let counter = 0;
          // Each batch runs concurrently: the database, not the test, orders the steps.
          for (const batch of batches) {
            await Promise.allSettled(
              batch.map(async (item) => {
                counter += 1;
                const id = `${prefix}:${counter}`;
                if (item.kind === 'fund')
                  await run((tx) =>
                    ledger.transfer(tx, {
                      id,
                      debitAccountId: house.id,
                      creditAccountId: wallets[item.to]!.id,
                      amount: item.amount,
                      code: 'test',
                    }),
                  );
                else if (item.kind === 'move' && item.from !== item.to)
                  await run((tx) =>
                    ledger.transfer(tx, {
                      id,
                      debitAccountId: wallets[item.from]!.id,
                      creditAccountId: wallets[item.to]!.id,
                      amount: item.amount,
                      code: 'test',
                    }),
                  );
                else if (item.kind === 'hold' && item.from !== item.to) {
                  const hold = { id, resolved: false };
                  await run((tx) =>
                    ledger.hold(tx, {
                      id,
                      debitAccountId: wallets[item.from]!.id,
                      creditAccountId: wallets[item.to]!.id,
                      amount: item.amount,
                      code: 'test',
                    }),
                  );
                  holds.push(hold);
                } else if ((item.kind === 'post' || item.kind === 'void') && holds.length > 0) {
                  const hold = holds[item.hold % holds.length]!;
                  await run((tx) =>
                    item.kind === 'post'
                      ? ledger.post(tx, { id, pendingId: hold.id, code: 'test' })
                      : ledger.void(tx, { id, pendingId: hold.id, code: 'test' }),
                  );
                  hold.resolved = true;
                }
              }),
            );
          }
          await expectClean();
          const end = await Promise.all(
            wallets.map((wallet) => ledger.balance(testApp.database.db, wallet.id)),
          );
          for (const balance of end) {
            expect(balance.balance).toBeGreaterThanOrEqual(0n);
            expect(balance.available).toBeGreaterThanOrEqual(0n);
          }
          // Money only enters the wallets from the house: their total grows by exactly the funded amount.
          const funded = await testApp.database.pool.query<{ total: string }>(
            `SELECT COALESCE(sum(amount), 0)::text AS total FROM ledger_transfers WHERE id LIKE $1 AND debit_account_id = $2`,
            [`${prefix}:%`, String(house.id)],
          );
          const sum = (list: Array<{ balance: bigint }>) =>
            list.reduce((total, item) => total + item.balance, 0n);
          expect(sum(end) - sum(start)).toBe(BigInt(funded.rows[0]!.total));
        },
      ),
      { numRuns: 25 },
    );
  });

  it('a debit beyond the available balance is refused and writes nothing', async () => {
    const db = testApp.database.db;
    const [from, to] = [wallets[0]!, wallets[1]!];
    const available = (await ledger.balance(db, from.id)).available;
    const error = await run((tx) =>
      ledger.transfer(tx, {
        id: 'too-much',
        debitAccountId: from.id,
        creditAccountId: to.id,
        amount: available + 1n,
        code: 'test',
      }),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LedgerError);
    expect((error as LedgerError).refusal).toBe('insufficient_funds');
    const { rows } = await testApp.database.pool.query(
      `SELECT 1 FROM ledger_transfers WHERE id = 'too-much'`,
    );
    expect(rows).toHaveLength(0);
  });

  it('the same id with the same fields is answered once; with other fields it is refused', async () => {
    const db = testApp.database.db;
    const request = {
      id: 'same-id',
      debitAccountId: house.id,
      creditAccountId: wallets[2]!.id,
      amount: 700n,
      code: 'test',
    };
    const before = await ledger.balance(db, wallets[2]!.id);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => run((tx) => ledger.transfer(tx, request))),
    );
    expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'exists')).toHaveLength(19);
    expect((await ledger.balance(db, wallets[2]!.id)).balance - before.balance).toBe(700n);
    const conflict = await run((tx) => ledger.transfer(tx, { ...request, amount: 701n })).catch(
      (caught: unknown) => caught,
    );
    expect((conflict as LedgerError).refusal).toBe('id_conflict');
  });

  it('a hold is resolved once: of 30 racing posts and voids exactly one wins', async () => {
    const db = testApp.database.db;
    await run((tx) =>
      ledger.transfer(tx, {
        id: 'race-fund',
        debitAccountId: house.id,
        creditAccountId: wallets[3]!.id,
        amount: 10_000n,
        code: 'test',
      }),
    );
    await run((tx) =>
      ledger.hold(tx, {
        id: 'race-hold',
        debitAccountId: wallets[3]!.id,
        creditAccountId: wallets[0]!.id,
        amount: 10_000n,
        code: 'test',
      }),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, item) =>
        run((tx) =>
          item % 2 === 0
            ? ledger.post(tx, { id: `race-post-${item}`, pendingId: 'race-hold', code: 'test' })
            : ledger.void(tx, { id: `race-void-${item}`, pendingId: 'race-hold', code: 'test' }),
        ),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results)
      if (result.status === 'rejected')
        expect((result.reason as LedgerError).refusal).toBe('already_resolved');
    expect(await ledger.holdState(db, 'race-hold')).not.toBe('open');
    await expectClean();
  });

  it('refuses transfers across currencies', async () => {
    const mxn = await ledger.systemAccount(testApp.database.db, {
      projectId: 16,
      currency: 'MXN',
      kind: 'house',
    });
    const error = await run((tx) =>
      ledger.transfer(tx, {
        id: 'fx',
        debitAccountId: mxn.id,
        creditAccountId: wallets[0]!.id,
        amount: 1n,
        code: 'test',
      }),
    ).catch((caught: unknown) => caught);
    expect((error as LedgerError).refusal).toBe('currency_mismatch');
  });
});

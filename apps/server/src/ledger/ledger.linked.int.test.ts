// Proves addressable accounts of every asset and linked operations on the real database: postings
// commit all or none (fast-check over random operations with random failures), one key answers once,
// assets never mix within a transfer, and the ledger check catches a broken operation or asset.
import { ASSET_CODES, type Asset } from '@payhub/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { ManualClock } from '../platform/clock.ts';
import {
  accounts,
  createLedger,
  type Ledger,
  type LedgerAccount,
  LedgerError,
  type MovePosting,
  type Posting,
} from './ledger.ts';
import { checkLedger, formatReport } from './ledger-check.ts';

const PROJECT = 12;
let testApp: TestApp;
let ledger: Ledger;
let userIds: number[];
/** Per asset: the house and four player balances. */
const house = {} as Record<Asset, LedgerAccount>;
const players = {} as Record<Asset, LedgerAccount[]>;

beforeAll(async () => {
  testApp = await startTestApp();
  ledger = createLedger(new ManualClock());
  const db = testApp.database.db;
  const { rows } = await testApp.database.pool.query<{ id: string }>(
    'SELECT id FROM users WHERE project_id = $1 ORDER BY id LIMIT 4',
    [PROJECT],
  );
  userIds = rows.map((row) => Number(row.id));
  for (const asset of ASSET_CODES) {
    house[asset] = await ledger.account(db, accounts.house(PROJECT, asset));
    players[asset] = [];
    for (const userId of userIds)
      players[asset].push(await ledger.account(db, accounts.player(PROJECT, userId, asset)));
  }
});
afterAll(async () => testApp?.close());

async function expectClean() {
  const report = await checkLedger(testApp.database.pool);
  if (!report.ok) throw new Error(formatReport(report));
}

function run<T>(action: (tx: Parameters<Ledger['transfer']>[0]) => Promise<T>): Promise<T> {
  return testApp.database.db.transaction(async (tx) => action(tx));
}

async function transferCount(prefix: string): Promise<number> {
  const { rows } = await testApp.database.pool.query<{ count: string }>(
    'SELECT count(*) AS count FROM ledger_transfers WHERE id LIKE $1',
    [`${prefix}%`],
  );
  return Number(rows[0]!.count);
}

function single(
  id: string,
  from: LedgerAccount,
  to: LedgerAccount,
  amount: bigint,
  code = 'test',
): MovePosting {
  return { id, kind: 'single', debitAccountId: from.id, creditAccountId: to.id, amount, code };
}

/** A linked operation of these postings under `id`, on its own (no caller's transaction). */
function operation(id: string, ...postings: Posting[]) {
  return ledger.linked(testApp.database.db, { id, code: 'test', postings });
}

describe('addressable accounts', () => {
  it('names accounts by address, one per asset, and keeps an address to one asset', async () => {
    const db = testApp.database.db;
    const userId = userIds[0]!;
    expect(players.USDT[0]!.address).toBe(`player:${userId}:USDT`);
    expect(house.YEC.address).toBe(`house:${PROJECT}:YEC`);
    // The older kind-based call finds the same row.
    const again = await ledger.userAccount(db, {
      projectId: PROJECT,
      currency: 'IDR',
      kind: 'player_wallet',
      ownerId: userId,
    });
    expect(again.id).toBe(players.IDR[0]!.id);
    expect(await ledger.findAccount(db, `player:${userId}:YEC`)).toMatchObject({ currency: 'YEC' });
    // An escrow names no asset in its address: a second asset at the same address is refused.
    const escrow = await ledger.account(db, accounts.gameEscrow(PROJECT, 'round-1', 'YEC'));
    expect(escrow).toMatchObject({ address: 'game:round-1:escrow', currency: 'YEC', isSystem: false });
    await expect(ledger.account(db, accounts.gameEscrow(PROJECT, 'round-1', 'USDT'))).rejects.toThrow(
      /other properties/,
    );
  });

  it('refuses a transfer between accounts of different assets, alone or inside an operation', async () => {
    const error = await run((tx) =>
      ledger.transfer(tx, {
        id: 'mix:1',
        debitAccountId: house.USDT.id,
        creditAccountId: players.YEC[0]!.id,
        amount: 1n,
        code: 'test',
      }),
    ).catch((caught: unknown) => caught);
    expect((error as LedgerError).refusal).toBe('currency_mismatch');
    const linked = await run((tx) =>
      ledger.linked(tx, {
        id: 'mix:op',
        code: 'test',
        postings: [
          single('mix:op:1', house.YEC, players.YEC[0]!, 100n),
          single('mix:op:2', house.IDR, players.USDT[0]!, 100n),
        ],
      }),
    ).catch((caught: unknown) => caught);
    expect((linked as LedgerError).refusal).toBe('currency_mismatch');
    expect(await transferCount('mix:')).toBe(0);
  });

  it('guards an escrow like a wallet: a payout beyond the stakes is refused', async () => {
    const db = testApp.database.db;
    const escrow = await ledger.account(db, accounts.gameEscrow(PROJECT, 'round-2', 'YEC'));
    await run((tx) =>
      ledger.linked(tx, {
        id: 'round-2:stake',
        code: 'bet',
        postings: [
          single('round-2:fund', house.YEC, players.YEC[1]!, 1_000n),
          single('round-2:stake', players.YEC[1]!, escrow, 1_000n, 'bet_stake'),
        ],
      }),
    );
    const error = await run((tx) =>
      ledger.transfer(tx, {
        id: 'round-2:payout',
        debitAccountId: escrow.id,
        creditAccountId: players.YEC[1]!.id,
        amount: 1_001n,
        code: 'bet_payout',
      }),
    ).catch((caught: unknown) => caught);
    expect((error as LedgerError).refusal).toBe('insufficient_funds');
    expect((await ledger.balance(db, escrow.id)).balance).toBe(1_000n);
    await expectClean();
  });
});

describe('linked operations', () => {
  it('commit all postings or none: a refused last posting undoes the first ones', async () => {
    const db = testApp.database.db;
    const [a, b] = [players.IDR[2]!, players.IDR[3]!];
    const before = await Promise.all([ledger.balance(db, a.id), ledger.balance(db, b.id)]);
    const error = await run((tx) =>
      ledger.linked(tx, {
        id: 'aon',
        code: 'test',
        postings: [
          single('aon:1', house.IDR, a, 500n),
          single('aon:2', a, b, 200n),
          // More than a holds after the first two postings.
          single('aon:3', a, b, before[0]!.available + 301n),
        ],
      }),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LedgerError);
    expect((error as LedgerError).refusal).toBe('insufficient_funds');
    expect(await transferCount('aon')).toBe(0);
    const { rows } = await testApp.database.pool.query(`SELECT 1 FROM ledger_operations WHERE id = 'aon'`);
    expect(rows).toHaveLength(0);
    const after = await Promise.all([ledger.balance(db, a.id), ledger.balance(db, b.id)]);
    expect(after).toEqual(before);
    await expectClean();
  });

  it('answers one key once: 20 racing replays move the money once; other input is refused', async () => {
    const db = testApp.database.db;
    const target = players.USDT[2]!;
    const request = {
      id: 'once',
      code: 'test',
      reference: { type: 'test', id: '1' },
      postings: [
        { ...single('once:hold', house.USDT, target, 2_500_000n), kind: 'pending' as const },
        single('once:1', house.USDT, target, 1_000_000n),
        { id: 'once:post', kind: 'post' as const, pendingId: 'once:hold', code: 'test' },
      ],
    };
    const before = await ledger.balance(db, target.id);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => run((tx) => ledger.linked(tx, request))),
    );
    expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'exists')).toHaveLength(19);
    expect((await ledger.balance(db, target.id)).balance - before.balance).toBe(3_500_000n);
    for (const other of [
      { ...request, code: 'other' },
      { ...request, reference: { type: 'test', id: '2' } },
      { ...request, postings: request.postings.slice(1) },
      { ...request, postings: [single('once:1', house.USDT, target, 1_000_001n)] },
    ]) {
      const conflict = await run((tx) => ledger.linked(tx, other)).catch((caught: unknown) => caught);
      expect((conflict as LedgerError).refusal).toBe('id_conflict');
    }
    expect((await ledger.balance(db, target.id)).balance - before.balance).toBe(3_500_000n);
    await expectClean();
  });

  it('refuses a posting id already used by a transfer of its own', async () => {
    await run((tx) => ledger.transfer(tx, { ...single('used', house.MXN, players.MXN[0]!, 5n) }));
    const error = await run((tx) =>
      ledger.linked(tx, {
        id: 'reuse',
        code: 'test',
        postings: [
          single('reuse:1', house.MXN, players.MXN[0]!, 5n),
          single('used', house.MXN, players.MXN[0]!, 5n),
        ],
      }),
    ).catch((caught: unknown) => caught);
    expect((error as LedgerError).refusal).toBe('id_conflict');
    expect(await transferCount('reuse')).toBe(0);
  });

  it('moves several assets in one operation (an exchange) with every per-asset sum at zero', async () => {
    const db = testApp.database.db;
    const player = 1;
    await run((tx) =>
      ledger.transfer(tx, { ...single('fx:fund', house.USDT, players.USDT[player]!, 10_000_000n) }),
    );
    // 10 USDT to the house, 1,000 YEC (100 YEC = 1 USD) to the player.
    await run((tx) =>
      ledger.linked(tx, {
        id: 'fx:quote-1',
        code: 'exchange',
        postings: [
          single('fx:quote-1:in', players.USDT[player]!, house.USDT, 10_000_000n, 'exchange_in'),
          single('fx:quote-1:out', house.YEC, players.YEC[player]!, 1_000_00n, 'exchange_out'),
        ],
      }),
    );
    expect((await ledger.balance(db, players.USDT[player]!.id)).balance).toBe(0n);
    await expectClean();
  });

  it('random operations with random failures commit whole or not at all (property)', async () => {
    type Leg = { from: number; to: number; amount: bigint; hold: boolean };
    // Index 0 is the house (unguarded), 1..4 the players; all in one asset per operation.
    const leg = fc.record({
      from: fc.integer({ min: 0, max: 4 }),
      to: fc.integer({ min: 0, max: 4 }),
      amount: fc.bigInt({ min: 1n, max: 3_000n }),
      hold: fc.boolean(),
    });
    const operation = fc.record({
      asset: fc.constantFrom<Asset>(...ASSET_CODES),
      legs: fc.array(leg, { minLength: 1, maxLength: 5 }),
      // A failure injected at a random posting: an id already used, or a foreign asset.
      failAt: fc.option(fc.nat({ max: 5 }), { nil: undefined }),
      failure: fc.constantFrom('reused_id' as const, 'foreign_asset' as const),
      inTransaction: fc.boolean(),
    });
    let runCounter = 0;
    // The id an injected 'reused_id' posting collides with (a replay of it answers 'exists').
    await run((tx) => ledger.transfer(tx, { ...single('used', house.MXN, players.MXN[0]!, 5n) }));
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 8 }), async (operations) => {
        runCounter += 1;
        const accountOf = (asset: Asset, index: number) =>
          index === 0 ? house[asset] : players[asset][index - 1]!;
        const results = await Promise.allSettled(
          operations.map((op, opIndex) => {
            const id = `prop${runCounter}:${opIndex}`;
            const legs = op.legs.filter((item: Leg) => item.from !== item.to);
            const postings: Posting[] = legs.flatMap((item: Leg, legIndex): Posting[] => {
              const base = single(
                `${id}:${legIndex}`,
                accountOf(op.asset, item.from),
                accountOf(op.asset, item.to),
                item.amount,
              );
              return item.hold
                ? [
                    { ...base, kind: 'pending' },
                    { id: `${id}:${legIndex}:post`, kind: 'post', pendingId: base.id, code: 'test' },
                  ]
                : [base];
            });
            if (op.failAt !== undefined && postings.length > 0) {
              const at = Math.min(op.failAt, postings.length);
              const other = ASSET_CODES[(ASSET_CODES.indexOf(op.asset) + 1) % ASSET_CODES.length]!;
              postings.splice(
                at,
                0,
                op.failure === 'reused_id'
                  ? single('used', house.MXN, players.MXN[0]!, 5n)
                  : single(`${id}:foreign`, house[op.asset], players[other][0]!, 1n),
              );
            }
            if (postings.length === 0) return Promise.resolve('empty' as const);
            const request = { id, code: 'test', postings };
            // Inside a caller's transaction, or alone on the pool: the operation is whole either way.
            const done = op.inTransaction
              ? run((tx) => ledger.linked(tx, request))
              : ledger.linked(testApp.database.db, request);
            return done.then(() => postings.length);
          }),
        );
        // Each operation is whole: its row and all its postings, or nothing under its id.
        for (const [opIndex, result] of results.entries()) {
          const id = `prop${runCounter}:${opIndex}`;
          const { rows } = await testApp.database.pool.query<{ postings: number | null; found: string }>(
            `SELECT (SELECT postings FROM ledger_operations WHERE id = $1) AS postings,
                    (SELECT count(*) FROM ledger_transfers WHERE operation_id = $1 OR id LIKE $2) AS found`,
            [id, `${id}:%`],
          );
          const row = rows[0]!;
          if (result.status === 'fulfilled' && result.value !== 'empty') {
            expect(row.postings).toBe(result.value);
            expect(Number(row.found)).toBe(result.value);
          } else {
            expect(row.postings).toBeNull();
            expect(Number(row.found)).toBe(0);
            if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(LedgerError);
          }
          if (
            operations[opIndex]!.failAt !== undefined &&
            result.status === 'fulfilled' &&
            result.value !== 'empty'
          )
            throw new Error(`operation ${id} with an injected failure committed`);
        }
        // Per-asset sums zero, no guarded balance below zero, every operation whole (ledger check).
        await expectClean();
      }),
      { numRuns: 20 },
    );
  });

  it("writes two entries per posting, each guarded side with the account's balance after it", async () => {
    const db = testApp.database.db;
    const a = await ledger.account(db, accounts.gameEscrow(PROJECT, 'shape-a', 'YEC'));
    const b = await ledger.account(db, accounts.gameEscrow(PROJECT, 'shape-b', 'YEC'));
    const postings = [
      single('shape:1', house.YEC, a, 500n),
      single('shape:2', a, b, 200n),
      single('shape:3', b, a, 50n),
    ];
    expect(await operation('shape', ...postings)).toBe('created');
    const { rows } = await testApp.database.pool.query<{
      transfer_id: string;
      account_id: string;
      amount: string;
      balance_after: string | null;
    }>(
      `SELECT transfer_id, account_id::text, amount::text, balance_after::text FROM ledger_entries
        WHERE transfer_id LIKE 'shape:%' ORDER BY id`,
    );
    const name = (id: string) => (id === String(a.id) ? 'a' : id === String(b.id) ? 'b' : 'house');
    expect(rows.map((row) => [row.transfer_id, name(row.account_id), row.amount, row.balance_after])).toEqual(
      [
        ['shape:1', 'house', '-500', null],
        ['shape:1', 'a', '500', '500'],
        ['shape:2', 'a', '-200', '300'],
        ['shape:2', 'b', '200', '200'],
        ['shape:3', 'b', '-50', '150'],
        ['shape:3', 'a', '50', '350'],
      ],
    );
    expect((await ledger.balance(db, a.id)).balance).toBe(350n);
    expect(await operation('shape', ...postings)).toBe('exists');
    await expectClean();
  });

  it('guards a debit at its place in the postings: credit then spend passes, spend then credit is refused', async () => {
    const db = testApp.database.db;
    const escrow = await ledger.account(db, accounts.gameEscrow(PROJECT, 'order-guard', 'USDT'));
    await operation('order:fund', single('order:fund:1', house.USDT, escrow, 100n));
    const spendFirst = await operation(
      'order:spend-first',
      single('order:sf:1', escrow, house.USDT, 110n),
      single('order:sf:2', house.USDT, escrow, 20n),
    ).catch((caught: unknown) => caught);
    expect((spendFirst as LedgerError).refusal).toBe('insufficient_funds');
    expect(await transferCount('order:sf')).toBe(0);
    expect(
      await operation(
        'order:credit-first',
        single('order:cf:1', house.USDT, escrow, 20n),
        single('order:cf:2', escrow, house.USDT, 110n),
      ),
    ).toBe('created');
    expect((await ledger.balance(db, escrow.id)).balance).toBe(10n);
    await expectClean();
  });

  it('racing single-posting operations never overdraw, and two guarded accounts never deadlock', async () => {
    const db = testApp.database.db;
    const escrow = await ledger.account(db, accounts.gameEscrow(PROJECT, 'race-singles', 'YEC'));
    await operation('race:fund', single('race:fund:1', house.YEC, escrow, 100n));
    // Each takes 10 and gives 5 back: from 100, the 19th leaves 10 - 10 + 5 = 5 and the 20th finds 5 < 10.
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, index) =>
        operation(
          `race:${index}`,
          single(`race:${index}:take`, escrow, house.YEC, 10n),
          single(`race:${index}:back`, house.YEC, escrow, 5n),
        ),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(19);
    for (const result of results)
      if (result.status === 'rejected')
        expect((result.reason as LedgerError).refusal).toBe('insufficient_funds');
    expect((await ledger.balance(db, escrow.id)).balance).toBe(5n);
    // Two guarded accounts moved in both directions at once: each operation locks both lowest id first.
    const left = await ledger.account(db, accounts.gameEscrow(PROJECT, 'swap-left', 'YEC'));
    const right = await ledger.account(db, accounts.gameEscrow(PROJECT, 'swap-right', 'YEC'));
    await operation(
      'swap:fund',
      single('swap:fund:l', house.YEC, left, 1_000n),
      single('swap:fund:r', house.YEC, right, 1_000n),
    );
    const swaps = await Promise.all(
      Array.from({ length: 40 }, (_, index) => {
        const [from, to] = index % 2 === 0 ? [left, right] : [right, left];
        return run((tx) =>
          ledger.linked(tx, {
            id: `swap:${index}`,
            code: 'test',
            postings: [single(`swap:${index}:1`, from, to, 7n), single(`swap:${index}:2`, to, house.YEC, 1n)],
          }),
        );
      }),
    );
    expect(swaps.every((outcome) => outcome === 'created')).toBe(true);
    const sides = await Promise.all([ledger.balance(db, left.id), ledger.balance(db, right.id)]);
    expect(sides.map((side) => side.balance)).toEqual([980n, 980n]);
    await expectClean();
  });

  it('the ledger check flags a broken operation and a transfer whose entries mix assets', async () => {
    const pool = testApp.database.pool;
    const at = new Date().toISOString();
    // Written behind the ledger's back, as corruption would be: an operation missing a posting, and a
    // transfer whose credit entry is in another asset.
    await pool.query(
      `INSERT INTO ledger_operations (id, input_hash, postings, code, created_at)
       VALUES ('broken-op', '\\x00', 2, 'test', $1)`,
      [at],
    );
    await pool.query(
      `INSERT INTO ledger_transfers (id, kind, debit_account_id, credit_account_id, currency, amount, code, created_at, operation_id)
       VALUES ('broken-op:1', 'single', $1, $2, 'IDR', 7, 'test', $3, 'broken-op')`,
      [String(house.IDR.id), String(players.IDR[0]!.id), at],
    );
    await pool.query(
      `INSERT INTO ledger_entries (transfer_id, account_id, currency, amount, balance_after, created_at)
       VALUES ('broken-op:1', $1, 'IDR', -7, NULL, $3), ('broken-op:1', $2, 'YEC', 7, NULL, $3)`,
      [String(house.IDR.id), String(players.YEC[0]!.id), at],
    );
    const report = await checkLedger(pool);
    const failed = report.results.filter((result) => result.violations > 0).map((result) => result.name);
    expect(report.ok).toBe(false);
    expect(failed).toContain('per-asset sum of all balances is zero');
    expect(failed).toContain(
      "a transfer's postings share one asset (its entries, their accounts and the transfer)",
    );
    expect(failed).toContain(
      'linked operations are whole: each has exactly its postings, each posting its operation',
    );
  });
});

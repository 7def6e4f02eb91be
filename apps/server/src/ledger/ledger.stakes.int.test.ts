// Proves settled stakes posted in a batch (`stakesCall`, ledger_stake_operations of migration 0817) on
// the real database: each writes what a linked operation of the same input writes (a replay through
// `linked` answers 'exists'; the same entries, balances after and versions), only the stakes the
// caller marks are posted, any refusal undoes the whole batch, racing batches never overdraw nor
// deadlock, and the ledger check stays clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { ManualClock } from '../platform/clock.ts';
import { accounts, createLedger, type Ledger, type LedgerAccount, type SettledStake } from './ledger.ts';
import { checkLedger, formatReport } from './ledger-check.ts';

const PROJECT = 12;
const ASSET = 'YEC';
let testApp: TestApp;
let ledger: Ledger;
let house: LedgerAccount;
/** Eight player wallets, each funded with 10.00 from the house's bank. */
let wallets: LedgerAccount[];

beforeAll(async () => {
  testApp = await startTestApp();
  ledger = createLedger(new ManualClock());
  const db = testApp.database.db;
  const { rows } = await testApp.database.pool.query<{ id: string }>(
    'SELECT id FROM users WHERE project_id = $1 ORDER BY id LIMIT 8',
    [PROJECT],
  );
  house = await ledger.account(db, accounts.house(PROJECT, ASSET));
  const bank = await ledger.account(db, accounts.custody(PROJECT, ASSET));
  wallets = [];
  for (const [index, row] of rows.entries()) {
    const wallet = await ledger.account(db, accounts.player(PROJECT, Number(row.id), ASSET));
    wallets.push(wallet);
    await ledger.transfer(db, {
      id: `stakes-test-fund-${index}`,
      debitAccountId: bank.id,
      creditAccountId: wallet.id,
      amount: 1_000n,
      code: 'test',
    });
  }
});
afterAll(async () => testApp?.close());

async function expectClean() {
  const report = await checkLedger(testApp.database.pool);
  if (!report.ok) throw new Error(formatReport(report));
}

let serial = 0;
function stake(wallet: LedgerAccount, amount: bigint, payout: bigint, system = house): SettledStake {
  const id = `stakes-test-${++serial}`;
  return {
    id,
    referenceId: id,
    stakeId: `${id}:stake`,
    payoutId: `${id}:payout`,
    userAccountId: wallet.id,
    systemAccountId: system.id,
    stake: amount,
    payout,
  };
}

const CODES = {
  code: 'test-bet',
  referenceType: 'test_bet',
  stakeCode: 'test-stake',
  payoutCode: 'test-payout',
};

/** Posts the stakes in one statement; `post` marks which (all by default). */
async function postStakes(stakes: SettledStake[], post?: boolean[]): Promise<number> {
  const call = ledger.stakesCall({ ...CODES, stakes }, 0, `$14::boolean[]`);
  const { rows } = await testApp.database.pool.query<{ posted: number }>(`SELECT ${call.text} AS posted`, [
    ...call.values,
    post ?? stakes.map(() => true),
  ]);
  return rows[0]!.posted;
}

async function account(id: bigint): Promise<{ balance: bigint; version: bigint }> {
  const { rows } = await testApp.database.pool.query<{ balance: string; version: string }>(
    'SELECT balance::text, version::text FROM ledger_accounts WHERE id = $1',
    [id.toString()],
  );
  return { balance: BigInt(rows[0]!.balance), version: BigInt(rows[0]!.version) };
}

/** An operation's entries as (posting suffix, account, amount, balance after), in id order. */
async function entriesOf(operationId: string): Promise<string[]> {
  const { rows } = await testApp.database.pool.query<{ line: string }>(
    `SELECT split_part(e.transfer_id, ':', 2) || ' ' || CASE WHEN a.is_system THEN 'house' ELSE 'wallet' END
            || ' ' || e.amount || ' ' || coalesce(e.balance_after::text, '-') AS line
       FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id
       JOIN ledger_accounts a ON a.id = e.account_id
      WHERE t.operation_id = $1 ORDER BY e.id`,
    [operationId],
  );
  return rows.map((row) => row.line);
}

describe('settled stakes in a batch', () => {
  it('writes what a linked operation writes: a replay through linked answers exists; same entries and versions', async () => {
    const [a, b, c, d] = wallets as [LedgerAccount, LedgerAccount, LedgerAccount, LedgerAccount];
    const win = stake(a, 100n, 250n);
    const loss = stake(b, 300n, 0n);
    const beforeA = await account(a.id);
    expect(await postStakes([win, loss])).toBe(2);

    // The same input through `linked` finds the operation written and moves nothing.
    for (const posted of [win, loss]) {
      const postings = [
        {
          id: posted.stakeId,
          kind: 'single' as const,
          debitAccountId: posted.userAccountId,
          creditAccountId: posted.systemAccountId,
          amount: posted.stake,
          code: CODES.stakeCode,
        },
        ...(posted.payout > 0n
          ? [
              {
                id: posted.payoutId,
                kind: 'single' as const,
                debitAccountId: posted.systemAccountId,
                creditAccountId: posted.userAccountId,
                amount: posted.payout,
                code: CODES.payoutCode,
              },
            ]
          : []),
      ];
      const replay = await ledger.linked(testApp.database.db, {
        id: posted.id,
        code: CODES.code,
        reference: { type: CODES.referenceType, id: posted.referenceId },
        postings,
      });
      expect(replay).toBe('exists');
    }
    const afterA = await account(a.id);
    expect(afterA.balance - beforeA.balance).toBe(150n);
    expect(afterA.version - beforeA.version).toBe(2n);

    // The same bets on two other wallets through `linked`, one at a time: entry for entry the same.
    const twin = async (wallet: LedgerAccount, amount: bigint, payout: bigint) => {
      const id = `stakes-test-${++serial}`;
      await ledger.linked(testApp.database.db, {
        id,
        code: CODES.code,
        reference: { type: CODES.referenceType, id },
        postings: [
          {
            id: `${id}:stake`,
            kind: 'single',
            debitAccountId: wallet.id,
            creditAccountId: house.id,
            amount,
            code: 'x',
          },
          ...(payout > 0n
            ? [
                {
                  id: `${id}:payout`,
                  kind: 'single' as const,
                  debitAccountId: house.id,
                  creditAccountId: wallet.id,
                  amount: payout,
                  code: 'x',
                },
              ]
            : []),
        ],
      });
      return id;
    };
    const twinWin = await twin(c, 100n, 250n);
    const twinLoss = await twin(d, 300n, 0n);
    expect(await entriesOf(win.id)).toEqual(await entriesOf(twinWin));
    expect(await entriesOf(loss.id)).toEqual(await entriesOf(twinLoss));
    expect(await entriesOf(win.id)).toEqual([
      'stake wallet -100 900',
      'stake house 100 -',
      'payout house -250 -',
      'payout wallet 250 1150',
    ]);
    expect((await account(c.id)).version - (await account(a.id)).version).toBe(0n);
    await expectClean();
  });

  it('posts only the stakes the caller marks', async () => {
    const [, , , , e, f] = wallets as LedgerAccount[];
    const kept = stake(e!, 10n, 0n);
    const skipped = stake(f!, 10n, 0n);
    const before = await account(f!.id);
    expect(await postStakes([kept, skipped], [true, false])).toBe(1);
    expect(await entriesOf(kept.id)).toHaveLength(2);
    expect(await entriesOf(skipped.id)).toEqual([]);
    expect(await account(f!.id)).toEqual(before);
    expect(await postStakes([stake(f!, 10n, 0n)], [false])).toBe(0);
  });

  it('undoes the whole batch on any refusal, naming it', async () => {
    const [a, b] = wallets as [LedgerAccount, LedgerAccount];
    const balances = async () => [await account(a.id), await account(b.id)];
    const before = await balances();
    const operations = async () =>
      (await testApp.database.pool.query<{ n: string }>('SELECT count(*) AS n FROM ledger_operations'))
        .rows[0]!.n;
    const count = await operations();
    const refusal = (stakes: SettledStake[]) =>
      postStakes(stakes).then(
        () => 'posted',
        (error: { code?: string }) => error.code,
      );
    // a wallet that cannot pay its stake, after one that can
    expect(await refusal([stake(a, 1n, 0n), stake(b, 1_000_000n, 0n)])).toBe('LD001');
    // an operation id taken (by the first test's batch)
    const taken = { ...stake(a, 1n, 0n), id: 'stakes-test-1' };
    expect(await refusal([stake(b, 1n, 0n), taken])).toBe('LD005');
    // a posting id taken
    expect(await refusal([{ ...stake(a, 1n, 0n), stakeId: 'stakes-test-fund-0' }])).toBe('LD005');
    // one wallet twice; a wallet paying a wallet; a system account paying
    expect(await refusal([stake(a, 1n, 0n), stake(a, 1n, 0n)])).toBe('LD007');
    expect(await refusal([stake(a, 1n, 0n, b)])).toBe('LD007');
    expect(await refusal([{ ...stake(a, 1n, 0n), userAccountId: house.id, systemAccountId: a.id }])).toBe(
      'LD007',
    );
    expect(await balances()).toEqual(before);
    expect(await operations()).toBe(count);
    await expectClean();
  });

  it('racing batches over the same wallets never overdraw and never deadlock', async () => {
    const racers = wallets.slice(0, 8);
    const before = await Promise.all(racers.map((wallet) => account(wallet.id)));
    // 24 batches of the eight wallets in shuffled orders, each stake 40 with no payout: each wallet
    // can pay only as many as its balance allows; the rest of those batches are refused whole.
    const orders = Array.from({ length: 24 }, (_, round) =>
      [...racers].sort(
        (x, y) =>
          ((Number(x.id) * 7919 + round * 104729) % 97) - ((Number(y.id) * 7919 + round * 104729) % 97),
      ),
    );
    const outcomes = await Promise.all(
      orders.map((order) =>
        postStakes(order.map((wallet) => stake(wallet, 40n, 0n))).then(
          (posted) => `posted ${posted}`,
          (error: { code?: string }) => error.code ?? String(error),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome !== 'posted 8' && outcome !== 'LD001')).toEqual([]);
    const posted = outcomes.filter((outcome) => outcome === 'posted 8').length;
    const after = await Promise.all(racers.map((wallet) => account(wallet.id)));
    for (const [index, wallet] of after.entries()) {
      expect(wallet.balance).toBeGreaterThanOrEqual(0n);
      expect(before[index]!.balance - wallet.balance).toBe(40n * BigInt(posted));
    }
    const poorest = Math.min(...before.map((wallet) => Number(wallet.balance)));
    expect(posted).toBe(Math.min(24, Math.floor(poorest / 40)));
    await expectClean();
  });
});

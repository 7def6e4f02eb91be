// Proves settled holds posted in a batch (`holdSettlementsCall`, ledger_hold_settlements of migration
// 0820) on the real database: each writes what a linked operation of the same postings writes (a
// replay through `linked` answers 'exists'; the same entries, balances after, versions and released
// holds), only the holds the caller marks are posted, any refusal undoes the whole batch, and the
// ledger check stays clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { ManualClock } from '../platform/clock.ts';
import { accountState, expectLedgerCheckClean, fundedPlayers } from './ledger.test-support.ts';
import {
  accounts,
  createLedger,
  type Ledger,
  type LedgerAccount,
  type SettledHold,
  settledHoldPostings,
} from './ledger.ts';

const PROJECT = 12;
const ASSET = 'YEC';
let testApp: TestApp;
let ledger: Ledger;
let house: LedgerAccount;
/** Six players, each a wallet funded with 10.00 from the bank and an escrow of their own. */
let players: Array<{ wallet: LedgerAccount; escrow: LedgerAccount }>;

beforeAll(async () => {
  testApp = await startTestApp();
  ledger = createLedger(new ManualClock());
  house = await ledger.account(testApp.database.db, accounts.house(PROJECT, ASSET));
  players = await fundedPlayers(testApp, ledger, {
    project: PROJECT,
    asset: ASSET,
    count: 6,
    tag: 'holds-test',
  });
});
afterAll(async () => testApp?.close());

const CODES = {
  code: 'test-settle',
  referenceType: 'test_bet',
  postCode: 'test-bet',
  stakeCode: 'test-stake',
  payoutCode: 'test-payout',
};

let serial = 0;
/** A stake held from the player's wallet to their escrow now, and its settlement paying `payout`. */
async function held(
  player: { wallet: LedgerAccount; escrow: LedgerAccount },
  amount: bigint,
  payout: bigint,
): Promise<SettledHold> {
  const id = `holds-test-${++serial}`;
  await ledger.hold(testApp.database.db, {
    id: `${id}:hold`,
    debitAccountId: player.wallet.id,
    creditAccountId: player.escrow.id,
    amount,
    code: CODES.postCode,
  });
  return {
    id,
    referenceId: id,
    pendingId: `${id}:hold`,
    postId: `${id}:post`,
    stakeId: `${id}:stake`,
    payoutId: `${id}:payout`,
    userAccountId: player.wallet.id,
    escrowAccountId: player.escrow.id,
    systemAccountId: house.id,
    stake: amount,
    payout,
  };
}

/** Posts the holds in one statement; `post` marks which (all by default). */
async function settle(holds: SettledHold[], post?: boolean[]): Promise<number> {
  const call = ledger.holdSettlementsCall({ ...CODES, holds }, 0, `$18::boolean[]`);
  const { rows } = await testApp.database.pool.query<{ posted: number }>(`SELECT ${call.text} AS posted`, [
    ...call.values,
    post ?? holds.map(() => true),
  ]);
  return rows[0]!.posted;
}

function settleAlone(hold: SettledHold) {
  return ledger.linked(testApp.database.db, {
    id: hold.id,
    code: CODES.code,
    reference: { type: CODES.referenceType, id: hold.referenceId },
    postings: settledHoldPostings(hold, CODES),
  });
}

/** An operation's entries as (posting suffix, account role, amount, balance after), in id order. */
async function entriesOf(operationId: string): Promise<string[]> {
  const { rows } = await testApp.database.pool.query<{ line: string }>(
    `SELECT split_part(e.transfer_id, ':', 2) || ' '
            || CASE WHEN a.is_system THEN 'house' WHEN a.kind = 'player_wallet' THEN 'wallet' ELSE 'escrow' END
            || ' ' || e.amount || ' ' || coalesce(e.balance_after::text, '-') AS line
       FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id
       JOIN ledger_accounts a ON a.id = e.account_id
      WHERE t.operation_id = $1 ORDER BY e.id`,
    [operationId],
  );
  return rows.map((row) => row.line);
}

describe('settled holds in a batch', () => {
  it('writes what a linked operation writes: a replay through linked answers exists; same entries, versions, holds released', async () => {
    const [a, b, c, d] = players as [
      (typeof players)[0],
      (typeof players)[0],
      (typeof players)[0],
      (typeof players)[0],
    ];
    const win = await held(a, 100n, 250n);
    const loss = await held(b, 300n, 0n);
    const twinWin = await held(c, 100n, 250n);
    const twinLoss = await held(d, 300n, 0n);
    const before = await Promise.all([a, b, c, d].map((player) => accountState(testApp, player.wallet.id)));
    expect(before.map((wallet) => wallet.pending)).toEqual([100n, 300n, 100n, 300n]);

    expect(await settle([win, loss])).toBe(2);
    for (const hold of [win, loss]) expect(await settleAlone(hold)).toBe('exists');
    // The same settlements on two other players through `linked`: entry for entry the same.
    for (const hold of [twinWin, twinLoss]) expect(await settleAlone(hold)).toBe('created');
    expect(await entriesOf(win.id)).toEqual(await entriesOf(twinWin.id));
    expect(await entriesOf(loss.id)).toEqual(await entriesOf(twinLoss.id));
    expect(await entriesOf(win.id)).toEqual([
      'post wallet -100 900',
      'post escrow 100 100',
      'stake escrow -100 0',
      'stake house 100 -',
      'payout house -250 -',
      'payout wallet 250 1150',
    ]);
    const after = await Promise.all([a, b, c, d].map((player) => accountState(testApp, player.wallet.id)));
    const moved = after.map((wallet, index) => ({
      balance: wallet.balance - before[index]!.balance,
      pending: wallet.pending,
      versions: wallet.version - before[index]!.version,
    }));
    expect(moved).toEqual([
      { balance: 150n, pending: 0n, versions: 2n },
      { balance: -300n, pending: 0n, versions: 1n },
      { balance: 150n, pending: 0n, versions: 2n },
      { balance: -300n, pending: 0n, versions: 1n },
    ]);
    expect(await accountState(testApp, a.escrow.id)).toEqual(await accountState(testApp, c.escrow.id));
    await expectLedgerCheckClean(testApp);
  });

  it('posts only the holds the caller marks', async () => {
    const [, , , , e, f] = players as Array<(typeof players)[0]>;
    const kept = await held(e!, 10n, 0n);
    const skipped = await held(f!, 10n, 20n);
    const before = await accountState(testApp, f!.wallet.id);
    expect(await settle([kept, skipped], [true, false])).toBe(1);
    expect(await entriesOf(kept.id)).toHaveLength(4);
    expect(await entriesOf(skipped.id)).toEqual([]);
    expect(await accountState(testApp, f!.wallet.id)).toEqual(before);
    expect(await settle([skipped], [false])).toBe(0);
    expect(await settleAlone(skipped)).toBe('created');
    await expectLedgerCheckClean(testApp);
  });

  it('undoes the whole batch on any refusal, naming it', async () => {
    const [a, b, c] = players as Array<(typeof players)[0]>;
    const first = await held(a!, 5n, 7n);
    const second = await held(b!, 5n, 0n);
    const balances = async () =>
      Promise.all([a!, b!].map((player) => accountState(testApp, player.wallet.id)));
    const before = await balances();
    const refusal = (holds: SettledHold[]) =>
      settle(holds).then(
        () => 'posted',
        (error: { code?: string }) => error.code,
      );
    // an operation id taken (by the first test's batch); a posting id taken
    expect(await refusal([first, { ...second, id: 'holds-test-1' }])).toBe('LD005');
    expect(await refusal([first, { ...second, stakeId: 'holds-test-fund-0' }])).toBe('LD005');
    // a hold already resolved (settled alone), under a new operation
    const resolved = await held(c!, 5n, 0n);
    await settleAlone(resolved);
    const again = { ...resolved, id: 'holds-test-again', postId: 'again:post', stakeId: 'again:stake' };
    expect(await refusal([first, again])).toBe('LD005');
    // a stake other than the hold's; an escrow other than the hold's; one player twice
    expect(await refusal([first, { ...second, stake: 6n }])).toBe('LD007');
    expect(await refusal([first, { ...second, escrowAccountId: players[5]!.escrow.id }])).toBe('LD007');
    expect(await refusal([first, { ...first, id: 'holds-test-x', postId: 'x:post' }])).toBe('LD007');
    // a settlement into a guarded account instead of the house
    expect(await refusal([{ ...first, systemAccountId: c!.wallet.id }])).toBe('LD007');
    expect(await balances()).toEqual(before);
    expect(await settle([first, second])).toBe(2);
    await expectLedgerCheckClean(testApp);
  });
});

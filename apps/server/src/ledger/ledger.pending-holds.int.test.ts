// Proves stakes held in a batch (`pendingHoldsCall`, ledger_pending_holds of migration 0825) on the
// real database: each writes what a linked operation of the same pending posting writes (a replay
// through `linked` answers 'exists'; the same transfer, input hash, held debits and versions), only
// the holds the caller marks are held, any refusal undoes the whole batch, and the ledger check stays
// clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { ManualClock } from '../platform/clock.ts';
import { accountState, expectLedgerCheckClean, fundedPlayers } from './ledger.test-support.ts';
import {
  accounts,
  createLedger,
  type Ledger,
  type LedgerAccount,
  type PendingHold,
  pendingHoldPostings,
} from './ledger.ts';

const PROJECT = 12;
const ASSET = 'YEC';
let testApp: TestApp;
let ledger: Ledger;
/** Six players, each a wallet funded with 10.00 from the bank and an escrow of their own. */
let players: Array<{ wallet: LedgerAccount; escrow: LedgerAccount }>;
let house: LedgerAccount;

beforeAll(async () => {
  testApp = await startTestApp();
  ledger = createLedger(new ManualClock());
  house = await ledger.account(testApp.database.db, accounts.house(PROJECT, ASSET));
  players = await fundedPlayers(testApp, ledger, {
    project: PROJECT,
    asset: ASSET,
    count: 6,
    tag: 'pending-test',
  });
});
afterAll(async () => testApp?.close());

const CODES = { code: 'test-bet-hold', referenceType: 'test_bet', pendingCode: 'test-bet' };

let serial = 0;
function hold(player: { wallet: LedgerAccount; escrow: LedgerAccount }, amount: bigint): PendingHold {
  const id = `pending-test-${++serial}`;
  return {
    id,
    referenceId: id,
    pendingId: `${id}:hold`,
    userAccountId: player.wallet.id,
    escrowAccountId: player.escrow.id,
    amount,
  };
}

/** Holds the stakes in one statement; `post` marks which (all by default). */
async function holdAll(holds: PendingHold[], post?: boolean[]): Promise<number> {
  const call = ledger.pendingHoldsCall({ ...CODES, holds }, 0, `$11::boolean[]`);
  const { rows } = await testApp.database.pool.query<{ held: number }>(`SELECT ${call.text} AS held`, [
    ...call.values,
    post ?? holds.map(() => true),
  ]);
  return rows[0]!.held;
}

function holdAlone(pending: PendingHold) {
  return ledger.linked(testApp.database.db, {
    id: pending.id,
    code: CODES.code,
    reference: { type: CODES.referenceType, id: pending.referenceId },
    postings: pendingHoldPostings(pending, CODES),
  });
}

/** An operation and its transfer as one line (hash, postings, kind, amount, code, reference), and its entries. */
async function written(operationId: string): Promise<{ line: string; entries: number }> {
  const { rows } = await testApp.database.pool.query<{ line: string; entries: number }>(
    `SELECT encode(o.input_hash, 'hex') || ' ' || o.postings || ' ' || o.code || ' ' || t.kind || ' '
            || t.amount || ' ' || t.currency || ' ' || t.code || ' ' || t.reference_type || ' '
            || (t.reference_id = o.reference_id) || ' ' || (t.created_at = o.created_at) AS line,
            (SELECT count(*)::integer FROM ledger_entries e WHERE e.transfer_id = t.id) AS entries
       FROM ledger_operations o JOIN ledger_transfers t ON t.operation_id = o.id
      WHERE o.id = $1`,
    [operationId],
  );
  return rows[0] ?? { line: '', entries: -1 };
}

describe('stakes held in a batch', () => {
  it('writes what a linked operation writes: a replay through linked answers exists; same transfer, holds, versions', async () => {
    const [a, b, c, d] = players as Array<(typeof players)[0]>;
    const first = hold(a!, 100n);
    const second = hold(b!, 300n);
    const before = await Promise.all(
      [a!, b!, c!, d!].map((player) => accountState(testApp, player.wallet.id)),
    );
    expect(await holdAll([first, second])).toBe(2);
    for (const pending of [first, second]) expect(await holdAlone(pending)).toBe('exists');
    // The same holds of two other players through `linked`: the same rows but for the accounts.
    const twinFirst = hold(c!, 100n);
    const twinSecond = hold(d!, 300n);
    for (const pending of [twinFirst, twinSecond]) expect(await holdAlone(pending)).toBe('created');
    const line = async (pending: PendingHold) =>
      (await written(pending.id)).line.split(' ').slice(1).join(' ');
    expect(await line(first)).toBe(await line(twinFirst));
    expect(await line(first)).toBe('1 test-bet-hold pending 100 YEC test-bet test_bet true true');
    expect((await written(first.id)).entries).toBe(0);
    const after = await Promise.all(
      [a!, b!, c!, d!].map((player) => accountState(testApp, player.wallet.id)),
    );
    expect(
      after.map((wallet, index) => ({
        balance: wallet.balance - before[index]!.balance,
        pending: wallet.pending - before[index]!.pending,
        versions: wallet.version - before[index]!.version,
      })),
    ).toEqual([
      { balance: 0n, pending: 100n, versions: 1n },
      { balance: 0n, pending: 300n, versions: 1n },
      { balance: 0n, pending: 100n, versions: 1n },
      { balance: 0n, pending: 300n, versions: 1n },
    ]);
    // The batch's input hash is the one ledger_operation() computes: a replay with another amount is refused.
    await expect(holdAlone({ ...first, amount: 101n })).rejects.toMatchObject({ refusal: 'id_conflict' });
    await expectLedgerCheckClean(testApp);
  });

  it('holds only the stakes the caller marks', async () => {
    const [, , , , e, f] = players as Array<(typeof players)[0]>;
    const kept = hold(e!, 10n);
    const skipped = hold(f!, 10n);
    const before = await accountState(testApp, f!.wallet.id);
    expect(await holdAll([kept, skipped], [true, false])).toBe(1);
    expect((await written(kept.id)).line).not.toBe('');
    expect((await written(skipped.id)).line).toBe('');
    expect(await accountState(testApp, f!.wallet.id)).toEqual(before);
    expect(await holdAll([skipped], [false])).toBe(0);
    expect(await holdAlone(skipped)).toBe('created');
    await expectLedgerCheckClean(testApp);
  });

  it('undoes the whole batch on any refusal, naming it', async () => {
    const [a, b, c] = players as Array<(typeof players)[0]>;
    const snapshot = async () =>
      Promise.all([a!, b!].map((player) => accountState(testApp, player.wallet.id)));
    const before = await snapshot();
    const refusal = (holds: PendingHold[]) =>
      holdAll(holds).then(
        () => 'held',
        (error: { code?: string }) => error.code,
      );
    const first = hold(a!, 5n);
    const second = hold(b!, 5n);
    // an operation id taken (by the first test's batch); a posting id taken
    expect(await refusal([first, { ...second, id: 'pending-test-1' }])).toBe('LD005');
    expect(await refusal([first, { ...second, pendingId: 'pending-test-fund-0' }])).toBe('LD005');
    // more than the wallet can hold (10.00 less what is held already)
    expect(await refusal([first, { ...second, amount: 1_000n }])).toBe('LD001');
    // one player twice; one escrow for two players; a hold into the house; an escrow of another asset
    expect(await refusal([first, { ...first, id: 'pending-test-x', pendingId: 'x:hold' }])).toBe('LD007');
    expect(await refusal([first, { ...second, escrowAccountId: a!.escrow.id }])).toBe('LD007');
    expect(await refusal([first, { ...second, escrowAccountId: house.id }])).toBe('LD007');
    const otherAsset = await ledger.account(
      testApp.database.db,
      accounts.gameEscrow(PROJECT, 'pending-test-usdt', 'USDT'),
    );
    expect(await refusal([first, { ...second, escrowAccountId: otherAsset.id }])).toBe('LD007');
    expect(await snapshot()).toEqual(before);
    expect((await written(first.id)).line).toBe('');
    expect(await holdAll([first, second, hold(c!, 5n)])).toBe(3);
    await expectLedgerCheckClean(testApp);
  });
});

describe('accounts of a bet in one statement', () => {
  it('reads the existing, creates the missing, in order; concurrent calls agree; another kind at an address is refused', async () => {
    const db = testApp.database.db;
    const wallet = players[0]!.wallet;
    const spec = (name: string) => accounts.gameEscrow(PROJECT, `pending-test-${name}`, ASSET);
    const existing = accounts.player(PROJECT, wallet.ownerId!, ASSET);
    const [first, second, third] = await ledger.accountsAt(db, [existing, spec('new-a'), spec('new-b')]);
    expect(first).toEqual(wallet);
    expect(second!.address).toBe(spec('new-a').address);
    expect(third!.kind).toBe(spec('new-b').kind);
    expect(await ledger.findAccount(db, spec('new-b').address)).toEqual(third);
    // Racing creations of the same new addresses: one account each, every caller told the same id.
    const raced = await Promise.all(
      Array.from({ length: 8 }, () => ledger.accountsAt(db, [spec('raced-a'), spec('raced-b')])),
    );
    for (const answer of raced)
      expect(answer.map((account) => account.id)).toEqual(raced[0]!.map((a) => a.id));
    // An address that exists with other properties (a wallet's address asked for as a house account).
    await expect(ledger.accountsAt(db, [{ ...existing, guarded: false }])).rejects.toThrow(
      /other properties/,
    );
  });
});

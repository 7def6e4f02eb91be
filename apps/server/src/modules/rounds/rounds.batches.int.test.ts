// Proves round bets and cash-outs in batches on the real server and ledger: many players' cash-outs
// and bets settled or placed in shared statements, each as it would be alone; a failed batch changes
// nothing and its members go alone; a player with a limit or a cool-off refused from inside a batch;
// the play gate's stake and settlement recorded in the bet statement. The harness:
// test/rounds-support.ts.
import { randomUUID } from 'node:crypto';
import type { PayhubClient } from '@payhub/client';
import { crashMultiplierAt } from '@payhub/games';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean, failure } from '../../../test/payhub-helpers.ts';
import { GROWTH, useRoundsApp } from '../../../test/rounds-support.ts';
import type { TestApp } from '../../../test/test-app.ts';

const rounds = useRoundsApp();
const {
  drive,
  driveUntil,
  row,
  fundedPlayers,
  sessionOf,
  bettingCrashRound,
  failingBatchesOf,
  cashOutBatches,
  betBatches,
} = rounds;
let testApp: TestApp;
let other: PayhubClient;
beforeAll(() => {
  ({ testApp, other } = rounds);
});

describe('cash-outs in batches', () => {
  it("settles many players' cash-outs in shared statements, each as alone; a failed batch changes nothing and its cash-outs settle alone", async () => {
    const ids = await fundedPlayers(40, '6281980', 'batch');
    const service = testApp.app.rounds.service;
    const roundId = await bettingCrashRound(3_000);
    const betIds = ids.map(() => randomUUID());
    await Promise.all(
      ids.map((id, index) =>
        service.crashBet(sessionOf(id), { betId: betIds[index]!, asset: 'IDR', amount: 100n }),
      ),
    );
    await driveUntil(roundId, 'running');
    const outcome = (promise: Promise<unknown>) =>
      promise.then(
        () => 'paid',
        (error: { errCode?: number }) => error.errCode ?? 'error',
      );
    const statementsBefore = cashOutBatches.length;

    // 1. Twenty cash-outs at once, with a duplicate and a cash-out of someone else's bet among them.
    const first = await Promise.all([
      ...ids.slice(0, 20).map((id, index) => outcome(service.crashCashOut(sessionOf(id), betIds[index]!))),
      outcome(service.crashCashOut(sessionOf(ids[0]!), betIds[0]!)),
      outcome(service.crashCashOut(sessionOf(ids[1]!), betIds[30]!)),
    ]);
    expect(first.slice(0, 20)).toEqual(Array(20).fill('paid'));
    expect(first[20]).toBe(10034);
    expect(first[21]).toBe(404);
    const firstBatches = cashOutBatches.slice(statementsBefore);
    expect(firstBatches.some((batch) => batch.committed && batch.betIds.length > 1)).toBe(true);

    // 2. Ten more at once, a batch of them failing in its statement: all settle alone, once.
    failingBatchesOf.add(ids[25]!);
    const statementsBeforeFailure = cashOutBatches.length;
    try {
      const second = await Promise.all(
        ids
          .slice(20, 30)
          .map((id, index) => outcome(service.crashCashOut(sessionOf(id), betIds[20 + index]!))),
      );
      expect(second).toEqual(Array(10).fill('paid'));
    } finally {
      failingBatchesOf.clear();
    }
    expect(cashOutBatches.slice(statementsBeforeFailure).some((batch) => !batch.committed)).toBe(true);

    // Each bet as a cash-out alone leaves it: won at the curve of its receipt, its settlement posted
    // once (hold posted, stake to the house, payout back), the gate's record of it, nothing pending.
    const round = (await row<{ started_at: string; bust_at: string }>(
      sql`SELECT started_at, bust_at FROM rounds WHERE id = ${roundId}::bigint`,
    ))!;
    const settled = await testApp.database.db.execute<{
      id: string;
      user_id: string;
      state: string;
      cash_out: number;
      payout: string;
      cashed_at: string;
      postings: number;
      settles: number;
      pending: string;
    }>(sql`
      SELECT b.id, b.user_id::text, b.state, b.cash_out, b.payout::text, b.cashed_at,
             (SELECT count(*)::int FROM ledger_transfers t WHERE t.operation_id = 'round-settle:' || b.id) AS postings,
             (SELECT count(*)::int FROM responsible_activity a
               WHERE a.user_id = b.user_id AND a.kind = 'settle' AND a.amount = 100 AND a.payout = b.payout) AS settles,
             (SELECT pending_stakes::text FROM responsible_state s WHERE s.user_id = b.user_id) AS pending
        FROM round_bets b WHERE b.id IN ${betIds.slice(0, 30)}`);
    expect(settled.rows).toHaveLength(30);
    for (const bet of settled.rows) {
      expect(bet.state).toBe('won');
      const receivedAt = Date.parse(bet.cashed_at);
      expect(receivedAt).toBeLessThan(Date.parse(round.bust_at));
      expect(bet.cash_out).toBe(
        crashMultiplierAt(Math.floor(receivedAt - Date.parse(round.started_at)), GROWTH),
      );
      expect(BigInt(bet.payout)).toBe((100n * BigInt(bet.cash_out)) / 100n);
      expect(bet.postings).toBe(3);
      expect(bet.settles).toBe(1);
      expect(bet.pending).toBe('0');
    }
    await driveUntil(roundId, 'ended');
    await expectLedgerClean(testApp);
  }, 90_000);
});

describe('bets in batches', () => {
  it("places many players' bets in shared statements, each as alone; a refused bet fails alone; a player's second bet goes after the batch", async () => {
    const ids = await fundedPlayers(30, '6281981', 'betbatch');
    const service = testApp.app.rounds.service;
    const roundId = await bettingCrashRound(4_000);
    const outcome = (promise: Promise<{ id: string }>) =>
      promise.then(
        (bet) => bet.id,
        (error: { errCode?: number }) => error.errCode ?? 'error',
      );
    const betIds = ids.map(() => randomUUID());
    const statementsBefore = betBatches.length;
    const crash = (index: number, betId: string, amount = 100n) =>
      outcome(service.crashBet(sessionOf(ids[index]!), { betId, asset: 'IDR', amount }));

    // 1. Twenty-five bets at once, with a replay of one, a second crash bet of one player, and a
    //    player betting more than they have (100,000 minor units each) among them.
    const secondOfOne = randomUUID();
    const first = await Promise.all([
      ...ids.slice(0, 25).map((_, index) => crash(index, betIds[index]!)),
      crash(0, betIds[0]!),
      crash(1, secondOfOne),
      crash(25, betIds[25]!, 100_001n),
    ]);
    // Player 1's two crash bets race: one is placed, the other gets 10032 (one crash bet a round).
    expect([first[1], first[26]].sort()).toEqual(
      first[1] === 10032 ? [10032, secondOfOne] : [10032, betIds[1]].sort(),
    );
    if (first[1] === 10032) betIds[1] = secondOfOne;
    expect([first[0], ...first.slice(2, 25)]).toEqual([betIds[0], ...betIds.slice(2, 25)]);
    expect(first[25]).toBe(betIds[0]);
    expect(first[27]).toBe(700);
    const batches = betBatches.slice(statementsBefore);
    expect(batches.some((batch) => batch.committed && batch.betIds.length > 1)).toBe(true);
    const together = new Set(batches.filter((batch) => batch.committed).flatMap((batch) => batch.betIds));

    // 2. Ten wingo bets of five players at once (two each): each player's second after the batch.
    let wingoRound = '';
    await drive(async () => {
      const live = await row<{ id: string; betting_ends_at: string }>(
        sql`SELECT id, betting_ends_at FROM rounds WHERE project_id = 12 AND game = 'wingo30' AND state = 'betting'`,
      );
      if (!live || Date.parse(live.betting_ends_at) - Date.now() < 800) return false;
      wingoRound = live.id;
      return true;
    });
    const wingoIds = ids.slice(26, 30).map(() => [randomUUID(), randomUUID()]);
    const wingo = await Promise.all(
      wingoIds.flatMap((pair, player) =>
        pair.map((betId, nth) =>
          outcome(
            service.wingoBet(sessionOf(ids[26 + player]!), {
              betId,
              game: 'wingo30',
              asset: 'IDR',
              amount: 100n,
              pick: nth === 0 ? 'colour:red' : 'size:big',
            }),
          ),
        ),
      ),
    );
    expect(wingo).toEqual(wingoIds.flat());

    // Each bet as a bet alone leaves it: open in its round, its stake held once (a pending posting
    // of the bet's operation), the gate's record of it; a refused bet left nothing.
    const placed = await testApp.database.db.execute<{
      id: string;
      round_id: string;
      state: string;
      stake: string;
      held: string;
      postings: number;
      stakes: number;
    }>(sql`
      SELECT b.id, b.round_id::text, b.state, b.stake::text,
             (SELECT t.kind || ' ' || t.amount FROM ledger_transfers t WHERE t.id = 'round-bet:' || b.id) AS held,
             (SELECT count(*)::int FROM ledger_transfers t WHERE t.operation_id = 'round-bet-hold:' || b.id) AS postings,
             (SELECT count(*)::int FROM responsible_activity a
               WHERE a.user_id = b.user_id AND a.kind = 'stake' AND a.amount = 100) AS stakes
        FROM round_bets b WHERE b.user_id IN ${ids}`);
    expect(placed.rows).toHaveLength(25 + 8);
    for (const bet of placed.rows) {
      expect(bet.state).toBe('open');
      expect(bet.held).toBe('pending 100');
      expect(bet.postings).toBe(1);
      expect(bet.round_id).toBe(new Set<string>(wingoIds.flat()).has(bet.id) ? wingoRound : roundId);
    }
    for (const id of ids.slice(0, 25)) {
      const mine = placed.rows.filter((bet) => bet.id === betIds[ids.indexOf(id)]);
      expect(mine[0]!.stakes).toBe(1);
    }
    expect(placed.rows.filter((bet) => together.has(bet.id)).length).toBeGreaterThan(1);
    const refused = await row<{ transfers: number; pending: string }>(sql`
      SELECT (SELECT count(*)::int FROM ledger_transfers WHERE id = ${`round-bet:${betIds[25]}`}) AS transfers,
             (SELECT pending_debits::text FROM ledger_accounts WHERE address = ${`player:${ids[25]}:IDR`}) AS pending`);
    expect(refused).toEqual({ transfers: 0, pending: '0' });
    const pendingStakes = await row<{ total: string }>(sql`
      SELECT sum(pending_stakes)::text AS total FROM responsible_state WHERE user_id IN ${ids}`);
    expect(pendingStakes?.total).toBe(String(33 * 100));

    await driveUntil(roundId, 'ended');
    await driveUntil(wingoRound, 'ended');
    const open = await row<{ count: number }>(sql`
      SELECT count(*)::int AS count FROM round_bets WHERE user_id IN ${ids} AND state = 'open'`);
    expect(open?.count).toBe(0);
    await expectLedgerClean(testApp);
  }, 90_000);

  it('sends a player with a limit or a cool-off down the locked path from inside a batch, which refuses them; the others are placed', async () => {
    const ids = await fundedPlayers(12, '6281982', 'betgate');
    const service = testApp.app.rounds.service;
    const responsible = testApp.app.responsiblePlay;
    const limited = ids[10]!;
    const coolingOff = ids[11]!;
    await responsible.setLimit(sessionOf(limited), '127.0.0.1', 'wager_day', 50n);
    await responsible.coolOff(sessionOf(coolingOff), '127.0.0.1', 24);
    const roundId = await bettingCrashRound(3_000);
    const statementsBefore = betBatches.length;
    const outcomes = await Promise.all(
      ids.map((id) =>
        service.crashBet(sessionOf(id), { betId: randomUUID(), asset: 'IDR', amount: 100n }).then(
          () => 'placed',
          (error: { errCode?: number }) => error.errCode ?? 'error',
        ),
      ),
    );
    expect(outcomes).toEqual([...Array(10).fill('placed'), 7042, 10001]);
    expect(
      betBatches.slice(statementsBefore).some((batch) => batch.committed && batch.betIds.length > 1),
    ).toBe(true);
    const refused = await row<{ bets: number; stakes: number; pending: string }>(sql`
      SELECT (SELECT count(*)::int FROM round_bets WHERE user_id IN (${limited}, ${coolingOff})) AS bets,
             (SELECT count(*)::int FROM responsible_activity
               WHERE user_id IN (${limited}, ${coolingOff}) AND kind = 'stake') AS stakes,
             (SELECT sum(pending_debits)::text FROM ledger_accounts
               WHERE address IN (${`player:${limited}:IDR`}, ${`player:${coolingOff}:IDR`})) AS pending`);
    expect(refused).toEqual({ bets: 0, stakes: 0, pending: '0' });
    await driveUntil(roundId, 'ended');
    await expectLedgerClean(testApp);
  }, 60_000);
});

describe('the play gate in a round bet', () => {
  it('records a stake as beforeStake does in the bet statement, the cash-out its settlement, and refuses over a limit', async () => {
    // The cash-out of the first crash test recorded its settlement for responsible play in its own statement.
    const cashedOut = (await row<{ user_id: string; stake: string; payout: string }>(sql`
      SELECT user_id::text, stake::text, payout::text FROM round_bets
       WHERE game = 'crash' AND state = 'won' AND cashed_at IS NOT NULL ORDER BY created_at LIMIT 1`))!;
    expect(
      await row(sql`
        SELECT 1 FROM responsible_activity WHERE user_id = ${cashedOut.user_id}::bigint AND kind = 'settle'
           AND amount = ${cashedOut.stake}::bigint AND value = ${cashedOut.stake}::bigint
           AND payout = ${cashedOut.payout}::bigint`),
    ).toBeDefined();

    await drive(async () => {
      const state = await other.api.rounds.state({ params: { game: 'wingo30' } });
      return state.round?.state === 'betting' && Date.parse(state.round.bettingEndsAt) - Date.now() > 1_000;
    });
    const wingoBet = (amount: string) =>
      other.api.rounds.wingoBet({
        body: { betId: randomUUID(), game: 'wingo30', asset: 'IDR', amount, pick: 'size:big' },
      });
    const first = await wingoBet('100');
    const { user_id: userId } = (await row<{ user_id: string }>(
      sql`SELECT user_id::text FROM round_bets WHERE id = ${first.id}::uuid`,
    ))!;
    const gateState = async () =>
      (await row<{ pending: string; stakes: number }>(sql`
        SELECT s.pending_stakes::text AS pending,
               (SELECT count(*)::int FROM responsible_activity a
                 WHERE a.user_id = s.user_id AND a.kind = 'stake' AND a.value = 25000) AS stakes
          FROM responsible_state s WHERE s.user_id = ${userId}::bigint`))!;
    const before = await gateState();
    await wingoBet('250');
    const after = await gateState();
    // The stake counts as pending (a potential loss) and as wagered, as the locked path records it.
    expect(BigInt(after.pending) - BigInt(before.pending)).toBe(25_000n);
    expect(after.stakes - before.stakes).toBe(1);

    // A limit: the one-statement path answers false and the locked path refuses the stake, changing nothing.
    await testApp.database.db.execute(sql`
      INSERT INTO responsible_limits (user_id, kind, value, updated_at)
      VALUES (${userId}::bigint, 'wager_day', 1, now())`);
    try {
      const refused = await failure(wingoBet('250'));
      expect(refused.errCode).toBe(7042);
      expect(await gateState()).toEqual(after);
    } finally {
      await testApp.database.db.execute(
        sql`DELETE FROM responsible_limits WHERE user_id = ${userId}::bigint AND kind = 'wager_day'`,
      );
    }
    // The clock settles both bets in the draw, the gate's record in one statement each: nothing pending.
    await drive(
      async () =>
        (await row(sql`
          SELECT 1 FROM round_bets WHERE round_id = ${first.roundId}::bigint AND user_id = ${userId}::bigint
             AND state = 'open'`)) === undefined,
    );
    expect(BigInt(after.pending) - BigInt((await gateState()).pending)).toBe(35_000n);
    await expectLedgerClean(testApp);
  });
});

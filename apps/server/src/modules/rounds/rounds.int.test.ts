// Proves crash end to end on the real server and ledger, the clock driven tick by tick: bets and
// cash-outs over HTTP and the broadcast, the result equal to the chain's (hash in the published chain,
// result recomputed from hash and salt), bets after the close refused with 10030, 500 cash-outs around
// the bust instant — every paid one received before the bust at its curve multiplier, the rest
// refused, none paid twice, the ledger clean — and a round's end held back while a cash-out received
// before its bust is still settling, on this node or another. The harness: test/rounds-support.ts.
import { randomUUID } from 'node:crypto';
import type { PayhubClient } from '@payhub/client';
import { RealtimeState } from '@payhub/client';
import { parseAmount, type RoundEvent, RoundsRealtimeRoute } from '@payhub/contracts';
import { chainRoundOf, crashMultiplierAt, crashPointCents } from '@payhub/games';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean, failure } from '../../../test/payhub-helpers.ts';
import { GROWTH, sleep, useRoundsApp } from '../../../test/rounds-support.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { ourClient, signInToken, waitFor } from '../../realtime/realtime.test-support.ts';
import { takeWholePool } from './rounds.test-support.ts';

const rounds = useRoundsApp();
const { drive, driveUntil, row, fundedPlayers, sessionOf, bettingCrashRound, runningCrashBet, available } =
  rounds;
let testApp: TestApp;
let player: PayhubClient;
let other: PayhubClient;
beforeAll(() => {
  ({ testApp, player, other } = rounds);
});

describe('crash', () => {
  it('takes bets, pays a cash-out at the curve, ends with the chain result, and publishes the chain', async () => {
    // A watcher on the broadcast: bets come in `bets` batches, a round's before its next state change.
    const watcher = ourClient(testApp.baseUrl, { token: (await signInToken(testApp, 'player-2')).token });
    const events: RoundEvent[] = [];
    watcher.subscribe(RoundsRealtimeRoute.broadcast, (item) => events.push(item as RoundEvent));
    watcher.start();
    await waitFor(
      () => watcher.state === RealtimeState.CONNECTED && watcher.authenticated,
      10_000,
      'watcher',
    );
    let state = await player.api.rounds.state({ params: { game: 'crash' } });
    await drive(async () => {
      state = await player.api.rounds.state({ params: { game: 'crash' } });
      return state.round?.state === 'betting' && Date.parse(state.round.bettingEndsAt) - Date.now() > 1_500;
    });
    expect(state.fairness?.terminatingHash).toMatch(/^[0-9a-f]{64}$/);
    expect(state.fairness?.salt).toBeTruthy();
    expect(state.round?.hash).toBeNull();
    expect(state.round?.result).toBeNull();
    const round = state.round!;
    const before = await available(player, 'IDR');
    // Above the largest stake (ROUNDS_MAX_STAKE): refused with 702 before anything is held.
    const overMax = await failure(
      player.api.rounds.crashBet({ body: { betId: randomUUID(), asset: 'IDR', amount: '5000.01' } }),
    );
    expect(overMax.errCode).toBe(702);
    expect(overMax.errMsg).toContain('5000.00');
    expect(await available(player, 'IDR')).toBe(before);
    const betId = randomUUID();
    const bet = await player.api.rounds.crashBet({ body: { betId, asset: 'IDR', amount: '1000' } });
    expect(bet).toMatchObject({ id: betId, state: 'open', stake: '1000.00', roundId: round.id });
    // Idempotent by bet id; one crash bet per player and round.
    expect((await player.api.rounds.crashBet({ body: { betId, asset: 'IDR', amount: '1000' } })).id).toBe(
      betId,
    );
    expect(
      (
        await failure(
          player.api.rounds.crashBet({ body: { betId: randomUUID(), asset: 'IDR', amount: '5' } }),
        )
      ).errCode,
    ).toBe(10032);
    expect(await available(player, 'IDR')).toBe(before - 100_000n);
    const auto = await other.api.rounds.crashBet({
      body: { betId: randomUUID(), asset: 'IDR', amount: '10', autoCashOut: 201 },
    });
    expect(
      (
        await failure(
          other.api.rounds.crashBet({
            body: { betId: randomUUID(), asset: 'IDR', amount: '10', autoCashOut: 200 },
          }),
        )
      ).errCode,
    ).toBe(3);
    // The state counts the round's bets (the list is the first 200 of them).
    const counted = await player.api.rounds.state({ params: { game: 'crash' } });
    expect(counted.round?.id).toBe(round.id);
    expect(counted.tally).toEqual({ bets: counted.bets.length, won: 0 });
    expect(counted.bets.map((item) => item.id)).toEqual(expect.arrayContaining([betId, auto.id]));

    await drive(
      async () => (await player.api.rounds.state({ params: { game: 'crash' } })).round?.state !== 'betting',
    );
    const { result } = (await row<{ result: number }>(
      sql`SELECT result FROM rounds WHERE id = ${round.id}::bigint`,
    ))!;
    const cashOut = await player.api.rounds.crashCashOut({ body: { betId } }).then(
      (answer) => answer,
      (error) => error as { errCode: number },
    );
    if ('errCode' in cashOut) {
      // The round had already busted (1 % of rounds bust at 1.00×).
      expect(cashOut.errCode).toBe(10031);
    } else {
      expect(cashOut.state).toBe('won');
      expect(cashOut.cashOut!).toBeGreaterThanOrEqual(100);
      expect(cashOut.cashOut!).toBeLessThan(result);
      expect(parseAmount(cashOut.payout!, 'IDR', 'wire')).toBe((100_000n * BigInt(cashOut.cashOut!)) / 100n);
      expect((await failure(player.api.rounds.crashCashOut({ body: { betId } }))).errCode).toBe(10034);
    }
    await driveUntil(round.id, 'ended');
    const after = await player.api.rounds.state({ params: { game: 'crash' } });
    const ended = after.recent.find((candidate) => candidate.id === round.id)!;
    expect(ended.state).toBe('ended');
    expect(ended.result).toBe(result);
    // The result is the chain's: the hash belongs to the published chain at its round, and hash + salt give the crash point.
    expect(chainRoundOf(ended.hash!, state.fairness!.terminatingHash, 300)).toBe(ended.chainRound);
    expect(crashPointCents(ended.hash!, state.fairness!.salt!)).toBe(result);
    const autoBet = (await other.api.rounds.myBets({ params: { game: 'crash' }, query: {} })).items.find(
      (item) => item.id === auto.id,
    )!;
    expect(autoBet.state).toBe(result >= 201 ? 'won' : 'lost');
    if (result >= 201) expect(autoBet).toMatchObject({ cashOut: 201, payout: '20.10' });

    // The broadcast: both bets open before the round started running, their last states before it
    // ended, all in `bets` batches of this round.
    const indexOf = (test: (event: RoundEvent) => boolean) => events.findIndex(test);
    const roundEvent = (phase: string) =>
      indexOf(
        (event) => event.type === 'round' && event.round.id === round.id && event.round.state === phase,
      );
    const betChange = (id: string, phase: (state: string) => boolean) =>
      indexOf(
        (event) =>
          event.type === 'bets' &&
          event.roundId === round.id &&
          event.bets.some(([change, , , , betState]) => change === id && phase(betState)),
      );
    await waitFor(() => roundEvent('ended') >= 0, 5_000, 'ended event');
    const running = roundEvent('running');
    expect(running).toBeGreaterThan(0);
    // The `running` event is the round's first sync: its first tick leaves a broadcast interval
    // (500 ms) after it, not at the clock's next turn (this round runs ~2 s, so it has ticks).
    const runningEvent = events[running]!;
    const firstTick = events.find((event) => event.type === 'tick' && event.roundId === round.id);
    expect(runningEvent.type === 'round' && firstTick?.type === 'tick').toBe(true);
    if (runningEvent.type === 'round' && firstTick?.type === 'tick')
      expect(
        Date.parse(firstTick.serverTime) - Date.parse(runningEvent.round.serverTime),
      ).toBeGreaterThanOrEqual(500);
    expect(betChange(betId, (betState) => betState === 'open')).toBeGreaterThanOrEqual(0);
    expect(betChange(betId, (betState) => betState === 'open')).toBeLessThan(running);
    expect(betChange(auto.id, (betState) => betState === 'open')).toBeLessThan(running);
    const settled = betChange(auto.id, (betState) => betState !== 'open');
    expect(settled).toBeGreaterThan(running);
    expect(settled).toBeLessThan(roundEvent('ended'));
    const batches = events.filter((event) => event.type === 'bets' && event.roundId === round.id);
    // The player's bet in its final state (won or lost) with the stake the player app shows.
    const last = batches
      .flatMap((event) => (event.type === 'bets' ? event.bets : []))
      .filter(([id]) => id === betId);
    expect(last.at(-1)?.slice(0, 4)).toEqual([betId, expect.stringMatching(/^\*\*\*/), 'IDR', '1000.00']);
    expect(last.at(-1)?.[4]).not.toBe('open');
    // Every batch carries the round's tally as the database counted it when the batch left, the
    // ticks the clock's; the last batch (the settlement's, before `ended`) the final counts.
    const finalTally = (await row<{ bets: number; won: number }>(
      sql`SELECT count(*)::int AS bets, count(*) FILTER (WHERE state = 'won')::int AS won
            FROM round_bets WHERE round_id = ${round.id}::bigint`,
    ))!;
    expect(finalTally.bets).toBe(counted.tally.bets);
    const lastBatch = batches.at(-1);
    expect(lastBatch?.type === 'bets' && lastBatch.tally).toEqual(finalTally);
    for (const event of events) {
      if (event.type === 'tick' && event.roundId === round.id) expect(event.tally.bets).toBe(finalTally.bets);
      if (event.type === 'bets' && event.roundId === round.id) {
        expect(event.tally?.bets).toBeLessThanOrEqual(finalTally.bets);
        expect(event.tally?.won).toBeLessThanOrEqual(finalTally.won);
      }
    }
    watcher.stop();
    await expectLedgerClean(testApp);
  });

  it('refuses bets once the betting window closed (10030) and cash-outs of foreign bets (404)', async () => {
    await drive(
      async () => (await player.api.rounds.state({ params: { game: 'crash' } })).round?.state === 'running',
    );
    const late = await failure(
      player.api.rounds.crashBet({ body: { betId: randomUUID(), asset: 'IDR', amount: '1' } }),
    );
    expect(late.errCode).toBe(10030);
    const mine = await player.api.rounds.myBets({ params: { game: 'crash' }, query: {} });
    expect(
      (await failure(other.api.rounds.crashCashOut({ body: { betId: mine.items[0]!.id } }))).errCode,
    ).toBe(404);
  });

  it('500 cash-outs around the bust instant: before it paid at its multiplier, after it refused, none twice', async () => {
    const db = testApp.database.db;
    const ids = await fundedPlayers(500, '6281977', 'race');
    const service = testApp.app.rounds.service;

    // A betting round whose curve runs long enough to cash out before the bust under load (≥ 3.00×, 1.1 s), fresh enough for 500 bets.
    const roundId = await bettingCrashRound(7_000);
    const betIds = ids.map(() => randomUUID());
    await Promise.all(
      ids.map((id, index) =>
        service.crashBet(sessionOf(id), { betId: betIds[index]!, asset: 'IDR', amount: 100n }),
      ),
    );

    await driveUntil(roundId, 'running');
    const round = (await row<{ started_at: string; bust_at: string; result: number }>(
      sql`SELECT started_at, bust_at, result FROM rounds WHERE id = ${roundId}::bigint`,
    ))!;
    const bustAt = Date.parse(round.bust_at);
    const startedAt = Date.parse(round.started_at);
    // Cash-outs sent from 350 ms before to 150 ms after the bust instant (a loaded server receives them
    // later than sent: the early side keeps some before the bust); every fifth sent twice.
    const answers: Promise<{ index: number; ok: boolean; code?: number }>[] = [];
    let ticking = true;
    const clock = (async () => {
      while (ticking) {
        await service.tick();
        await sleep(20);
      }
    })();
    ids.forEach((id, index) => {
      const at = bustAt - 350 + index;
      const send = () =>
        answers.push(
          service.crashCashOut(sessionOf(id), betIds[index]!).then(
            () => ({ index, ok: true }),
            (error: { errCode?: number }) => ({ index, ok: false, code: error.errCode }),
          ),
        );
      setTimeout(send, Math.max(0, at - Date.now()));
      if (index % 5 === 0) setTimeout(send, Math.max(0, at + 3 - Date.now()));
    });
    await sleep(Math.max(0, bustAt + 400 - Date.now()));
    while (answers.length < 600) await sleep(10);
    const settled = await Promise.all(answers);
    await driveUntil(roundId, 'ended');
    ticking = false;
    await clock;

    const bets = await db.execute<{
      id: string;
      state: string;
      cash_out: number | null;
      payout: string | null;
      cashed_at: string | null;
    }>(
      sql`SELECT id, state, cash_out, payout::text, cashed_at FROM round_bets WHERE round_id = ${roundId}::bigint`,
    );
    expect(bets.rows).toHaveLength(500);
    const okByBet = new Map<number, number>();
    for (const answer of settled)
      if (answer.ok) okByBet.set(answer.index, (okByBet.get(answer.index) ?? 0) + 1);
    for (const answer of settled) if (!answer.ok) expect([10031, 10034]).toContain(answer.code);
    let paid = 0;
    for (const [index, betId] of betIds.entries()) {
      const bet = bets.rows.find((candidate) => candidate.id === betId)!;
      if (bet.state === 'won') {
        paid += 1;
        expect(okByBet.get(index)).toBe(1); // paid once, answered once
        const receivedAt = Date.parse(bet.cashed_at!);
        expect(receivedAt).toBeLessThan(bustAt);
        expect(bet.cash_out).toBe(crashMultiplierAt(Math.floor(receivedAt - startedAt), GROWTH));
        expect(bet.cash_out!).toBeLessThan(round.result);
        expect(BigInt(bet.payout!)).toBe((100n * BigInt(bet.cash_out!)) / 100n);
      } else {
        expect(bet.state).toBe('lost');
        expect(okByBet.get(index)).toBeUndefined();
      }
      // A refusal says why: too late for a bet the bust took (whether read before or after the
      // clock settled it), already settled only for the second send of a bet already paid.
      for (const answer of settled)
        if (answer.index === index && !answer.ok)
          expect(answer.code).toBe(bet.state === 'lost' ? 10031 : 10034);
    }
    // The clock settled the lost bets at the round's end in shared statements (its own pool, so seen
    // in the ledger): a batch's operations carry the batch's one time, one by one each its own.
    const lostIds = betIds.filter(
      (betId) => bets.rows.find((candidate) => candidate.id === betId)?.state === 'lost',
    );
    const times = await db.execute<{ times: number; operations: number }>(
      sql`SELECT count(DISTINCT created_at)::int AS times, count(*)::int AS operations FROM ledger_operations
           WHERE id IN ${lostIds.map((betId) => `round-settle:${betId}`)}`,
    );
    expect(lostIds.length).toBeGreaterThan(10);
    expect(times.rows[0]).toMatchObject({ operations: lostIds.length });
    expect(times.rows[0]!.times).toBeLessThanOrEqual(Math.ceil(lostIds.length / 100) + 1);
    // Both sides of the instant were exercised.
    console.info(`500 cash-outs (600 requests) around the bust: ${paid} paid once, ${500 - paid} refused`);
    expect(paid).toBeGreaterThan(0);
    expect(paid).toBeLessThan(500);
    await expectLedgerClean(testApp);
  }, 120_000);

  it('counts a cash-out from its arrival on the node: a wait in the node costs nothing, a request after the bust is refused', async () => {
    const ids = await fundedPlayers(3, '6281978', 'arrival');
    const service = testApp.app.rounds.service;
    const roundId = await bettingCrashRound(2_000);
    const betIds = ids.map(() => randomUUID());
    for (const [index, id] of ids.entries())
      await service.crashBet(sessionOf(id), { betId: betIds[index]!, asset: 'IDR', amount: 100n });
    await driveUntil(roundId, 'running');
    const round = (await row<{ started_at: string; bust_at: string }>(
      sql`SELECT started_at, bust_at FROM rounds WHERE id = ${roundId}::bigint`,
    ))!;
    const startedAt = Date.parse(round.started_at);
    const bustAt = Date.parse(round.bust_at);
    const cashedAt = async (betId: string) =>
      (await row<{ cashed_at: string; cash_out: number }>(
        sql`SELECT cashed_at, cash_out FROM round_bets WHERE id = ${betId}::uuid`,
      ))!;

    // 1. A request that waited 250 ms in the node (its event loop, its pool) counts from its arrival.
    await sleep(Math.max(0, startedAt + 500 - Date.now()));
    const sentAt = Date.now();
    await service.crashCashOut(sessionOf(ids[0]!), betIds[0]!, performance.now() - 250);
    const first = await cashedAt(betIds[0]!);
    expect(Date.parse(first.cashed_at)).toBeGreaterThanOrEqual(sentAt - 250 - 2);
    // Counted from the arrival (250 ms before the call), not the read: well before the call itself.
    expect(Date.parse(first.cashed_at)).toBeLessThan(sentAt - 250 + 200);
    expect(first.cash_out).toBe(crashMultiplierAt(Date.parse(first.cashed_at) - startedAt, GROWTH));

    // 2. Arrived 100 ms before the bust, read after it (the clock not yet round to end the round): paid
    // at the curve of its arrival; its repeat, arriving after the bust while it settles, is told
    // "already settled" (10034), not "too late". 3. Arrived after the bust: refused.
    await sleep(Math.max(0, bustAt + 50 - Date.now()));
    const [paid, repeat] = await Promise.all([
      service.crashCashOut(sessionOf(ids[1]!), betIds[1]!, performance.now() - (Date.now() - (bustAt - 100))),
      service.crashCashOut(sessionOf(ids[1]!), betIds[1]!).then(
        () => null,
        (error: { errCode?: number }) => error.errCode,
      ),
    ]);
    expect(paid.state).toBe('won');
    expect(repeat).toBe(10034);
    const second = await cashedAt(betIds[1]!);
    expect(Date.parse(second.cashed_at)).toBeLessThan(bustAt);
    expect(second.cash_out).toBe(crashMultiplierAt(Date.parse(second.cashed_at) - startedAt, GROWTH));
    const late = await service.crashCashOut(sessionOf(ids[2]!), betIds[2]!).then(
      () => null,
      (error: { errCode?: number }) => error.errCode,
    );
    expect(late).toBe(10031);
    await driveUntil(roundId, 'ended');
    expect(
      (await row<{ state: string }>(sql`SELECT state FROM round_bets WHERE id = ${betIds[2]!}::uuid`))!.state,
    ).toBe('lost');
    // 4. Asked again once the bust has settled the bet as lost: still too late (10031), not "settled".
    const afterEnd = await service.crashCashOut(sessionOf(ids[2]!), betIds[2]!).then(
      () => null,
      (error: { errCode?: number }) => error.errCode,
    );
    expect(afterEnd).toBe(10031);
    await expectLedgerClean(testApp);
  }, 90_000);

  it("holds a round's end while a cash-out received before the bust is still settling (a busy pool), then pays it", async () => {
    const { id, betId, roundId, bustAt } = await runningCrashBet('6281979', 'held');
    const service = testApp.app.rounds.service;
    // Every connection of the main pool taken: a cash-out waits in the node for one.
    const busy = await takeWholePool(testApp.database.pool);
    let cashOut: Promise<{ state: string }>;
    try {
      // Sent 400 ms before the bust: in time even if this loop runs late.
      await sleep(Math.max(0, bustAt - 400 - Date.now()));
      cashOut = service.crashCashOut(sessionOf(id), betId);
      // The clock runs (its own pool) well past the bust and its grace: the round waits for the cash-out.
      while (Date.now() < bustAt + 300 + 700) {
        await service.tick();
        await sleep(25);
      }
      expect(await busy.stateOf(betId)).toEqual({ round: 'running', bet: 'open' });
    } finally {
      busy.release();
    }
    const paid = await cashOut;
    expect(paid.state).toBe('won');
    const settled = (await row<{ cashed_at: string }>(
      sql`SELECT cashed_at FROM round_bets WHERE id = ${betId}::uuid`,
    ))!;
    expect(Date.parse(settled.cashed_at)).toBeLessThan(bustAt);
    await driveUntil(roundId, 'ended');
    expect(
      (await row<{ state: string }>(sql`SELECT state FROM round_bets WHERE id = ${betId}::uuid`))!.state,
    ).toBe('won');
    await expectLedgerClean(testApp);
  }, 90_000);

  it("holds a round's end while another node says cash-outs are settling there, and ends it once it says done", async () => {
    const { betId, roundId, bustAt } = await runningCrashBet('6281976', 'remote');
    const service = testApp.app.rounds.service;
    const roundState = async () =>
      (await row<{ state: string }>(sql`SELECT state FROM rounds WHERE id = ${roundId}::bigint`))!.state;
    // Another project's cash-outs elsewhere hold nothing here.
    service.noteRemoteCashOuts({ node: 'node-b', projectId: 10, inFlight: true });
    await sleep(Math.max(0, bustAt - 200 - Date.now()));
    service.noteRemoteCashOuts({ node: 'node-b', projectId: 12, inFlight: true });
    while (Date.now() < bustAt + 300 + 700) {
      await service.tick();
      await sleep(25);
    }
    expect(await roundState()).toBe('running');
    // Node B is done: the next turn of the clock ends the round, the bet lost at the bust.
    service.noteRemoteCashOuts({ node: 'node-b', projectId: 12, inFlight: false });
    await service.tick();
    expect(await roundState()).toBe('ended');
    expect(
      (await row<{ state: string }>(sql`SELECT state FROM round_bets WHERE id = ${betId}::uuid`))!.state,
    ).toBe('lost');
    service.noteRemoteCashOuts({ node: 'node-b', projectId: 10, inFlight: false });
    await expectLedgerClean(testApp);
  }, 90_000);
});

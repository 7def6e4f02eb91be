// Proves crash and wingo end to end on the real server and ledger, the clock driven tick by tick:
// bets and cash-outs over HTTP, results equal the chain's (hash in the published chain, result
// recomputed from hash and salt), bets after the close refused with 10030, a wingo bet settled by the
// documented table in its draw, and 500 cash-outs around the bust instant — every paid one received
// before the bust at its curve multiplier, the rest refused, none paid twice, the ledger clean; a
// round stranded past its draw voided with every stake returned; a bet riding at 200× paid 200×; a
// round's end held back while a cash-out received before its bust is still settling on the node.
// Crash chains are fixed here (known crash points), so no outcome rests on a random chain.
import { randomBytes, randomUUID } from 'node:crypto';
import type { PayhubClient } from '@payhub/client';
import { RealtimeState } from '@payhub/client';
import {
  type Asset,
  parseAmount,
  type RoundEvent,
  type RoundGame,
  RoundsRealtimeRoute,
} from '@payhub/contracts';
import {
  chainCheckpoints,
  chainRoundOf,
  chainStep,
  crashMultiplierAt,
  crashPointCents,
  createChainWalk,
  parseWingoPick,
  roundHash,
  wingoMultiplierBp,
  wingoNumber,
} from '@payhub/games';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean, failure } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { accounts, createLedger } from '../../ledger/ledger.ts';
import type { PlayGate } from '../../money/play-gate.ts';
import { systemClock } from '../../platform/clock.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { ourClient, signInToken, waitFor } from '../../realtime/realtime.test-support.ts';
import { createRoundsRepo } from './rounds.repo.ts';
import { takeWholePool } from './rounds.test-support.ts';

const GROWTH = 0.001;
const CHAIN_LENGTH = 300;
/**
 * Project 12's crash chain, fixed so that the crash points of the rounds these tests reach are known
 * and no outcome rests on a random chain (the clock plays the chain in play and makes one only when
 * there is none): round 1 crashes at 8.59×, so the first test's auto cash-out at 2.01× wins, and from
 * round 3 on every three rounds in a row hold one crashing at 3.00× or more, so the race finds a round
 * whose curve runs long enough (1.1 s) to send cash-outs on both sides of the bust. Checked in beforeAll.
 */
const CRASH_CHAIN_SECRET = '1e9e25477c61114720d7ca1e001a1da547d5600c471786379d86fcedc92d9f65';
let testApp: TestApp;
let player: PayhubClient;
let other: PayhubClient;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the clock (as the lock holder would) until `done` answers true. */
async function drive(done: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    await testApp.app.rounds.service.tick();
    if (await done()) return;
    await sleep(25);
  }
  throw new Error('the rounds did not reach the expected state in time');
}

/** Runs the clock until the round is in `state`. */
function driveUntil(roundId: string, state: 'running' | 'ended'): Promise<void> {
  return drive(
    async () =>
      (await row(sql`SELECT 1 FROM rounds WHERE id = ${roundId}::bigint AND state = ${state}`)) !== undefined,
  );
}

async function row<T = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T | undefined> {
  const result = await testApp.database.db.execute(query);
  return result.rows[0] as T | undefined;
}

/** `count` new players of project 12 (phones `<prefix>00001`…), each with 1,000.00 IDR from the house. */
async function fundedPlayers(count: number, phonePrefix: string, tag: string): Promise<number[]> {
  const ledger = createLedger(systemClock);
  const db = testApp.database.db;
  const users = await db.execute<{ id: string }>(sql`
    INSERT INTO users (project_id, phone, password_hash, nickname)
    SELECT 12, ${phonePrefix} || lpad(i::text, 5, '0'), 'x', ${tag} || i FROM generate_series(1, ${count}::int) AS i
    RETURNING id`);
  const ids = users.rows.map((user) => Number(user.id));
  const house = await ledger.systemAccount(db, { projectId: 12, currency: 'IDR', kind: 'house' });
  for (const id of ids) {
    const account = await ledger.account(db, accounts.player(12, id, 'IDR'));
    await ledger.transfer(db, {
      id: `round-${tag}-fund:${id}`,
      debitAccountId: house.id,
      creditAccountId: account.id,
      amount: 100_000n,
      code: 'deposit',
    });
  }
  return ids;
}

/** A player's session as the routes hand it to the service. */
function sessionOf(userId: number): Session {
  return {
    userId,
    projectId: 12,
    tokenHash: '',
    expiresAt: new Date(Date.now() + 3_600_000),
    staffRole: null,
  };
}

/**
 * Retires a project's chain of a game (used up) and puts one from `secret` in play, with `salt` (null:
 * waiting for it, as production's chains wait for an admin). Answers the chain in play.
 */
async function replaceChain(projectId: number, game: RoundGame, secret: string, salt: string | null) {
  const checkpoints = [...chainCheckpoints(secret, CHAIN_LENGTH, 30)];
  const repo = createRoundsRepo(testApp.database.db);
  return repo.transaction(async (tx) => {
    await tx.execute(
      sql`UPDATE round_chains SET next_round = length + 1 WHERE project_id = ${projectId} AND game = ${game}`,
    );
    return repo.insertChain(
      tx,
      {
        projectId,
        game,
        length: CHAIN_LENGTH,
        secret,
        terminatingHash: checkpoints.at(-1)![1],
        checkpointEvery: 30,
        salt,
        saltSource: salt === null ? null : 'test: a fixed chain',
      },
      checkpoints,
    );
  });
}

/** Drives the clock to a crash round of project 12 crashing at 3.00× or more and still betting for `leftMs`. */
async function bettingCrashRound(leftMs: number): Promise<string> {
  let roundId = '';
  await drive(async () => {
    const live = await row<{ id: string; result: number; betting_ends_at: string }>(
      sql`SELECT id, result, betting_ends_at FROM rounds WHERE project_id = 12 AND game = 'crash' AND state = 'betting'`,
    );
    if (!live || live.result < 300 || Date.parse(live.betting_ends_at) - Date.now() < leftMs) return false;
    roundId = live.id;
    return true;
  }, 60_000);
  return roundId;
}

/** A funded player's 1.00 IDR bet in a crash round (crashing at 3.00× or more) the clock has started. */
async function runningCrashBet(phonePrefix: string, tag: string) {
  const [id] = await fundedPlayers(1, phonePrefix, tag);
  const roundId = await bettingCrashRound(2_000);
  const betId = randomUUID();
  await testApp.app.rounds.service.crashBet(sessionOf(id!), { betId, asset: 'IDR', amount: 100n });
  await driveUntil(roundId, 'running');
  const { bust_at } = (await row<{ bust_at: string }>(
    sql`SELECT bust_at FROM rounds WHERE id = ${roundId}::bigint`,
  ))!;
  return { id: id!, betId, roundId, bustAt: Date.parse(bust_at) };
}

async function available(client: PayhubClient, asset: Asset): Promise<bigint> {
  const answer = await client.api.wallet.balances();
  const item = answer.items.find((candidate) => candidate.asset === asset)!;
  return parseAmount(item.available, asset, 'wire');
}

/** Players whose cash-outs, when batched, get a gate call that fails the batch's statement. */
const failingBatchesOf = new Set<number>();
/** Each statement of batched cash-outs as the pool ran it: its size, and whether it committed. */
const cashOutBatches: Array<{ betIds: string[]; committed: boolean }> = [];
/** Each statement of batched bets as the pool ran it: its bet ids, and whether it committed. */
const betBatches: Array<{ betIds: string[]; committed: boolean }> = [];

beforeAll(async () => {
  let real: PlayGate | null = null;
  // The real gate, but a batch carrying one of `failingBatchesOf` gets a call that raises.
  const gate = new Proxy({} as PlayGate, {
    get(_, key: keyof PlayGate) {
      if (!real) real = testApp.app.responsiblePlay.gate;
      if (key === 'settleCalls')
        return (...args: Parameters<NonNullable<PlayGate['settleCalls']>>) => {
          if (args[0].some((context) => failingBatchesOf.has(context.userId)))
            return { text: `(SELECT 1 / (count(*) - count(*))::integer FROM (SELECT 1) AS one)`, values: [] };
          return real!.settleCalls?.(...args) ?? null;
        };
      const value = real[key];
      return typeof value === 'function' ? value.bind(real) : value;
    },
  });
  testApp = await startTestApp({
    realClock: true,
    overrides: { playGate: gate },
    env: {
      RATE_LIMIT_PER_MINUTE: '1000000',
      ROUNDS_ENABLED: 'false',
      ROUNDS_CHAIN_LENGTH: String(CHAIN_LENGTH),
      ROUNDS_CRASH_BETTING_MS: '8000',
      ROUNDS_CRASH_GROWTH: String(GROWTH),
      ROUNDS_WINGO_DURATIONS_MS: '2500,3500,4500',
      ROUNDS_WINGO_CLOSE_MS: '1000',
      // The largest IDR stake of a round bet, low enough for the demo balances to reach; the
      // smallest at a cent, as these tests bet Rp 1 (the console's range is tested in console.int).
      ROUNDS_MAX_STAKE: '{"IDR": "5000.00"}',
      ROUNDS_MIN_STAKE: '{"IDR": "0.01"}',
    },
  });
  const checkpoints = [...chainCheckpoints(CRASH_CHAIN_SECRET, CHAIN_LENGTH, 30)];
  const terminatingHash = checkpoints.at(-1)![1];
  const salt = chainStep(`payhub development salt:${terminatingHash}`);
  const crashOf = (round: number) =>
    crashPointCents(roundHash(CRASH_CHAIN_SECRET, CHAIN_LENGTH, round), salt);
  expect(crashOf(1)).toBe(859);
  for (let round = 3; round <= 38; round += 1)
    expect(
      Math.max(crashOf(round), crashOf(round + 1), crashOf(round + 2)),
      `rounds ${round}–${round + 2}`,
    ).toBeGreaterThanOrEqual(300);
  const repo = createRoundsRepo(testApp.database.db);
  const chain = await repo.transaction((tx) =>
    repo.insertChain(
      tx,
      {
        projectId: 12,
        game: 'crash',
        length: CHAIN_LENGTH,
        secret: CRASH_CHAIN_SECRET,
        terminatingHash,
        checkpointEvery: 30,
        salt,
        saltSource: 'test: a fixed chain',
      },
      checkpoints,
    ),
  );
  expect(chain?.nextRound).toBe(1);
  player = await testApp.signIn('player');
  other = await testApp.signIn('player-2');
  // The batches' statements as the pooled connections run them (a batch runs on one connection).
  type Queryable = { query: (...args: unknown[]) => Promise<unknown>; watched?: true };
  const pool = testApp.database.pool as unknown as { connect: (...args: unknown[]) => Promise<Queryable> };
  const connect = pool.connect.bind(pool);
  pool.connect = async (...args: unknown[]) => {
    // pg's own pool.query asks with a callback: handed through as it is.
    if (args.length > 0) return connect(...args);
    const client = await connect();
    if (client.watched) return client;
    client.watched = true;
    const query = client.query.bind(client);
    client.query = (...args: unknown[]) => {
      const config = args[0] as { text?: string; values?: unknown[][] };
      const answer = query(...args);
      const batches = !(typeof config === 'object' && config.text)
        ? null
        : config.text.includes('ledger_hold_settlements(')
          ? cashOutBatches
          : config.text.includes('ledger_pending_holds(')
            ? betBatches
            : null;
      if (batches) {
        const betIds = (config.values?.[0] ?? []) as string[];
        answer.then(
          () => batches.push({ betIds, committed: true }),
          () => batches.push({ betIds, committed: false }),
        );
      }
      return answer;
    };
    return client;
  };
});
afterAll(async () => testApp?.close());

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

describe('wingo', () => {
  it('settles a bet in the next draw by the documented table; the number is the chain result; bets after the close get 10030', async () => {
    let round: Awaited<ReturnType<typeof player.api.rounds.state>>['round'] = null;
    let fairness: Awaited<ReturnType<typeof player.api.rounds.state>>['fairness'] = null;
    await drive(async () => {
      const state = await player.api.rounds.state({ params: { game: 'wingo30' } });
      round = state.round;
      fairness = state.fairness;
      // Time for the four bets below in the window (1.5 s at most).
      return state.round?.state === 'betting' && Date.parse(state.round.bettingEndsAt) - Date.now() > 1_000;
    });
    const open = round!;
    expect(open.period).toMatch(/^\d{8}1\d{5}$/);
    const picks = ['colour:green', 'colour:violet', 'number:7', 'size:big'];
    const bets = [];
    for (const pick of picks)
      bets.push(
        await player.api.rounds.wingoBet({
          body: { betId: randomUUID(), game: 'wingo30', asset: 'IDR', amount: '100', pick },
        }),
      );
    expect(
      (
        await failure(
          player.api.rounds.wingoBet({
            body: { betId: randomUUID(), game: 'wingo30', asset: 'IDR', amount: '100', pick: 'colour:blue' },
          }),
        )
      ).errCode,
    ).toBe(3);
    // After the close, before the draw: refused.
    await sleep(Math.max(0, Date.parse(open.bettingEndsAt) - Date.now() + 50));
    expect(Date.now()).toBeLessThan(Date.parse(open.drawAt!));
    const late = await failure(
      player.api.rounds.wingoBet({
        body: { betId: randomUUID(), game: 'wingo30', asset: 'IDR', amount: '100', pick: 'size:small' },
      }),
    );
    expect(late.errCode).toBe(10030);
    // The largest stake holds for wingo too (checked before the round is read).
    const overMax = await failure(
      player.api.rounds.wingoBet({
        body: { betId: randomUUID(), game: 'wingo60', asset: 'IDR', amount: '5000.01', pick: 'size:small' },
      }),
    );
    expect(overMax.errCode).toBe(702);

    await driveUntil(open.id, 'ended');
    const history = await player.api.rounds.history({ params: { game: 'wingo30' }, query: {} });
    const ended = history.items.find((item) => item.id === open.id)!;
    expect(ended.result).toBe(wingoNumber(ended.hash!, fairness!.salt!));
    expect(chainRoundOf(ended.hash!, fairness!.terminatingHash, 300)).toBe(ended.chainRound);
    // The page carries the chain of its rounds (one here), and the walk the fairness page runs agrees.
    expect(history.chains).toEqual([fairness]);
    expect(history.items.every((item) => item.chainId === fairness!.chainId)).toBe(true);
    const walk = createChainWalk(fairness!.terminatingHash, [
      { chainRound: ended.chainRound, hash: ended.hash! },
    ]);
    while (!walk.advance(1_000));
    expect(walk.verdicts()).toEqual([true]);
    const mine = await player.api.rounds.myBets({ params: { game: 'wingo30' }, query: {} });
    for (const bet of bets) {
      const settledBet = mine.items.find((item) => item.id === bet.id)!;
      const bp = wingoMultiplierBp(parseWingoPick(bet.pick!)!, ended.result!);
      expect(settledBet.state).toBe(bp > 0n ? 'won' : 'lost');
      if (bp > 0n) expect(parseAmount(settledBet.payout!, 'IDR', 'wire')).toBe((10_000n * bp) / 10_000n);
    }
    // The console's GGR report reads the same bets through the service: today's wingo30 IDR totals
    // equal the settled bets' sums (voided and open bets excluded).
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Jakarta' });
    const totals = await testApp.app.rounds.service.dailyTotals({
      projectId: 12,
      timeZone: 'Asia/Jakarta',
      from: today,
      to: today,
    });
    const expected = await row<{ n: number; stakes: string; payouts: string }>(sql`
      SELECT count(*)::int AS n, sum(stake)::text AS stakes, sum(payout)::text AS payouts FROM round_bets
       WHERE project_id = 12 AND game = 'wingo30' AND asset = 'IDR' AND state IN ('won', 'lost')`);
    const wingo = totals.find((item) => item.game === 'wingo30' && item.asset === 'IDR')!;
    expect(wingo.bets).toBe(expected!.n);
    expect(wingo.bets).toBeGreaterThanOrEqual(bets.length);
    expect(wingo.stakes).toBe(BigInt(expected!.stakes));
    expect(wingo.payouts).toBe(BigInt(expected!.payouts));
    await expectLedgerClean(testApp);
  });
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

describe('a round that cannot finish', () => {
  it('is voided once its draw is further past than the limit (every node down), every stake returned', async () => {
    let open: Awaited<ReturnType<typeof player.api.rounds.state>>['round'] = null;
    await drive(async () => {
      open = (await player.api.rounds.state({ params: { game: 'wingo120' } })).round;
      return open?.state === 'betting' && Date.parse(open.bettingEndsAt) - Date.now() > 1_000;
    });
    const round = open!;
    const before = { player: await available(player, 'IDR'), other: await available(other, 'IDR') };
    const bets = [
      await player.api.rounds.wingoBet({
        body: { betId: randomUUID(), game: 'wingo120', asset: 'IDR', amount: '100', pick: 'number:3' },
      }),
      await other.api.rounds.wingoBet({
        body: { betId: randomUUID(), game: 'wingo120', asset: 'IDR', amount: '250', pick: 'size:big' },
      }),
    ];
    expect(await available(player, 'IDR')).toBe(before.player - 10_000n);
    // No clock ran for 11 minutes (more than the 10-minute limit): the round's draw lies that far
    // behind the database's clock when a clock next looks at it.
    await testApp.database.db.execute(sql`
      UPDATE rounds SET betting_ends_at = betting_ends_at - interval '11 minutes',
                        draw_at = draw_at - interval '11 minutes'
       WHERE id = ${round.id}::bigint`);
    await testApp.app.rounds.service.tick();
    const after = (await row<{ state: string }>(
      sql`SELECT state FROM rounds WHERE id = ${round.id}::bigint`,
    ))!;
    expect(after.state).toBe('voided');
    const stored = await testApp.database.db.execute<{ state: string; payout: string | null }>(
      sql`SELECT state, payout::text FROM round_bets WHERE round_id = ${round.id}::bigint`,
    );
    expect(stored.rows).toEqual([
      { state: 'voided', payout: null },
      { state: 'voided', payout: null },
    ]);
    for (const [client, bet] of [
      [player, bets[0]!],
      [other, bets[1]!],
    ] as const) {
      const mine = await client.api.rounds.myBets({ params: { game: 'wingo120' }, query: {} });
      expect(mine.items.find((item) => item.id === bet.id)?.state).toBe('voided');
    }
    // Nothing held, nothing taken: both balances as before the bets.
    expect(await available(player, 'IDR')).toBe(before.player);
    expect(await available(other, 'IDR')).toBe(before.other);
    // The game goes on with a new round.
    await drive(async () => {
      const next = (await player.api.rounds.state({ params: { game: 'wingo120' } })).round;
      return next !== null && next.id !== round.id && next.state === 'betting';
    });
    await expectLedgerClean(testApp);
  });
});

describe('the 200× cap', () => {
  it('pays a bet still riding when the curve reaches 200× exactly 200×, the curve going on to its crash point', async () => {
    // Project 10's crash chain, fixed: its round 1 crashes at 218.34×. The chain in play is retired
    // (used up) so that the clock opens the next round from this one.
    const secret = 'cd26ed74b8a18bc8098f270d271ec0141a9b581578f0cd42fcbf70768648f350';
    const terminatingHash = [...chainCheckpoints(secret, CHAIN_LENGTH, 30)].at(-1)![1];
    const salt = chainStep(`payhub development salt:${terminatingHash}`);
    expect(crashPointCents(roundHash(secret, CHAIN_LENGTH, 1), salt)).toBe(21_834);
    const chain = await replaceChain(10, 'crash', secret, salt);
    const rider = await testApp.signIn('player', 10);
    let round: Awaited<ReturnType<typeof rider.api.rounds.state>>['round'] = null;
    await drive(async () => {
      round = (await rider.api.rounds.state({ params: { game: 'crash' } })).round;
      return round?.chainRound === 1 && round.state === 'betting' && round.period === `${chain!.id}-1`;
    }, 40_000);
    const before = await available(rider, 'IDR');
    const bet = await rider.api.rounds.crashBet({
      body: { betId: randomUUID(), asset: 'IDR', amount: '1000' },
    });
    await drive(
      async () =>
        (await row(sql`SELECT 1 FROM rounds WHERE id = ${round!.id}::bigint AND state = 'ended'`)) !==
        undefined,
      40_000,
    );
    const settled = (await rider.api.rounds.myBets({ params: { game: 'crash' }, query: {} })).items.find(
      (item) => item.id === bet.id,
    )!;
    expect(settled).toMatchObject({ state: 'won', cashOut: 20_000, payout: '200000.00' });
    expect(await available(rider, 'IDR')).toBe(before - 100_000n + 20_000_000n);
    const ended = (await rider.api.rounds.history({ params: { game: 'crash' }, query: {} })).items.find(
      (item) => item.id === round!.id,
    )!;
    expect(ended.result).toBe(21_834);
    await expectLedgerClean(testApp);
  }, 120_000);
});

describe('a chain waiting for its salt', () => {
  it('is read again after a pause, not at every turn of the clock, and plays once salted', async () => {
    // Project 16's wingo120 chain is retired for one without a salt (production's state until an
    // admin fixes it); the clock ends the live round, then opens none while the chain has no salt.
    const chain = await replaceChain(16, 'wingo120', randomBytes(32).toString('hex'), null);
    const terminatingHash = chain!.terminatingHash;
    const live = () =>
      row<{ chain_id: string }>(
        sql`SELECT chain_id::text AS chain_id FROM rounds WHERE project_id = 16 AND game = 'wingo120' AND state IN ('betting', 'running')`,
      );
    await drive(async () => (await live()) === undefined, 20_000);
    // The turn after the round's end finds the chain without a salt and opens nothing.
    await testApp.app.rounds.service.tick();
    expect(await live()).toBeUndefined();
    // Salted meanwhile from elsewhere (another node's console): the clock, which found the chain
    // without a salt a moment ago, does not read it again at once …
    await testApp.database.db.execute(
      sql`UPDATE round_chains SET salt = ${chainStep(`payhub development salt:${terminatingHash}`)}, salt_source = 'test', salt_fixed_at = now() WHERE id = ${chain!.id.toString()}::bigint`,
    );
    const salted = Date.now();
    for (let turn = 0; turn < 10; turn += 1) {
      await testApp.app.rounds.service.tick();
      await sleep(50);
    }
    expect(await live()).toBeUndefined();
    // … but within its pause (5 s), and then plays the chain.
    await drive(async () => (await live()) !== undefined, 15_000);
    expect((await live())?.chain_id).toBe(chain!.id.toString());
    expect(Date.now() - salted).toBeLessThan(8_000);
  }, 60_000);
});

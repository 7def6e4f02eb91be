// Shared by the rounds integration tests (rounds.int, rounds.batches.int, rounds.lifecycle.int): each
// file starts its own app on its own database with project 12's crash chain fixed, and drives the round
// clock tick by tick. Three files rather than one so that the test pool runs them side by side: most of
// their time is spent waiting for rounds (betting windows, curves), not on a core.
import { randomUUID } from 'node:crypto';
import type { PayhubClient } from '@payhub/client';
import { type Asset, parseAmount, type RoundGame } from '@payhub/contracts';
import { chainCheckpoints, chainStep, crashPointCents, roundHash } from '@payhub/games';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { accounts, createLedger } from '../src/ledger/ledger.ts';
import { createRoundsRepo } from '../src/modules/rounds/rounds.repo.ts';
import type { PlayGate } from '../src/money/play-gate.ts';
import { systemClock } from '../src/platform/clock.ts';
import type { Session } from '../src/platform/http/request-context.ts';
import { startTestApp, type TestApp } from './test-app.ts';

export const GROWTH = 0.001;
export const CHAIN_LENGTH = 300;
/**
 * Project 12's crash chain, fixed so that the crash points of the rounds these tests reach are known
 * and no outcome rests on a random chain (the clock plays the chain in play and makes one only when
 * there is none): round 1 crashes at 8.59×, so the auto cash-out at 2.01× of rounds.int's first test
 * wins, and from round 3 on every three rounds in a row hold one crashing at 3.00× or more, so the race
 * finds a round whose curve runs long enough (1.1 s) to send cash-outs on both sides of the bust.
 * Checked in beforeAll.
 */
const CRASH_CHAIN_SECRET = '1e9e25477c61114720d7ca1e001a1da547d5600c471786379d86fcedc92d9f65';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Registers the file's beforeAll (the app, the fixed crash chain, two signed-in players, the watched
 * pool) and afterAll, and answers the app and the helpers that drive its rounds.
 */
export function useRoundsApp() {
  let testApp: TestApp;
  let player: PayhubClient;
  let other: PayhubClient;

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
        (await row(sql`SELECT 1 FROM rounds WHERE id = ${roundId}::bigint AND state = ${state}`)) !==
        undefined,
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
              return {
                text: `(SELECT 1 / (count(*) - count(*))::integer FROM (SELECT 1) AS one)`,
                values: [],
              };
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

  return {
    get testApp() {
      return testApp;
    },
    get player() {
      return player;
    },
    get other() {
      return other;
    },
    drive,
    driveUntil,
    row,
    fundedPlayers,
    sessionOf,
    replaceChain,
    bettingCrashRound,
    runningCrashBet,
    available,
    failingBatchesOf,
    cashOutBatches,
    betBatches,
  };
}

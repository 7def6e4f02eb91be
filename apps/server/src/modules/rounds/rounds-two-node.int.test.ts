// Proves rounds across nodes: node A (a real server process) runs the round clock; a player on node B
// bets over the realtime channel and cashes out over HTTP in a crash round clocked by A, and sees A's
// ticks through Redis; A is killed with SIGKILL mid-round; B's clock takes the advisory lock and
// finishes the round from stored state — the cashed-out bet paid once, the riding bet settled by the
// chain's crash point, nothing left held, the ledger clean. Before that, a cash-out B received before
// the bust and is still settling (B's pool taken) holds the round's end on A, and B pays it. Runs only
// when REDIS_URL is set (CI).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RealtimeState } from '@payhub/client';
import { type RoundBetWire, type RoundEvent, RoundsRealtimeRoute } from '@payhub/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectLedgerClean } from '../../../test/payhub-helpers.ts';
import { freePort, runMain } from '../../../test/run-main.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import type { Bus } from '../../platform/bus/bus.ts';
import { createRedisBus } from '../../platform/bus/redis-bus.ts';
import { ourClient, signInToken, waitFor } from '../../realtime/realtime.test-support.ts';
import { takeWholePool } from './rounds.test-support.ts';

// biome-ignore lint/style/noProcessEnv: the two-node test runs only where CI provides Redis
const redisUrl = process.env.REDIS_URL;

const ROUNDS_ENV = {
  ROUNDS_CHAIN_LENGTH: '300',
  ROUNDS_TICK_MS: '50',
  ROUNDS_CRASH_BETTING_MS: '3000',
  // 1.50× after 2.0 s of running: time to cash out and to kill the clock's node before the bust.
  ROUNDS_CRASH_GROWTH: '0.0002',
  ROUNDS_WINGO_DURATIONS_MS: '30000,60000,120000',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A crash round of A's clock taking bets with more than a second left, crashing at 1.50× or more. */
async function suitableCrashRound(node: TestApp): Promise<string> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const live = (
      await node.database.db.execute(sql`
        SELECT id, result, betting_ends_at FROM rounds WHERE project_id = 12 AND game = 'crash' AND state = 'betting'`)
    ).rows[0] as { id: string; result: number; betting_ends_at: string } | undefined;
    if (live && live.result >= 150 && Date.parse(live.betting_ends_at) - Date.now() > 1_000) return live.id;
    await sleep(100);
  }
  throw new Error('no suitable crash round');
}

describe.skipIf(!redisUrl)('rounds on two nodes, the clock node killed mid-round', () => {
  let nodeB: TestApp;
  let busB: Bus;
  let nodeA: ReturnType<typeof runMain> | undefined;
  let dataDir: string;

  beforeAll(async () => {
    busB = await createRedisBus(redisUrl!);
    nodeB = await startTestApp({
      realClock: true,
      env: { ...ROUNDS_ENV, ROUNDS_ENABLED: 'false', RATE_LIMIT_PER_MINUTE: '1000000' },
      overrides: { bus: busB },
    });
    dataDir = mkdtempSync(join(tmpdir(), 'payhub-rounds-node-a-'));
    nodeA = runMain({
      ...ROUNDS_ENV,
      NODE_ENV: 'test',
      ROUNDS_ENABLED: 'true',
      DATABASE_URL: nodeB.databaseUrl,
      REDIS_URL: redisUrl!,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      CHAIN_RPC_URL: inject('chainRpcUrl'),
      CHAIN_TOKEN_ADDRESS: inject('chainTokenAddress'),
    });
    const started = await nodeA.settled;
    if (!started.ready) throw new Error(`node A did not start:\n${nodeA.output()}`);
  }, 120_000);

  afterAll(async () => {
    await nodeA?.stop();
    await nodeB?.close();
    await busB?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("A's clock holds a round's end while B settles a cash-out received before the bust; B pays it", async () => {
    const db = nodeB.database.db;
    const one = async <T>(query: ReturnType<typeof sql>) =>
      (await db.execute(query)).rows[0] as T | undefined;
    const player = await nodeB.signIn('player-2');
    const deadline = Date.now() + 90_000;
    const roundId = await suitableCrashRound(nodeB);
    const betId = randomUUID();
    await player.api.rounds.crashBet({ body: { betId, asset: 'IDR', amount: '1000' } });
    let bustAt = 0;
    while (!bustAt) {
      if (Date.now() > deadline) throw new Error('the round did not start');
      const running = await one<{ bust_at: string | null }>(
        sql`SELECT bust_at FROM rounds WHERE id = ${roundId}::bigint AND state = 'running'`,
      );
      if (running?.bust_at) bustAt = Date.parse(running.bust_at);
      else await sleep(50);
    }
    const { user_id: userId } = (await one<{ user_id: string }>(
      sql`SELECT user_id FROM round_bets WHERE id = ${betId}::uuid`,
    ))!;
    // Every connection of B's main pool taken: B's cash-out waits in B past the bust and A's grace.
    const busy = await takeWholePool(nodeB.database.pool);
    let cashOut: Promise<{ state: string }>;
    try {
      await sleep(Math.max(0, bustAt - 400 - Date.now()));
      cashOut = nodeB.app.rounds.service.crashCashOut(
        {
          userId: Number(userId),
          projectId: 12,
          tokenHash: '',
          expiresAt: new Date(Date.now() + 3_600_000),
          staffRole: null,
        },
        betId,
      );
      await sleep(Math.max(0, bustAt + 300 + 700 - Date.now()));
      // A's clock ran past the bust and its grace, and waits: B said its cash-outs are settling.
      expect(await busy.stateOf(betId)).toEqual({ round: 'running', bet: 'open' });
    } finally {
      busy.release();
    }
    const paid = await cashOut;
    expect(paid.state).toBe('won');
    const settled = (await one<{ cashed_at: string }>(
      sql`SELECT cashed_at FROM round_bets WHERE id = ${betId}::uuid`,
    ))!;
    expect(Date.parse(settled.cashed_at)).toBeLessThan(bustAt);
    // B says it is done; A ends the round at its next turn.
    let ended: { state: string } | undefined;
    const endBy = Date.now() + 10_000;
    while (!ended && Date.now() < endBy) {
      ended = await one<{ state: string }>(
        sql`SELECT state FROM rounds WHERE id = ${roundId}::bigint AND state = 'ended'`,
      );
      if (!ended) await sleep(50);
    }
    expect(ended?.state).toBe('ended');
    expect(
      (await one<{ state: string }>(sql`SELECT state FROM round_bets WHERE id = ${betId}::uuid`))!.state,
    ).toBe('won');
    await expectLedgerClean(nodeB);
  }, 120_000);

  it('B takes over the clock and finishes the round; nothing lost or doubled', async () => {
    const db = nodeB.database.db;
    const one = async <T>(query: ReturnType<typeof sql>) =>
      (await db.execute(query)).rows[0] as T | undefined;
    // B's clock stands by: A holds the lock.
    const standby = nodeB.app.rounds.startClock();

    const player = await signInToken(nodeB, 'player');
    const rider = await nodeB.signIn('player-2');
    const http = nodeB.client();
    http.setToken(player.token);
    const events: RoundEvent[] = [];
    const socket = ourClient(nodeB.baseUrl, { token: player.token });
    socket.subscribe(RoundsRealtimeRoute.broadcast, (item) => events.push(item as RoundEvent));
    socket.start();
    try {
      await waitFor(
        () => socket.state === RealtimeState.CONNECTED && socket.authenticated,
        10_000,
        'B socket',
      );

      const roundId = await suitableCrashRound(nodeB);
      expect(standby.isLeader()).toBe(false);

      const betId = randomUUID();
      const bet = (await socket.request(RoundsRealtimeRoute.crashBet, {
        betId,
        asset: 'IDR',
        amount: '1000',
      })) as RoundBetWire;
      expect(bet).toMatchObject({ id: betId, roundId, state: 'open' });
      const riding = await rider.api.rounds.crashBet({
        body: { betId: randomUUID(), asset: 'IDR', amount: '1000' },
      });
      // B's socket sees both bets, published by B through Redis.
      await waitFor(
        () => events.some((event) => event.type === 'bets' && event.bets.some(([id]) => id === riding.id)),
        5_000,
        'bet events',
      );

      // A starts the round and ticks; the ticks reach B's socket through Redis.
      await waitFor(
        () => events.some((event) => event.type === 'tick' && event.roundId === roundId),
        10_000,
        "A's ticks on B",
      );
      const cashed = await http.api.rounds.crashCashOut({ body: { betId } });
      expect(cashed.state).toBe('won');
      await waitFor(
        () =>
          events.some(
            (event) =>
              event.type === 'bets' &&
              event.bets.some(([id, , , , state]) => id === betId && state === 'won'),
          ),
        5_000,
        'cash-out event',
      );

      // kill -9 the clock's node mid-round.
      const running = await one<{ state: string; bust_at: string }>(
        sql`SELECT state, bust_at FROM rounds WHERE id = ${roundId}::bigint`,
      );
      expect(running?.state).toBe('running');
      expect(Date.parse(running!.bust_at)).toBeGreaterThan(Date.now());
      const killedAt = Date.now();
      nodeA!.kill();

      // B takes the lock once A's session is gone and finishes the round from the database.
      const endBy = Date.now() + 30_000;
      let ended: { state: string } | undefined;
      while (Date.now() < endBy) {
        ended = await one<{ state: string }>(
          sql`SELECT state FROM rounds WHERE id = ${roundId}::bigint AND state = 'ended'`,
        );
        if (ended) break;
        await sleep(100);
      }
      expect(ended?.state).toBe('ended');
      expect(standby.isLeader()).toBe(true);
      // Taken over within seconds of the bust (or of the kill, whichever is later).
      expect(Date.now() - Math.max(killedAt, Date.parse(running!.bust_at))).toBeLessThan(10_000);

      const bets = await db.execute<{ id: string; state: string; payout: string | null }>(
        sql`SELECT id, state, payout::text FROM round_bets WHERE round_id = ${roundId}::bigint ORDER BY created_at`,
      );
      expect(bets.rows.find((row) => row.id === betId)).toMatchObject({ state: 'won' });
      // No auto cash-out and a crash below 200×: the riding bet lost; at 200× or more it was paid 200×.
      const ride = bets.rows.find((row) => row.id === riding.id)!;
      const { result } = (await one<{ result: number }>(
        sql`SELECT result FROM rounds WHERE id = ${roundId}::bigint`,
      ))!;
      expect(ride.state).toBe(result >= 20_000 ? 'won' : 'lost');
      await waitFor(
        () =>
          events.some(
            (event) => event.type === 'round' && event.round.id === roundId && event.round.state === 'ended',
          ),
        5_000,
        'round end on B',
      );
      // The next rounds go on under B's clock.
      await waitFor(
        () =>
          events.some(
            (event) =>
              event.type === 'round' &&
              event.round.state === 'betting' &&
              Number(event.round.id) > Number(roundId),
          ),
        10_000,
        'next round',
      );
      await expectLedgerClean(nodeB);
    } finally {
      socket.stop();
    }
  }, 180_000);
});

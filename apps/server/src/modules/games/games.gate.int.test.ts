// Proves that a single-outcome bet's one-statement path (the play gate's quickStake, docs/games.md
// "One round trip") keeps every rule of the locked path: the stake and its settlement are recorded
// for the limits, a wager limit set between bets holds, a cool-off refuses with 10001, an under-age
// birth date refuses with 10001 up to the local midnight of the birthday — and a refused bet moves
// nothing and takes no nonce.
import { randomUUID } from 'node:crypto';
import type { PayhubClient } from '@payhub/client';
import { type Asset, parseAmount } from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean, failure, userIdOf } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '10000000' } });
});
afterAll(async () => testApp?.close());

async function available(client: PayhubClient, asset: Asset): Promise<bigint> {
  const answer = await client.api.wallet.balances();
  return parseAmount(answer.items.find((row) => row.asset === asset)!.available, asset, 'wire');
}

const dice = (stake: string, asset: Asset = 'IDR') => ({
  body: {
    id: randomUUID(),
    asset,
    stake,
    params: { game: 'dice' as const, target: 4950, direction: 'under' as const },
  },
});

async function errCode(call: Promise<unknown>): Promise<number> {
  return (await failure(call)).errCode;
}

async function activity(userId: number) {
  const result = await testApp.database.pool.query<{ kind: string; value: string; payout: string }>(
    'SELECT kind, value::text AS value, payout::text AS payout FROM responsible_activity WHERE user_id = $1 ORDER BY id',
    [userId],
  );
  return result.rows;
}

/** The player's balance and nonce stay as they were after a refused bet. */
async function expectUnchanged(
  client: PayhubClient,
  asset: Asset,
  call: () => Promise<unknown>,
  code: number,
) {
  const balance = await available(client, asset);
  const nonce = (await client.api.games.seeds()).active.nonce;
  // The bet starts only after the balance and nonce are read (a promise made earlier would reject unhandled).
  expect(await errCode(call())).toBe(code);
  expect(await available(client, asset)).toBe(balance);
  expect((await client.api.games.seeds()).active.nonce).toBe(nonce);
}

describe('a single-outcome bet through the play gate', () => {
  it('records stake and settlement for the limits, and a wager limit set between bets holds', async () => {
    const player = await testApp.signIn('player');
    const userId = await userIdOf(player);
    // The first bet creates the player's gate row (locked path), the second takes the one statement.
    const first = await player.api.games.bet(dice('1000.00'));
    const second = await player.api.games.bet(dice('1000.00'));
    expect(second.nonce).toBe(first.nonce + 1);
    const payoutOf = (bet: typeof first) => parseAmount(bet.payout, 'IDR', 'wire').toString();
    // The locked path records the stake and its settlement; the one statement one 'play' row for both.
    expect(await activity(userId)).toEqual([
      { kind: 'stake', value: '100000', payout: '0' },
      { kind: 'settle', value: '100000', payout: payoutOf(first) },
      { kind: 'play', value: '100000', payout: payoutOf(second) },
    ]);
    const state = await testApp.database.pool.query<{ started: Date | null; last: Date | null }>(
      'SELECT session_started_at AS started, last_activity_at AS last FROM responsible_state WHERE user_id = $1',
      [userId],
    );
    expect(state.rows[0]?.started).not.toBeNull();
    expect(state.rows[0]?.last).not.toBeNull();

    // 2,000.00 wagered today: a limit of 3,000.00 leaves room for one more bet of 1,000.00.
    await player.api.responsible.setLimit({ body: { kind: 'wager_day', amount: '3000.00' } });
    const third = await player.api.games.bet(dice('1000.00'));
    expect(third.nonce).toBe(second.nonce + 1);
    await expectUnchanged(player, 'IDR', () => player.api.games.bet(dice('1000.00')), 7042);
    // The third bet (a limit set: the locked path) added its stake and settlement; the refused one nothing.
    expect(await activity(userId)).toHaveLength(5);
    await expectLedgerClean(testApp);
  });

  it('a bet in YEC takes the one statement too, valued in the project currency at the rate table', async () => {
    // Project 10 (IDR): 1 USD = 16,000 IDR = 100 YEC, so 0.01 YEC is worth Rp 1.60 (160 minor units).
    const player = await testApp.signIn('player', 10);
    const userId = await userIdOf(player);
    const gate = testApp.app.responsiblePlay.gate;
    const context = { userId, projectId: 10, asset: 'YEC' as Asset, stake: 100n, payout: 198n };
    expect(gate.quickStake?.(context, 16)).not.toBeNull();
    // The first bet creates the gate row (locked path, valued by valueInCurrency); the second is
    // valued in its one statement: the same values.
    const first = await player.api.games.bet(dice('1.00', 'YEC'));
    const second = await player.api.games.bet(dice('1.00', 'YEC'));
    expect(second.nonce).toBe(first.nonce + 1);
    const payoutValue = (bet: typeof first) => (parseAmount(bet.payout, 'YEC', 'wire') * 160n).toString();
    expect(await activity(userId)).toEqual([
      { kind: 'stake', value: '16000', payout: '0' },
      { kind: 'settle', value: '16000', payout: payoutValue(first) },
      { kind: 'play', value: '16000', payout: payoutValue(second) },
    ]);
    // Without a rate for the asset the stake is not valued: a limit then refuses it (10001), and a
    // player without limits plays on, nothing recorded (as the locked path does).
    await testApp.database.pool.query("DELETE FROM exchange_rates WHERE asset = 'YEC'");
    try {
      await player.api.games.bet(dice('1.00', 'YEC'));
      expect(await activity(userId)).toHaveLength(3);
      await player.api.responsible.setLimit({ body: { kind: 'wager_day', amount: '3000.00' } });
      await expectUnchanged(player, 'YEC', () => player.api.games.bet(dice('1.00', 'YEC')), 10001);
    } finally {
      await testApp.database.pool.query(
        "INSERT INTO exchange_rates (project_id, asset, usd_num, usd_den) VALUES (0, 'YEC', 1, 100)",
      );
    }
    await expectLedgerClean(testApp);
  });

  it('a held stake in YEC and its settlement are valued at the rate table inside their own statements', async () => {
    // The round games' one-call paths (quickHold for a crash or wingo bet, settleCall for its
    // cash-out) read the rate in the statement too, as quickStake does: Rp 1.60 per 0.01 YEC.
    const player = await testApp.signIn('player-2', 10);
    const userId = await userIdOf(player);
    const gate = testApp.app.responsiblePlay.gate;
    const context = { userId, projectId: 10, asset: 'YEC' as Asset, stake: 250n, payout: 510n };
    const run = async (call: { text: string; values: unknown[] } | null | undefined) => {
      expect(call).toBeTruthy();
      // No literal value: the rate is an expression of the statement (no read of its own first).
      expect(call!.values).not.toContain('40000');
      const { rows } = await testApp.database.pool.query<{ ok: boolean }>(
        `SELECT (${call!.text}) AS ok`,
        call!.values,
      );
      return rows[0]!.ok;
    };
    const before = (await activity(userId)).length;
    expect(await run(await gate.quickHold?.(testApp.database.db, context, 0))).toBe(true);
    expect(await run(await gate.settleCall?.(testApp.database.db, context, 0))).toBe(true);
    expect((await activity(userId)).slice(before)).toEqual([
      { kind: 'stake', value: '40000', payout: '0' },
      { kind: 'settle', value: '40000', payout: '81600' },
    ]);
    const state = await testApp.database.pool.query<{ pending: string }>(
      'SELECT pending_stakes::text AS pending FROM responsible_state WHERE user_id = $1',
      [userId],
    );
    expect(state.rows[0]?.pending).toBe('0');
  });

  it('an under-age birth date refuses bets with 10001 until the local midnight of the birthday', async () => {
    const player = await testApp.signIn('player-2');
    await player.api.games.bet(dice('1000.00'));
    await player.api.games.bet(dice('1000.00'));
    // 23:00 in Jakarta on the day before the 18th birthday.
    testApp.clock.set(new Date('2026-11-24T16:00:00Z'));
    await player.api.identity.declare({ body: { fullName: 'Siti Rahma', birthDate: '2008-11-25' } });
    await expectUnchanged(player, 'IDR', () => player.api.games.bet(dice('1000.00')), 10001);
    await expectUnchanged(player, 'YEC', () => player.api.games.bet(dice('1.00', 'YEC')), 10001);
    // Midnight in Jakarta: 18 years old.
    testApp.clock.set(new Date('2026-11-24T17:00:00Z'));
    expect((await player.api.games.bet(dice('1000.00'))).status).not.toBe('open');
  });

  it('a cool-off refuses bets with 10001 and nothing moves', async () => {
    const player = await testApp.signIn('player-2');
    await player.api.games.bet(dice('1000.00'));
    await player.api.responsible.coolOff({ body: { hours: 24 } });
    await expectUnchanged(player, 'IDR', () => player.api.games.bet(dice('1000.00')), 10001);
    await expectUnchanged(player, 'YEC', () => player.api.games.bet(dice('1.00', 'YEC')), 10001);
    testApp.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await player.api.games.bet(dice('1000.00'))).status).not.toBe('open');
    await expectLedgerClean(testApp);
  });
});

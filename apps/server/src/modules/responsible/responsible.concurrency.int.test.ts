// Proves the limits hold under concurrency against the real database: 50 parallel deposits from two
// sessions and 50 parallel stakes never pass the deposit or wager limit, and a loss limit holds while
// stakes settle concurrently (open stakes count as potential loss).
import type { PayhubClient } from '@payhub/client';
import { PayOrderState } from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import type { PlayContext } from '../../money/play-gate.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
});
afterAll(async () => testApp?.close());

async function twoSessions(label: string): Promise<[PayhubClient, PayhubClient]> {
  return [await testApp.signIn(label), await testApp.signIn(label)];
}

/** One stake through the real gate in its own transaction, as a game would take it. */
async function stake(context: PlayContext, amount: bigint): Promise<number | null> {
  try {
    await testApp.database.db.transaction(async (tx) => {
      await testApp.app.responsiblePlay.gate.beforeStake(tx, { ...context, stake: amount, source: 'game' });
    });
    return null;
  } catch (error) {
    const code = (error as { errCode?: number }).errCode;
    if (code === undefined) throw error;
    return code;
  }
}

async function settle(context: PlayContext, amount: bigint, payout: bigint): Promise<void> {
  await testApp.database.db.transaction(async (tx) => {
    await testApp.app.responsiblePlay.gate.afterSettle(tx, { ...context, stake: amount, payout });
  });
}

describe('limits under concurrency', () => {
  it('50 parallel deposits from two sessions and 50 parallel stakes never pass the limits', async () => {
    const [first, second] = await twoSessions('player');
    const me = await first.api.user.me();
    await first.api.responsible.setLimit({ body: { kind: 'deposit_day', amount: '500000.00' } });
    await second.api.responsible.setLimit({ body: { kind: 'wager_day', amount: '300000.00' } });
    const context: PlayContext = { userId: me.id, projectId: 12, asset: 'IDR' };

    const deposits = Array.from({ length: 50 }, (_, index) =>
      (index % 2 === 0 ? first : second).api.payhub.createOrder({
        body: { amount: '50000.00', bankCode: 'BNI' },
      }),
    );
    const stakes = Array.from({ length: 50 }, () => stake(context, 10_000_00n));
    const [depositResults, stakeResults] = await Promise.all([
      Promise.allSettled(deposits),
      Promise.all(stakes),
    ]);

    const open = depositResults.flatMap((result) =>
      result.status === 'fulfilled' && result.value.state === PayOrderState.WAIT ? [result.value] : [],
    );
    const refused = depositResults.filter((result) => result.status === 'rejected');
    for (const result of refused)
      expect(
        (result as PromiseRejectedResult).reason.errCode,
        String((result as PromiseRejectedResult).reason),
      ).toBe(7040);
    // Ten orders of 50,000.00 fill 500,000.00; every other one is refused.
    expect(open).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(stakeResults.filter((code) => code === null)).toHaveLength(30);
    expect(stakeResults.filter((code) => code === 7042)).toHaveLength(20);

    const settings = await second.api.responsible.settings();
    const used = (kind: string) => settings.limits.find((limit) => limit.kind === kind)!.used;
    expect(used('deposit_day')).toBe(`${open.length * 50000}.00`);
    expect(used('wager_day')).toBe('300000.00');
    // A further deposit of the smallest size is refused while ten orders are open.
    expect(
      (await failure(first.api.payhub.createOrder({ body: { amount: '10000.00', bankCode: 'BNI' } })))
        .errCode,
    ).toBe(7040);
  });

  it('a loss limit holds while stakes settle concurrently; open stakes count as lost', async () => {
    const player = await testApp.signIn('player-2');
    const me = await player.api.user.me();
    await player.api.responsible.setLimit({ body: { kind: 'loss_day', amount: '100000.00' } });
    const context: PlayContext = { userId: me.id, projectId: 12, asset: 'IDR' };
    // Ten open stakes of 10,000.00 fill the loss limit before any settles.
    const first = await Promise.all(Array.from({ length: 15 }, () => stake(context, 10_000_00n)));
    expect(first.filter((code) => code === null)).toHaveLength(10);
    expect(first.filter((code) => code === 7041)).toHaveLength(5);

    // Every task stakes, then settles (a loss, or a win of twice the stake), all at once.
    let accepted = 10;
    const outcomes: bigint[] = [];
    const tasks = Array.from({ length: 50 }, async (_, index) => {
      const payout = index % 3 === 0 ? 20_000_00n : 0n;
      if (index < 10) {
        await settle(context, 10_000_00n, payout);
        outcomes.push(10_000_00n - payout);
        return;
      }
      if ((await stake(context, 10_000_00n)) !== null) return;
      accepted++;
      await settle(context, 10_000_00n, payout);
      outcomes.push(10_000_00n - payout);
    });
    await Promise.all(tasks);
    const netLoss = outcomes.reduce((sum, loss) => sum + loss, 0n);
    expect(outcomes).toHaveLength(accepted);
    expect(netLoss).toBeLessThanOrEqual(100_000_00n);
    const { rows } = await testApp.database.pool.query<{ pending: string }>(
      'SELECT pending_stakes AS pending FROM responsible_state WHERE user_id = $1',
      [me.id],
    );
    expect(rows[0]!.pending).toBe('0');
    const used = (await player.api.responsible.settings()).limits.find((limit) => limit.kind === 'loss_day')!;
    expect(used.used).toBe(`${netLoss > 0n ? netLoss / 100n : 0n}.00`);
  });
});

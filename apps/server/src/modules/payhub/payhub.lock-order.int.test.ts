// Proves one lock order for deposits and withdrawals on the same operators: 20 withdrawal takes beside
// 20 deposit creates all answer (no 5xx, no errCode 0) and PostgreSQL records no deadlock.
import type { PayhubClient } from '@payhub/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
let players: PayhubClient[];
let operators: PayhubClient[];

beforeAll(async () => {
  testApp = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  players = [await testApp.signIn('player'), await testApp.signIn('player-2')];
  operators = [await testApp.signIn('operator'), await testApp.signIn('operator-2')];
});
afterAll(async () => testApp?.close());

/**
 * Deadlocks PostgreSQL detected in this test's database. An idle backend publishes its statistics
 * within PGSTAT_IDLE_INTERVAL (10 s), so the count after the storm is read once that has passed.
 */
async function deadlocks(settleMs = 0): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  const { rows } = await testApp.database.pool.query<{ deadlocks: string }>(
    'SELECT pg_stat_clear_snapshot(), deadlocks FROM pg_stat_database WHERE datname = current_database()',
  );
  return Number(rows[0]?.deadlocks ?? 0);
}

describe('lock order', () => {
  it('20 withdrawal takes beside 20 deposit creates on the same operators: all answer, no deadlock', async () => {
    // Today's daily-volume rows exist for both operators (the deadlock needs them).
    for (const player of players) {
      const order = await player.api.payhub.createOrder({ body: { amount: '100000.00', bankCode: 'BCA' } });
      expect(order.state).toBe(0);
    }
    const withdrawals: number[] = [];
    for (const [index, player] of players.entries()) {
      const account = await player.api.withdraw.bankAdd({
        body: {
          bankCode: 'BNI',
          accountNo: `81234500${index}0`,
          holderName: ['Storm Satu', 'Storm Dua'][index]!,
        },
      });
      for (let count = 0; count < 10; count += 1) {
        const order = await player.api.withdraw.create({
          body: { amount: '50000.00', bankAccountId: account.id },
        });
        withdrawals.push(order.id);
      }
    }
    const before = await deadlocks();
    const takes = withdrawals.map((id, index) =>
      operators[index % 2]!.api.withdraw.spammerHandle({ body: { id, action: 'take' } }),
    );
    const creates = Array.from({ length: 20 }, (_, index) =>
      players[index % 2]!.api.payhub.createOrder({ body: { amount: '100000.00', bankCode: 'BCA' } }),
    );
    const results = await Promise.allSettled([...takes, ...creates]);
    const failures = results.flatMap((result) =>
      result.status === 'rejected' ? [(result.reason as { errCode?: number }).errCode ?? result.reason] : [],
    );
    expect(failures).toEqual([]);
    for (const result of results.slice(20))
      expect(result.status === 'fulfilled' && (result.value as { state: number }).state).toBe(0);
    expect((await deadlocks(11_000)) - before).toBe(0);
    await expectLedgerClean(testApp);
  }, 60_000);
});

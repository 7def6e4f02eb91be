// Proves that real-money play and withdrawal depend on the identity tier and the project's licence
// (DESIGN.md §8, docs/identity.md "Licence"): in a licensed project a tier-0 player (no declared name
// or birth date) is refused bets — the locked path and the one-statement paths alike — deposit
// orders and the crypto deposit address (10001), a bank account and a withdrawal (7052); once tier 1
// is declared of age, all of them work. An under-age declaration blocks play, deposits and bank and
// USDT withdrawals (10001). The same tier-0 player plays and withdraws in the play-money project.
import { randomUUID } from 'node:crypto';
import type { PayhubClient } from '@payhub/client';
import { PayOrderState } from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, userIdOf } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

const ENV = { RATE_LIMIT_PER_MINUTE: '100000' };
/** The play-money app (project 12 as seeded: no licence) and, on the same database, the licensed one. */
let playMoney: TestApp;
let licensed: TestApp;
const errCode = async (promise: Promise<unknown>) => (await failure(promise)).errCode;

beforeAll(async () => {
  playMoney = await startTestApp({ env: ENV });
  playMoney.clock.set(new Date('2026-11-24T05:00:00Z'));
  const name = new URL(playMoney.databaseUrl).pathname.slice(1);
  // Projects are read when the app starts: the second app sees project 12 with a licence.
  await playMoney.database.pool.query(`UPDATE projects SET licence = 'ID-TEST-0001' WHERE id = 12`);
  licensed = await startTestApp({ env: ENV, databaseName: name });
  licensed.clock.set(new Date('2026-11-24T05:00:00Z'));
}, 120_000);
afterAll(async () => {
  await licensed?.close();
  await playMoney?.close();
});

const dice = () => ({
  body: {
    id: randomUUID(),
    asset: 'IDR' as const,
    stake: '1000.00',
    params: { game: 'dice' as const, target: 4950, direction: 'under' as const },
  },
});
const deposit = (player: PayhubClient) =>
  player.api.payhub.createOrder({ body: { amount: '50000.00', bankCode: 'BNI' } });

/** Runs the gate's one-statement expressions alone: true means the stake would pass without a lock. */
async function quickPaths(userId: number): Promise<{ stake: boolean; hold: boolean }> {
  const gate = licensed.app.responsiblePlay.gate;
  const context = { userId, projectId: 12, asset: 'IDR' as const, stake: 1_000_00n, payout: 0n };
  const run = async (call: { text: string; values: unknown[] } | null | undefined) => {
    expect(call).toBeTruthy();
    const client = await licensed.database.pool.connect();
    try {
      // Rolled back: only the answer matters here, not what a passing call records.
      await client.query('BEGIN');
      const { rows } = await client.query<{ ok: boolean }>(`SELECT (${call!.text}) AS ok`, call!.values);
      return rows[0]!.ok;
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  };
  return {
    stake: await run(gate.quickStake?.(context, 0)),
    hold: await run(await gate.quickHold?.(licensed.database.db, context, 0)),
  };
}

describe('real-money play and withdrawal depend on the tier and the licence', () => {
  it('licensed: tier 0 may not play, deposit or withdraw; tier 1 of age may', async () => {
    // In the play-money project the same tier-0 player plays, deposits and adds a bank account.
    const before = await playMoney.signIn('player');
    expect((await before.api.games.bet(dice())).nonce).toBeGreaterThanOrEqual(0);
    expect((await deposit(before)).state).toBe(PayOrderState.WAIT);
    const account = await before.api.withdraw.bankAdd({
      body: { bankCode: 'BCA', accountNo: '5550009999', holderName: 'Dewi Lestari' },
    });

    const player = await licensed.signIn('player');
    const userId = await userIdOf(player);
    // A state row without limits, so the one-statement paths would pass were it not for the tier.
    await player.api.responsible.setRealityCheck({ body: { minutes: 30 } });
    expect(await quickPaths(userId)).toEqual({ stake: false, hold: false });
    expect(await errCode(player.api.games.bet(dice()))).toBe(10001);
    // The message says what to do: declare the identity (not "under age").
    const refused = await failure(deposit(player));
    expect(refused.errCode).toBe(10001);
    expect(refused.errMsg).toBe(
      'Untuk bermain dengan uang sungguhan, nyatakan dulu nama dan tanggal lahir Anda di halaman identitas',
    );
    expect(await errCode(player.api.chain.depositAddress())).toBe(10001);
    expect(
      await errCode(
        player.api.withdraw.bankAdd({
          body: { bankCode: 'BCA', accountNo: '5550008888', holderName: 'Dewi Lestari' },
        }),
      ),
    ).toBe(7052);
    expect(
      await errCode(player.api.withdraw.create({ body: { amount: '100000.00', bankAccountId: account.id } })),
    ).toBe(7052);
    const view = await player.api.identity.get();
    expect(view.tier).toBe(0);
    expect(view.withdrawLimits.length).toBeGreaterThan(0);
    for (const limit of view.withdrawLimits) expect(limit).toMatchObject({ perWithdrawal: '0', daily: '0' });

    await player.api.identity.declare({ body: { fullName: 'Dewi Lestari', birthDate: '1990-05-17' } });
    expect(await quickPaths(userId)).toEqual({ stake: true, hold: true });
    expect((await player.api.games.bet(dice())).status).not.toBe('open');
    expect((await deposit(player)).state).toBe(PayOrderState.WAIT);
    expect((await player.api.chain.depositAddress()).address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const withdrawal = await player.api.withdraw.create({
      body: { amount: '100000.00', bankAccountId: account.id },
    });
    expect(withdrawal.id).toBeGreaterThan(0);
  });

  it('licensed: an under-age birth date blocks play, deposits and bank and USDT withdrawals (10001)', async () => {
    const player = await licensed.signIn('player-2');
    const userId = await userIdOf(player);
    await player.api.identity.declare({ body: { fullName: 'Siti Rahma', birthDate: '2008-11-25' } });
    await player.api.responsible.setRealityCheck({ body: { minutes: 30 } });
    expect(await quickPaths(userId)).toEqual({ stake: false, hold: false });
    expect(await errCode(player.api.games.bet(dice()))).toBe(10001);
    expect(await errCode(deposit(player))).toBe(10001);
    expect(await errCode(player.api.chain.depositAddress())).toBe(10001);
    const account = await player.api.withdraw.bankAdd({
      body: { bankCode: 'BCA', accountNo: '5550007777', holderName: 'Siti Rahma' },
    });
    expect(
      await errCode(player.api.withdraw.create({ body: { amount: '100000.00', bankAccountId: account.id } })),
    ).toBe(10001);
    // Refused before the address is even looked up.
    expect(await errCode(player.api.chain.withdraw({ body: { amount: '20', addressId: 1 } }))).toBe(10001);
    // The 18th birthday at local midnight (Jakarta): play resumes.
    licensed.clock.set(new Date('2026-11-24T17:00:00Z'));
    expect(await quickPaths(userId)).toEqual({ stake: true, hold: true });
    expect((await player.api.games.bet(dice())).status).not.toBe('open');
  });
});

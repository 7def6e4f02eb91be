// Proves the age gate: a declared birth date under the project's minimum age (18 by default, 21 where
// configured) blocks real-money play and deposits (the PlayGate answers 10001) and withdrawals
// (10001); the declaration is made once; bad input changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { ageOn } from './identity.service.ts';

let testApp: TestApp;
const errCode = async (promise: Promise<unknown>) => (await failure(promise)).errCode;

beforeAll(async () => {
  testApp = await startTestApp({
    env: { RATE_LIMIT_PER_MINUTE: '100000', PLAYER_MIN_AGE_BY_PROJECT: '16:21' },
  });
  testApp.clock.set(new Date('2026-11-24T05:00:00Z'));
});
afterAll(async () => testApp?.close());

async function stake(userId: number): Promise<number | null> {
  try {
    await testApp.database.db.transaction((tx) =>
      testApp.app.responsiblePlay.gate.beforeStake(tx, {
        userId,
        projectId: 12,
        asset: 'IDR',
        stake: 1_000_00n,
        source: 'game',
      }),
    );
    return null;
  } catch (error) {
    return (error as { errCode: number }).errCode;
  }
}

describe('age gate', () => {
  it('counts whole years to the local day', () => {
    expect(ageOn('2008-11-24', '2026-11-24')).toBe(18);
    expect(ageOn('2008-11-25', '2026-11-24')).toBe(17);
    expect(ageOn('2008-12-01', '2026-11-24')).toBe(17);
  });

  it('an under-age birth date blocks play, deposits and withdrawals with 10001; declared once', async () => {
    const player = await testApp.signIn('player-2');
    const me = await player.api.user.me();
    expect(await player.api.identity.get()).toMatchObject({ tier: 0, minimumAge: 18, underAge: false });
    expect(await stake(me.id)).toBeNull();
    const declared = await player.api.identity.declare({
      body: { fullName: 'Siti Rahma', birthDate: '2008-11-25' },
    });
    expect(declared).toMatchObject({
      tier: 1,
      fullName: 'Siti Rahma',
      birthDate: '2008-11-25',
      minimumAge: 18,
      underAge: true,
      review: null,
    });
    expect(await stake(me.id)).toBe(10001);
    const order = await failure(
      player.api.payhub.createOrder({ body: { amount: '50000.00', bankCode: 'BNI' } }),
    );
    expect(order.errCode).toBe(10001);
    // The message says why, in the player's language.
    expect(order.errMsg).toBe(
      'Permainan dan transaksi uang sungguhan hanya untuk usia minimum; usia Anda di bawahnya',
    );
    const account = await player.api.withdraw.bankAdd({
      body: { bankCode: 'BCA', accountNo: '5550003333', holderName: 'Siti Rahma' },
    });
    expect(
      await errCode(player.api.withdraw.create({ body: { amount: '100000.00', bankAccountId: account.id } })),
    ).toBe(10001);
    expect(
      await errCode(
        player.api.identity.declare({ body: { fullName: 'Siti Rahma', birthDate: '1990-01-01' } }),
      ),
    ).toBe(7050);
    // The birthday: of age from the local midnight of the day (Jakarta).
    testApp.clock.set(new Date('2026-11-24T17:00:00Z'));
    expect(await stake(me.id)).toBeNull();
    expect((await player.api.identity.get()).underAge).toBe(false);
  });

  it('a project may require 21', async () => {
    const player = await testApp.signIn('player', 16);
    const view = await player.api.identity.declare({
      body: { fullName: 'Ana López', birthDate: '2006-01-01' },
    });
    expect(view).toMatchObject({ minimumAge: 21, underAge: true });
  });

  it('bad input answers 3 and changes nothing', async () => {
    const player = await testApp.signIn('player');
    for (const body of [
      { fullName: 'A', birthDate: '1990-01-01' },
      { fullName: 'Budi', birthDate: '1990-02-30' },
      { fullName: 'Budi', birthDate: '01-01-1990' },
      { fullName: 'Budi', birthDate: '2030-01-01' },
      { fullName: 'Budi', birthDate: '1800-01-01' },
      { fullName: 'Budi' },
    ])
      expect(await errCode(player.api.identity.declare({ body: body as never })), JSON.stringify(body)).toBe(
        3,
      );
    expect(await player.api.identity.get()).toMatchObject({ tier: 0, fullName: null });
  });
});

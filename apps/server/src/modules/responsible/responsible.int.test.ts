// Proves responsible play through the real app and the manual clock: a decrease applies at once and
// an increase only after 24 h (not before); a 24 h cool-off blocks deposits and bets, then lifts; a
// self-exclusion cannot be shortened through any endpoint while withdrawals still work; reality
// check, session time limit, the monthly statement; bad input changes nothing.
import type { PayhubClient } from '@payhub/client';
import { PayOrderState, type ResponsibleLimit, type ResponsibleSettings } from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, uploadVoucher, walletOf } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import type { PlayContext } from '../../money/play-gate.ts';

let testApp: TestApp;
const HOUR = 3_600_000;
const MINUTE = 60_000;

beforeAll(async () => {
  testApp = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
});
afterAll(async () => testApp?.close());

async function contextOf(player: PayhubClient): Promise<PlayContext> {
  return { userId: (await player.api.user.me()).id, projectId: 12, asset: 'IDR' };
}

async function stake(context: PlayContext, amount = 10_000_00n): Promise<number | null> {
  try {
    await testApp.database.db.transaction((tx) =>
      testApp.app.responsiblePlay.gate.beforeStake(tx, { ...context, stake: amount, source: 'game' }),
    );
    return null;
  } catch (error) {
    const code = (error as { errCode?: number }).errCode;
    if (code === undefined) throw error;
    return code;
  }
}

async function settle(context: PlayContext, amount: bigint, payout: bigint): Promise<void> {
  await testApp.database.db.transaction((tx) =>
    testApp.app.responsiblePlay.gate.afterSettle(tx, { ...context, stake: amount, payout }),
  );
}

const deposit = (player: PayhubClient, amount: string) =>
  player.api.payhub.createOrder({ body: { amount, bankCode: 'BNI' } });

async function errCode(promise: Promise<unknown>): Promise<number> {
  return (await failure(promise)).errCode;
}

function limitOf(settings: ResponsibleSettings, kind: string): ResponsibleLimit {
  return settings.limits.find((limit) => limit.kind === kind)!;
}

describe('limits and the 24-hour rule', () => {
  it('a decrease applies at once; an increase applies after 24 h, not before', async () => {
    const player = await testApp.signIn('player');
    let settings = await player.api.responsible.setLimit({
      body: { kind: 'deposit_day', amount: '100000.00' },
    });
    expect(limitOf(settings, 'deposit_day').value).toBe('100000.00');
    settings = await player.api.responsible.setLimit({ body: { kind: 'deposit_day', amount: '50000.00' } });
    expect(limitOf(settings, 'deposit_day')).toMatchObject({ value: '50000.00', pending: null });
    expect(await errCode(deposit(player, '60000.00'))).toBe(7040);

    const asked = testApp.clock.now().getTime();
    settings = await player.api.responsible.setLimit({ body: { kind: 'deposit_day', amount: '200000.00' } });
    expect(limitOf(settings, 'deposit_day')).toMatchObject({
      value: '50000.00',
      pending: { value: '200000.00', effectiveAt: Math.floor((asked + 24 * HOUR) / 1000) },
      used: '0.00',
    });
    testApp.clock.advance(24 * HOUR - MINUTE);
    expect(await errCode(deposit(player, '60000.00'))).toBe(7040);
    expect(limitOf(await player.api.responsible.settings(), 'deposit_day').value).toBe('50000.00');
    testApp.clock.advance(MINUTE);
    const order = await deposit(player, '60000.00');
    expect(order.state).toBe(PayOrderState.WAIT);
    expect(limitOf(await player.api.responsible.settings(), 'deposit_day')).toMatchObject({
      value: '200000.00',
      pending: null,
      used: '60000.00',
    });
  });

  it('a removal waits 24 h too; a canceled order frees its room; a paid one counts as credited', async () => {
    const player = await testApp.signIn('player');
    const settings = await player.api.responsible.setLimit({ body: { kind: 'deposit_day', amount: null } });
    expect(limitOf(settings, 'deposit_day').pending).toMatchObject({ value: null });
    expect(limitOf(settings, 'deposit_day').value).toBe('200000.00');
    // 60,000.00 already open: 150,000.00 more passes 200,000.00.
    expect(await errCode(deposit(player, '150000.00'))).toBe(7040);
    const orders = await player.api.payhub.playerOrders({ query: {} });
    const open = orders.items.find((item) => item.state === PayOrderState.WAIT)!;
    const operator = await operatorFor(open.operatorId!);
    await operator.api.payhub.payCheck({ body: { id: open.id, action: 'cancel' } });
    expect(limitOf(await player.api.responsible.settings(), 'deposit_day').used).toBe('0.00');
    const second = await deposit(player, '150000.00');
    const secondOperator = await operatorFor(second.operatorId!);
    await secondOperator.api.payhub.payCheck({ body: { id: second.id, action: 'confirm' } });
    expect(limitOf(await player.api.responsible.settings(), 'deposit_day').used).toBe('150000.00');
    testApp.clock.advance(24 * HOUR);
    expect(limitOf(await player.api.responsible.settings(), 'deposit_day').value).toBeNull();
  });

  it('reality check shows time played and net result since the session began; the session limit ends play', async () => {
    const player = await testApp.signIn('player');
    const context = await contextOf(player);
    await player.api.responsible.setRealityCheck({ body: { minutes: 30 } });
    expect((await player.api.responsible.realityCheck()).sessionStartedAt).toBeNull();
    expect(await stake(context)).toBeNull();
    const started = Math.floor(testApp.clock.now().getTime() / 1000);
    testApp.clock.advance(10 * MINUTE);
    await settle(context, 10_000_00n, 4_000_00n);
    expect(await player.api.responsible.realityCheck()).toEqual({
      intervalMinutes: 30,
      sessionStartedAt: started,
      playedSeconds: 600,
      netResult: '-6000.00',
      stakes: 1,
    });

    await player.api.responsible.setSessionLimit({ body: { minutes: 15 } });
    expect(await stake(context)).toBeNull();
    testApp.clock.advance(10 * MINUTE);
    expect(await stake(context)).toBe(7043);
    await settle(context, 10_000_00n, 0n);
    await settle(context, 10_000_00n, 0n);
    // After a 30-minute pause a new session begins.
    testApp.clock.advance(31 * MINUTE);
    expect((await player.api.responsible.realityCheck()).sessionStartedAt).toBeNull();
    expect(await stake(context)).toBeNull();
    await settle(context, 10_000_00n, 25_000_00n);
    expect((await player.api.responsible.realityCheck()).netResult).toBe('15000.00');
    // Raising the session limit waits 24 h; the raise shows as pending.
    const raised = await player.api.responsible.setSessionLimit({ body: { minutes: 120 } });
    expect(limitOf(raised, 'session_minutes')).toMatchObject({ value: '15', pending: { value: '120' } });
  });
});

describe('statement', () => {
  it('lists credited deposits, withdrawals and net result per month, as CSV too', async () => {
    const player = await testApp.signIn('player');
    const statement = await player.api.responsible.statement({ query: { months: 24 } });
    const total = (field: 'deposits' | 'withdrawals' | 'netResult') =>
      statement.items.reduce((sum, item) => sum + Number(item[field]), 0);
    expect(total('deposits')).toBe(150000);
    expect(total('netResult')).toBe(-6000 - 20000 + 15000);
    expect(statement.csv).toContain(`,IDR,150000.00,0.00,`);
    expect(statement.csv.split('\r\n').filter(Boolean)).toHaveLength(25);
  });
});

const operators = new Map<number, PayhubClient>();
async function operatorFor(id: number): Promise<PayhubClient> {
  if (operators.size === 0)
    for (const label of ['operator', 'operator-2']) {
      const client = await testApp.signIn(label);
      operators.set((await client.api.user.me()).id, client);
    }
  return operators.get(id)!;
}

describe('cool-off and self-exclusion', () => {
  it('a 24-hour cool-off blocks deposits and bets with 10001 for 24 h, then lifts', async () => {
    const player = await testApp.signIn('player-2');
    const context = await contextOf(player);
    const settings = await player.api.responsible.coolOff({ body: { hours: 24 } });
    const until = Math.floor((testApp.clock.now().getTime() + 24 * HOUR) / 1000);
    expect(settings.exclusion).toMatchObject({ kind: 'cool_off', until });
    // The message names the block and its end in the project's time (Asia/Jakarta), in Indonesian.
    const refused = await failure(deposit(player, '50000.00'));
    expect(refused.errCode).toBe(10001);
    const end = new Intl.DateTimeFormat('id-ID', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Jakarta',
    }).format(new Date(until * 1000));
    expect(refused.errMsg).toBe(`Jeda aktif sampai ${end}: deposit dan taruhan diblokir`);
    expect(await stake(context)).toBe(10001);
    testApp.clock.advance(23 * HOUR);
    expect((await player.api.responsible.settings()).exclusion?.until).toBe(until);
    expect(await stake(context)).toBe(10001);
    testApp.clock.advance(HOUR);
    expect(await stake(context)).toBeNull();
    expect((await deposit(player, '50000.00')).state).toBe(PayOrderState.WAIT);
    expect((await player.api.responsible.settings()).exclusion).toBeNull();
  });

  it('a self-exclusion cannot be shortened through any endpoint; withdrawals still work', async () => {
    let player = await testApp.signIn('player-2');
    const context = await contextOf(player);
    const excluded = await player.api.responsible.selfExclude({ body: { months: 12 } });
    expect(excluded.exclusion?.kind).toBe('self_exclusion');
    const until = excluded.exclusion!.until!;
    testApp.clock.advance(HOUR);
    // Anything ending sooner is refused: a cool-off, a shorter self-exclusion.
    expect(await errCode(player.api.responsible.coolOff({ body: { hours: 1008 } }))).toBe(7044);
    expect(await errCode(player.api.responsible.selfExclude({ body: { months: 6 } }))).toBe(7044);
    // Every other endpoint leaves the exclusion as it was.
    await player.api.responsible.setLimit({ body: { kind: 'deposit_day', amount: null } });
    await player.api.responsible.setSessionLimit({ body: { minutes: null } });
    await player.api.responsible.setRealityCheck({ body: { minutes: null } });
    expect((await player.api.responsible.settings()).exclusion).toMatchObject({
      kind: 'self_exclusion',
      until,
    });

    // Withdrawals still work: the player takes money out, and it shows on the statement.
    const account = await player.api.withdraw.bankAdd({
      body: { bankCode: 'BCA', accountNo: '5550002222', holderName: 'Siti Rahma' },
    });
    const before = await walletOf(player);
    const withdrawal = await player.api.withdraw.create({
      body: { amount: '100000.00', bankAccountId: account.id },
    });
    const operator = await testApp.signIn('operator');
    await operator.api.withdraw.spammerHandle({ body: { id: withdrawal.id, action: 'take' } });
    await operator.api.withdraw.spammerHandle({
      body: { id: withdrawal.id, action: 'finish', voucherUrl: await uploadVoucher(operator) },
    });
    expect((await walletOf(player)).balance).toBeLessThan(before.balance);
    const thisMonth = await player.api.responsible.statement({ query: { months: 1 } });
    // What left the wallet: the amount and its 2,000.00 fee.
    expect(thisMonth.items[0]!.withdrawals).toBe('102000.00');

    // Five months later: still excluded; a longer exclusion is allowed, a permanent one is final.
    testApp.clock.advance(150 * 24 * HOUR);
    player = await testApp.signIn('player-2');
    expect(await stake(context)).toBe(10001);
    expect(await errCode(deposit(player, '50000.00'))).toBe(10001);
    const longer12 = await player.api.responsible.selfExclude({ body: { months: 12 } });
    expect(longer12.exclusion!.until!).toBeGreaterThan(until);
    const permanent = await player.api.responsible.selfExclude({ body: { permanent: true } });
    expect(permanent.exclusion).toMatchObject({ kind: 'self_exclusion', until: null });
    expect((await failure(deposit(player, '50000.00'))).errMsg).toBe(
      'Pengecualian diri permanen: deposit dan taruhan diblokir',
    );
    expect(await errCode(player.api.responsible.selfExclude({ body: { months: 60 } }))).toBe(7044);
    testApp.clock.advance(6 * 365 * 24 * HOUR);
    expect(await stake(context)).toBe(10001);
  });
});

describe('bad input', () => {
  it('answers 3 (or 1 without a session) and changes nothing', async () => {
    const player = await testApp.signIn('player');
    const before = await player.api.responsible.settings();
    const http = player.http;
    const bad: [unknown, Record<string, unknown>][] = [
      [player.api.responsible.setLimit, { kind: 'deposit_year', amount: '1.00' }],
      [player.api.responsible.setLimit, { kind: 'deposit_day', amount: '-5.00' }],
      [player.api.responsible.setLimit, { kind: 'deposit_day', amount: '0' }],
      [player.api.responsible.setLimit, { kind: 'deposit_day', amount: 'abc' }],
      [player.api.responsible.setLimit, { kind: 'deposit_day', amount: '1.001' }],
      [player.api.responsible.setLimit, { kind: 'deposit_day', amount: 100 }],
      [player.api.responsible.setLimit, { kind: 'deposit_day' }],
      [player.api.responsible.setLimit, { kind: 'deposit_day', amount: '1.00', extra: 1 }],
      [player.api.responsible.setSessionLimit, { minutes: 14 }],
      [player.api.responsible.setSessionLimit, { minutes: 1441 }],
      [player.api.responsible.setSessionLimit, { minutes: 1.5 }],
      [player.api.responsible.setRealityCheck, { minutes: 4 }],
      [player.api.responsible.setRealityCheck, { minutes: 'x' }],
      [player.api.responsible.coolOff, { hours: 23 }],
      [player.api.responsible.coolOff, { hours: 1009 }],
      [player.api.responsible.coolOff, {}],
      [player.api.responsible.selfExclude, { months: 5 }],
      [player.api.responsible.selfExclude, { months: 61 }],
      [player.api.responsible.selfExclude, { permanent: false }],
      [player.api.responsible.selfExclude, { months: 6, permanent: true }],
    ];
    for (const [call, body] of bad)
      expect(
        await errCode((call as (input: unknown) => Promise<unknown>)({ body })),
        JSON.stringify(body),
      ).toBe(3);
    expect(await errCode(player.api.responsible.statement({ query: { months: 25 } }))).toBe(3);
    expect(await errCode(player.api.responsible.statement({ query: { months: 0 } }))).toBe(3);
    expect(await player.api.responsible.settings()).toEqual(before);
    void http;
    const anonymous = testApp.client();
    expect(await errCode(anonymous.api.responsible.coolOff({ body: { hours: 24 } }))).toBe(1);
    expect(await errCode(anonymous.api.responsible.settings())).toBe(1);
    const { rows } = await testApp.database.pool.query(
      `SELECT count(*)::int AS count FROM responsible_state WHERE exclusion_kind IS NOT NULL AND user_id = $1`,
      [(await player.api.user.me()).id],
    );
    expect(rows[0].count).toBe(0);
  });
});

// Proves the reversal of a credited deposit from the console (docs/payments.md "Reversal of a credited
// deposit"): the operator's quota gets the amount back — from the player's wallet, and from the house
// for what the wallet no longer holds — the commission goes back to the house, the deposit's
// first-deposit bonus is clawed back, the deposit still counts against the player's limits, the
// player reads a mail in Indonesian, the wallet history shows the reversal, the audit line names the
// staff member; five reversals at once move the money once; a repeat answers the same reversal; the
// player's withdrawals are held (712) until compliance closes the case the reversal opened, a
// withdrawal sent while the reversal is under way included; an
// order not credited answers 3007, another project's 404, a role without the grant 1031, a short
// reason 3 — and the ledger check stays clean.
import type { PayhubClient } from '@payhub/client';
import { ErrorCode, PayOrderState as P, WithdrawOrderState as W } from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf } from '../../../test/api-errors.ts';
import {
  confirmedDeposit,
  expectLedgerClean,
  minor,
  quotaOf,
  walletOf,
} from '../../../test/payhub-helpers.ts';
import { registerPlayer } from '../../../test/promo-support.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { accounts, createLedger } from '../../ledger/ledger.ts';
import { localDay } from '../../platform/local-day.ts';

const PROJECT = 12; // IDR
let testApp: TestApp;
let finance: PayhubClient;
let admin: PayhubClient;
const operators = new Map<number, PayhubClient>();
let phoneSeq = 0;

beforeAll(async () => {
  testApp = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '10000000' } });
  finance = await testApp.signIn('staff-finance', PROJECT);
  admin = await testApp.signIn('admin', PROJECT);
  for (const label of ['operator', 'operator-2']) {
    const client = await testApp.signIn(label, PROJECT);
    operators.set((await client.api.user.me()).id, client);
  }
}, 120_000);
afterAll(async () => testApp?.close());

async function newPlayer() {
  phoneSeq += 1;
  const phone = `82${String(Date.now() % 1e5).padStart(5, '0')}${String(phoneSeq).padStart(4, '0')}`;
  return registerPlayer(testApp, phone, PROJECT);
}

/** A credited deposit of a player: the order (PAID) and its operator's client. */
async function credited(player: PayhubClient, amount: string) {
  const transfer = await confirmedDeposit(testApp, [...operators.values()], player, amount);
  const id = Number(/^pay:(\d+):post$/.exec(transfer)![1]);
  const order = await player.api.payhub.orderState({ params: { id } });
  expect(order.state).toBe(P.PAID);
  return { order, operator: operators.get(order.operatorId!)! };
}

const ledger = () => createLedger(testApp.clock);
async function balanceAt(address: string): Promise<bigint> {
  const account = await ledger().findAccount(testApp.database.db, address);
  return account ? (await ledger().balance(testApp.database.db, account.id)).balance : 0n;
}
const house = () => balanceAt(accounts.house(PROJECT, 'IDR').address);

describe('reversal of a credited deposit', () => {
  it('gives the quota back from the wallet, takes the commission and the bonus back, tells the player', async () => {
    const player = await newPlayer();
    const { order, operator } = await credited(player.client, '80000.00');
    expect(BigInt(order.commission.replace('.', ''))).toBeGreaterThan(0n);
    const bonus = testApp.app.rewards!.bonus;
    await bonus.scanFirstDeposits(PROJECT);
    const bonusAddress = accounts.playerBonus(PROJECT, player.userId, 'IDR').address;
    expect(await balanceAt(bonusAddress)).toBe(800_000n);
    const quotaBefore = await quotaOf(operator);
    const houseBefore = await house();
    const earnedBefore = await operator.api.commission.balanceDetail();
    expect((await walletOf(player.client)).balance).toBe(8_000_000n);

    const reversal = await finance.api.console.reverseDeposit({
      params: { id: order.id },
      body: { reason: 'Bank membatalkan transfer (chargeback)' },
    });
    expect(reversal).toMatchObject({
      orderId: order.id,
      orderNo: order.orderNo,
      amount: '80000.00',
      recovered: '80000.00',
      unrecovered: '0.00',
      commissionRecovered: order.commission,
      commissionUnrecovered: '0.00',
      reason: 'Bank membatalkan transfer (chargeback)',
      reversedBy: (await finance.api.user.me()).id,
    });
    expect((await walletOf(player.client)).balance).toBe(0n);
    const quotaAfter = await quotaOf(operator);
    expect(quotaAfter.available - quotaBefore.available).toBe(8_000_000n);
    const commission = BigInt(order.commission.replace('.', ''));
    expect(quotaBefore.commission - quotaAfter.commission).toBe(commission);
    expect((await house()) - houseBefore).toBe(commission);
    // The operator's movements list the reversal; the commission earned is net of what it took back.
    const movements = await operator.api.quota.transactions({ query: { count: 10, type: 'reversal' } });
    expect(movements.items.map((item) => [item.code, item.account, item.amount])).toEqual([
      ['deposit_commission_reversal', 'commission', `-${order.commission}`],
      ['deposit_reversal', 'quota', '80000.00'],
    ]);
    const earnedAfter = await operator.api.commission.balanceDetail();
    expect(minor(earnedBefore.earnedTotal) - minor(earnedAfter.earnedTotal)).toBe(commission);
    // The deposit's first-deposit bonus is clawed back to the pool.
    expect(await balanceAt(bonusAddress)).toBe(0n);
    // The order keeps its state; the console's list shows the reversal beside it.
    const after = await player.client.api.payhub.orderState({ params: { id: order.id } });
    expect(after).toMatchObject({ state: P.PAID, reversedAt: reversal.reversedAt });
    const listed = await finance.api.console.deposits({ query: { orderNo: order.orderNo } });
    expect(listed.items[0]?.reversal).toEqual(reversal);
    // The player is told, in the project's language, and the history shows what left the wallet.
    const mails = await player.client.api.inbox.list({ query: { page: 1, count: 20 } });
    const mail = mails.items.find((item) => item.title === 'Deposit dibatalkan oleh bank');
    expect(mail?.content).toContain(order.orderNo);
    expect(mail?.content).toMatch(/Rp\s80\.000,00/);
    // It says withdrawals wait for the review (the case below holds them).
    expect(mail?.content).toContain('Penarikan dana ditahan sementara');
    const history = await player.client.api.wallet.history({ query: { asset: 'IDR', type: 'reversal' } });
    expect(history.items.map((row) => row.amount)).toContain('-80000.00');
    // The responsible-play gate still counts it (a chargeback gives no room to deposit again).
    const { rows: gate } = await testApp.database.pool.query<{ state: string }>(
      `SELECT state FROM responsible_activity WHERE user_id = $1 AND reference = $2`,
      [player.userId, `pay:${order.id}`],
    );
    expect(gate.map((row) => row.state)).toEqual(['credited']);
    // A monitoring case for compliance: a chargeback is a fraud signal.
    const cases = await admin.api.console.cases({ query: { status: 'open', count: 100 } });
    const opened = cases.items.find(
      (item) => item.rule === 'deposit_reversed' && item.subjectId === String(player.userId),
    );
    expect(opened?.details).toMatchObject({ orderId: order.id, amount: '80000.00', unrecovered: '0.00' });
    // Audited with the figures and the reason.
    const audit = await admin.api.console.audit({
      query: { objectType: 'pay_order', objectId: String(order.id), action: 'pay_order.reverse' },
    });
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]!.after).toMatchObject({
      reversed: true,
      recovered: '80000.00',
      unrecovered: '0.00',
    });

    // The money report counts it on the day it was reversed (bank rail), beside the deposits.
    const day = localDay(testApp.clock.now(), 'Asia/Jakarta');
    const report = await finance.api.console.moneyReport({ query: { from: day, to: day } });
    const bank = report.items.find((item) => item.rail === 'bank' && item.asset === 'IDR');
    expect(bank).toMatchObject({ reversals: '80000.00', reversalCount: 1 });

    // A repeat answers the same reversal and moves nothing.
    const again = await finance.api.console.reverseDeposit({
      params: { id: order.id },
      body: { reason: 'second click' },
    });
    expect(again).toEqual(reversal);
    expect(await quotaOf(operator)).toEqual(quotaAfter);
    expect((await walletOf(player.client)).balance).toBe(0n);
    await expectLedgerClean(testApp);
  }, 120_000);

  it('takes what the wallet still holds and the house makes good the rest; five at once move it once', async () => {
    const player = await newPlayer();
    const { order, operator } = await credited(player.client, '100000.00');
    // The player exchanged 60,000 of it: 40,000 is left on the wallet.
    const quote = await player.client.api.exchange.quote({
      body: { from: 'IDR', to: 'YEC', amount: '60000.00' },
    });
    await player.client.api.exchange.accept({ params: { id: quote.id } });
    expect((await walletOf(player.client)).available).toBe(4_000_000n);
    const quotaBefore = await quotaOf(operator);
    const houseBefore = await house();

    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        finance.api.console.reverseDeposit({ params: { id: order.id }, body: { reason: 'Chargeback BCA' } }),
      ),
    );
    for (const answer of answers)
      expect(answer).toMatchObject({ recovered: '40000.00', unrecovered: '60000.00' });
    expect(new Set(answers.map((answer) => answer.reversedAt)).size).toBe(1);
    expect((await walletOf(player.client)).balance).toBe(0n);
    expect((await quotaOf(operator)).available - quotaBefore.available).toBe(10_000_000n);
    const commission = BigInt(order.commission.replace('.', ''));
    // The house paid the 60,000 the wallet lacked and took the commission back.
    expect((await house()) - houseBefore).toBe(commission - 6_000_000n);
    const { rows } = await testApp.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_transfers WHERE id LIKE $1`,
      [`pay:${order.id}:reversal:%`],
    );
    expect(rows[0]!.n).toBe(3);
    await expectLedgerClean(testApp);
  }, 120_000);

  it('holds the player’s withdrawals (712) while the reversal’s case is open; closing it frees them', async () => {
    const player = await newPlayer();
    await credited(player.client, '100000.00');
    const { order } = await credited(player.client, '50000.00');
    expect(await player.client.api.withdraw.hold()).toEqual({ held: false });
    await finance.api.console.reverseDeposit({
      params: { id: order.id },
      body: { reason: 'Chargeback BCA' },
    });
    expect(await player.client.api.withdraw.hold()).toEqual({ held: true });
    const account = await player.client.api.withdraw.bankAdd({
      body: { bankCode: 'BCA', accountNo: '5550004444', holderName: 'Pemain Uji' },
    });
    const before = await walletOf(player.client);
    const body = { amount: '60000.00', bankAccountId: account.id };
    expect(await codeOf(player.client.api.withdraw.create({ body }))).toBe(ErrorCode.AccountUnderReview);
    expect(await walletOf(player.client)).toEqual(before);

    const cases = await admin.api.console.cases({ query: { status: 'open', count: 100 } });
    const opened = cases.items.find(
      (item) => item.rule === 'deposit_reversed' && item.subjectId === String(player.userId),
    );
    await admin.api.console.closeCase({
      params: { id: opened!.id },
      body: { resolution: 'Bank confirmed the payment again' },
    });
    expect(await player.client.api.withdraw.hold()).toEqual({ held: false });
    expect((await player.client.api.withdraw.create({ body })).state).toBe(W.WAIT);
    expect((await walletOf(player.client)).held - before.held).toBeGreaterThanOrEqual(6_000_000n);
    await expectLedgerClean(testApp);
  }, 120_000);

  it('a withdrawal sent while the reversal is under way waits for its case and is refused (712), not paid past it', async () => {
    const player = await newPlayer();
    await credited(player.client, '100000.00');
    const { order } = await credited(player.client, '50000.00');
    const account = await player.client.api.withdraw.bankAdd({
      body: { bankCode: 'BCA', accountNo: '5550005555', holderName: 'Pemain Uji' },
    });
    const wallet = await ledger().findAccount(
      testApp.database.db,
      accounts.player(PROJECT, player.userId, 'IDR').address,
    );
    // Backends of this database waiting on a row lock (the reversal, on the wallet) or on an advisory
    // lock (the withdrawal, on the player's withdrawal-hold lock).
    const waitingOn = async (events: string[]) =>
      Number(
        (
          await testApp.database.pool.query(
            `SELECT count(*) AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = ANY($1)`,
            [events],
          )
        ).rows[0].n,
      );
    const until = async (events: string[]) => {
      for (let turn = 0; turn < 400 && (await waitingOn(events)) === 0; turn += 1)
        await new Promise((resolve) => setTimeout(resolve, 25));
      expect(await waitingOn(events)).toBeGreaterThan(0);
    };
    // The player's wallet row held from outside: the reversal takes the player's withdrawal-hold lock,
    // then waits here for the wallet, its case not yet committed.
    const blocker = await testApp.database.pool.connect();
    let reversal: Promise<unknown>;
    let withdrawal: Promise<number | string>;
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT id FROM ledger_accounts WHERE id = $1 FOR NO KEY UPDATE', [
        String(wallet!.id),
      ]);
      reversal = finance.api.console.reverseDeposit({
        params: { id: order.id },
        body: { reason: 'Chargeback BCA' },
      });
      await until(['transactionid', 'tuple']);
      // The withdrawal passes the check before its transaction (no case yet), then waits for the
      // hold lock inside it.
      withdrawal = player.client.api.withdraw
        .create({ body: { amount: '60000.00', bankAccountId: account.id } })
        .then(
          (answer) => answer.state,
          (error) => (error as { errCode: number }).errCode,
        );
      await until(['advisory']);
    } finally {
      await blocker.query('COMMIT');
      blocker.release();
    }
    await reversal;
    // The reversal committed its case first; the withdrawal read it under the lock.
    expect(await withdrawal).toBe(ErrorCode.AccountUnderReview);
    expect((await player.client.api.withdraw.orders({ query: {} })).items).toEqual([]);
    expect(await player.client.api.withdraw.hold()).toEqual({ held: true });
    await expectLedgerClean(testApp);
  }, 120_000);

  it('a deposit reversed before the bonus scan earns no first-deposit bonus', async () => {
    const player = await newPlayer();
    const { order } = await credited(player.client, '80000.00');
    await finance.api.console.reverseDeposit({
      params: { id: order.id },
      body: { reason: 'Chargeback BCA' },
    });
    const bonus = testApp.app.rewards!.bonus;
    await bonus.scanFirstDeposits(PROJECT);
    expect(await balanceAt(accounts.playerBonus(PROJECT, player.userId, 'IDR').address)).toBe(0n);
    const { rows } = await testApp.database.pool.query(
      `SELECT id FROM rewards_bonuses WHERE player_id = $1`,
      [player.userId],
    );
    expect(rows).toEqual([]);
    await expectLedgerClean(testApp);
  }, 120_000);

  it('refuses an order not credited (3007), another project (404), a role without the grant (1031) and a bad reason (3)', async () => {
    const player = await newPlayer();
    const waiting = await player.client.api.payhub.createOrder({
      body: { amount: '100000.00', bankCode: 'BCA' },
    });
    expect(waiting.state).toBe(P.WAIT);
    const reverse = (client: PayhubClient, id: number, reason = 'Chargeback dari bank') =>
      codeOf(client.api.console.reverseDeposit({ params: { id }, body: { reason } }));
    expect(await reverse(finance, waiting.id)).toBe(ErrorCode.OrderAlreadyStarted);
    await operators
      .get(waiting.operatorId!)!
      .api.payhub.payCheck({ body: { id: waiting.id, action: 'cancel' } });
    expect(await reverse(finance, waiting.id)).toBe(ErrorCode.OrderAlreadyStarted);

    const { order } = await credited(player.client, '50000.00');
    expect(await reverse(await testApp.signIn('staff-finance', 10), order.id)).toBe(404);
    expect(await reverse(finance, 987_654)).toBe(404);
    expect(await reverse(await testApp.signIn('staff-payments', PROJECT), order.id)).toBe(
      ErrorCode.NoPermission,
    );
    expect(await reverse(finance, order.id, 'no')).toBe(ErrorCode.BadParameter);
    // Nothing moved: the wallet still holds the deposit, and no reversal was recorded.
    expect((await walletOf(player.client)).balance).toBe(5_000_000n);
    const listed = await finance.api.console.deposits({ query: { orderNo: order.orderNo } });
    expect(listed.items[0]?.reversal).toBeNull();
    await expectLedgerClean(testApp);
  }, 120_000);
});

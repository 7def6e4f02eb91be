// Proves the console's operations endpoints: a stuck deposit or withdrawal resolved by payments staff
// through the order lifecycle (money moves once, the audit names the staff member and the reason, a
// second resolution is refused), a notice scheduled for later reaches agents only once the scheduler
// publishes it (a published notice's time cannot change), the beginner guide edited per language and
// read by the player app, a provider switched off leaving the lobby (audited in the switch's own
// transaction: a failed audit line leaves the provider as it was), and bad input refused with 3 and
// nothing changed.
import type { PayhubClient } from '@payhub/client';
import { ErrorCode, PayOrderState as P, WithdrawOrderState as W } from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf } from '../../../test/api-errors.ts';
import { expectLedgerClean, quotaOf, walletOf } from '../../../test/payhub-helpers.ts';
import { refuseAudit } from '../../../test/refuse-audit.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
let payments: PayhubClient;
let content: PayhubClient;
let admin: PayhubClient;
let finance: PayhubClient;
let player: PayhubClient;
let agent: PayhubClient;
const operators = new Map<number, PayhubClient>();

beforeAll(async () => {
  testApp = await startTestApp();
  payments = await testApp.signIn('staff-payments', 12);
  content = await testApp.signIn('staff-content', 12);
  finance = await testApp.signIn('staff-finance', 12);
  admin = await testApp.signIn('admin', 12);
  player = await testApp.signIn('player', 12);
  agent = await testApp.signIn('operator', 12);
  for (const label of ['operator', 'operator-2']) {
    const client = label === 'operator' ? agent : await testApp.signIn(label, 12);
    operators.set((await client.api.user.me()).id, client);
  }
}, 120_000);
afterAll(async () => testApp?.close());

function operatorOf(order: { operatorId: number | null }): PayhubClient {
  const client = order.operatorId === null ? undefined : operators.get(order.operatorId);
  if (!client) throw new Error(`no client for operator ${order.operatorId}`);
  return client;
}

async function stuckDeposit(amount = '100000.00') {
  const order = await player.api.payhub.createOrder({ body: { amount, bankCode: 'BCA' } });
  expect(order.state).toBe(P.WAIT);
  const reported = await operatorOf(order).api.payhub.payCheck({
    body: { id: order.id, action: 'report', remark: 'nama pengirim beda' },
  });
  expect(reported.state).toBe(P.EXCEPTIONAL);
  return reported;
}

describe('resolving stuck deposits', () => {
  it('complete credits the player from the held quota once; the audit names the staff member and reason', async () => {
    const order = await stuckDeposit();
    const stuck = await payments.api.console.deposits({ query: { stuck: true } });
    expect(stuck.items.map((item) => item.id)).toContain(order.id);
    const before = await walletOf(player);
    const resolved = await payments.api.console.resolveDeposit({
      params: { id: order.id },
      body: { resolution: 'complete', reason: 'Mutasi rekening cocok' },
    });
    expect(resolved.state).toBe(P.CHECK_SUCCESS);
    expect(resolved.remark).toBe('Mutasi rekening cocok');
    expect((await walletOf(player)).balance - before.balance).toBe(10_000_000n);
    // Decided: a second resolution is refused and moves nothing.
    expect(
      await codeOf(
        payments.api.console.resolveDeposit({
          params: { id: order.id },
          body: { resolution: 'cancel', reason: 'second try' },
        }),
      ),
    ).toBe(ErrorCode.OrderAlreadyStarted);
    expect((await walletOf(player)).balance - before.balance).toBe(10_000_000n);
    const paymentsId = (await payments.api.user.me()).id;
    const audit = await admin.api.console.audit({
      query: { objectType: 'pay_order', objectId: String(order.id) },
    });
    const lines = audit.items.map((line) => [line.action, line.actorId]);
    expect(lines).toContainEqual(['pay_order.leaderSuccess', paymentsId]);
    expect(lines).toContainEqual(['pay_order.resolve', paymentsId]);
    const resolveLine = audit.items.find((line) => line.action === 'pay_order.resolve')!;
    expect(resolveLine.after).toMatchObject({ resolution: 'complete', reason: 'Mutasi rekening cocok' });
    await expectLedgerClean(testApp);
  });

  it('cancel gives the held quota back to the operator; the player is not credited', async () => {
    const order = await stuckDeposit('120000.00');
    const operator = operatorOf(order);
    const quotaBefore = await quotaOf(operator);
    const walletBefore = await walletOf(player);
    const resolved = await payments.api.console.resolveDeposit({
      params: { id: order.id },
      body: { resolution: 'cancel', reason: 'Dana tidak masuk' },
    });
    expect(resolved.state).toBe(P.CANCELED);
    expect(quotaBefore.held - (await quotaOf(operator)).held).toBe(12_000_000n);
    expect(await walletOf(player)).toEqual(walletBefore);
    await expectLedgerClean(testApp);
  });

  it('an order not stuck (WAIT) is refused; an unknown one answers 404; support may not resolve', async () => {
    const order = await player.api.payhub.createOrder({ body: { amount: '100000.00', bankCode: 'BCA' } });
    expect(
      await codeOf(
        payments.api.console.resolveDeposit({
          params: { id: order.id },
          body: { resolution: 'complete', reason: 'too early' },
        }),
      ),
    ).toBe(ErrorCode.OrderAlreadyStarted);
    expect((await player.api.payhub.orderState({ params: { id: order.id } })).state).toBe(P.WAIT);
    await operatorOf(order).api.payhub.payCheck({ body: { id: order.id, action: 'cancel' } });
    expect(
      await codeOf(
        payments.api.console.resolveDeposit({
          params: { id: 987_654 },
          body: { resolution: 'fail', reason: 'no such order' },
        }),
      ),
    ).toBe(404);
    const support = await testApp.signIn('staff-support', 12);
    const stuck = await stuckDeposit();
    expect(
      await codeOf(
        support.api.console.resolveDeposit({
          params: { id: stuck.id },
          body: { resolution: 'complete', reason: 'not my role' },
        }),
      ),
    ).toBe(ErrorCode.NoPermission);
    expect((await player.api.payhub.orderState({ params: { id: stuck.id } })).state).toBe(P.EXCEPTIONAL);
  });
});

describe('resolving stuck withdrawals', () => {
  it('complete needs the operator proof (1043); fail gives the held funds back to the player', async () => {
    const bank = await player.api.withdraw.bankAdd({
      body: { bankCode: 'BRI', accountNo: '9876543210', holderName: 'Budi Santoso' },
    });
    // The deposits confirmed above may have earned a first-deposit bonus (the rewards scheduler grants
    // it meanwhile) whose open wagering would refuse the withdrawal (4017): the player forfeits it.
    await player.api.bonus.setWithdrawChoice({ body: { onWithdraw: 'forfeit' } });
    const before = await walletOf(player);
    const order = await player.api.withdraw.create({ body: { amount: '50000.00', bankAccountId: bank.id } });
    const operator = [...operators.values()][0]!;
    await operator.api.withdraw.spammerHandle({ body: { id: order.id, action: 'take' } });
    const reported = await operator.api.withdraw.spammerHandle({
      body: { id: order.id, action: 'report', remark: 'rekening salah' },
    });
    expect(reported.state).toBe(W.EXCEPTIONAL);
    const stuck = await payments.api.console.withdrawals({ query: { stuck: true } });
    expect(stuck.items.map((item) => item.id)).toContain(order.id);
    expect(
      await codeOf(
        payments.api.console.resolveWithdrawal({
          params: { id: order.id },
          body: { resolution: 'complete', reason: 'operator says paid' },
        }),
      ),
    ).toBe(ErrorCode.WithdrawalProofMissing);
    expect((await walletOf(player)).held - before.held).toBe(5_200_000n);
    const failed = await payments.api.console.resolveWithdrawal({
      params: { id: order.id },
      body: { resolution: 'fail', reason: 'Rekening tujuan salah' },
    });
    expect(failed.state).toBe(W.FAILED);
    expect(await walletOf(player)).toEqual(before);
    expect((await player.api.withdraw.order({ params: { id: order.id } })).state).toBe(W.FAILED);
    await expectLedgerClean(testApp);
  });
});

describe('scheduled notices', () => {
  it('a future notice reaches agents only once published at its time; its time can then no longer change', async () => {
    const showAt = testApp.clock.now().getTime() + 3_600_000;
    const created = await content.api.console.publishNotice({
      body: { content: '<p>Pemeliharaan nanti malam</p>', showDuration: 5, showAt },
    });
    expect(created.showAt).toBe(showAt);
    const listed = await content.api.console.notices({ query: { status: 'scheduled' } });
    expect(listed.items.find((item) => item.noticeId === created.noticeId)?.status).toBe('scheduled');
    const initIds = async () =>
      (await agent.api.notices.init({ body: { types: ['banker'] } })).notices.map((item) => item.noticeId);
    expect(await initIds()).not.toContain(created.noticeId);
    // Not yet due: a publishing round leaves it scheduled.
    await testApp.app.notices.publishDue();
    expect(await initIds()).not.toContain(created.noticeId);

    testApp.clock.advance(3_600_000 + 1_000);
    // The app's own scheduler node may publish it first; either way it is published once.
    await testApp.app.notices.publishDue();
    expect(await initIds()).toContain(created.noticeId);
    const published = await content.api.console.notices({ query: { status: 'published' } });
    expect(published.items.find((item) => item.noticeId === created.noticeId)?.showAt).toBe(showAt);
    expect(
      await codeOf(
        content.api.console.scheduleNotice({ params: { id: created.noticeId }, body: { showAt: null } }),
      ),
    ).toBe(ErrorCode.NoticeAlreadyPublished);
    const { rows } = await testApp.database.pool.query(
      "SELECT count(*)::int AS n FROM audit_log WHERE object_type = 'notice' AND object_id = $1 AND action = 'notice.publish'",
      [String(created.noticeId)],
    );
    expect(rows[0].n).toBe(1);
  });

  it('a schedule moved to later, then cleared: published now', async () => {
    const first = testApp.clock.now().getTime() + 600_000;
    const created = await content.api.console.publishNotice({
      body: { content: '<p>Promo akhir pekan</p>', showDuration: 0, showAt: first },
    });
    const moved = await content.api.console.scheduleNotice({
      params: { id: created.noticeId },
      body: { showAt: first + 600_000 },
    });
    expect(moved).toMatchObject({ status: 'scheduled', showAt: first + 600_000 });
    const cleared = await content.api.console.scheduleNotice({
      params: { id: created.noticeId },
      body: { showAt: null },
    });
    expect(cleared.status).toBe('published');
    const init = await agent.api.notices.init({ body: { types: ['banker'] } });
    expect(init.notices.map((item) => item.noticeId)).toContain(created.noticeId);
    expect(
      await codeOf(content.api.console.scheduleNotice({ params: { id: 987_654 }, body: { showAt: null } })),
    ).toBe(404);
  });
});

describe('beginner guide', () => {
  it('content staff set steps per language; the player app reads them; clearing goes back to the built-in text', async () => {
    const steps = ['Isi saldo lewat menu Setor.', 'Pilih permainan dan pasang taruhan.'];
    const saved = await content.api.console.saveGuide({ body: { locale: 'id-ID', steps } });
    expect(saved.steps).toEqual(steps);
    const publicClient = testApp.client(12);
    expect((await publicClient.api.guide.text({ query: { locale: 'id-ID' } })).steps).toEqual(steps);
    expect((await publicClient.api.guide.text({ query: { locale: 'es-MX' } })).steps).toBeNull();
    // Another project's guide is its own.
    expect((await testApp.client(10).api.guide.text({ query: { locale: 'id-ID' } })).steps).toBeNull();
    const list = await content.api.console.guides();
    expect(list.items.map((item) => item.locale)).toEqual(['id-ID', 'es-MX', 'en']);
    await content.api.console.saveGuide({ body: { locale: 'id-ID', steps: null } });
    expect((await publicClient.api.guide.text({ query: { locale: 'id-ID' } })).steps).toBeNull();
  });
});

describe('providers', () => {
  it('admin switches the demo provider off (audited): its games leave the lobby; finance sees the day report', async () => {
    const list = await admin.api.console.providers();
    expect(list.items.map((item) => item.providerId)).toContain('demo');
    await admin.api.console.switchProvider({ body: { providerId: 'demo', enabled: false } });
    expect((await player.api.providers.games()).items.filter((game) => game.providerId === 'demo')).toEqual(
      [],
    );
    expect(
      (await finance.api.console.providers()).items.find((item) => item.providerId === 'demo')?.enabled,
    ).toBe(false);
    await admin.api.console.switchProvider({ body: { providerId: 'demo', enabled: true } });
    expect((await player.api.providers.games()).items.length).toBeGreaterThan(0);
    const audit = await admin.api.console.audit({
      query: { action: 'console.provider.switch', objectId: 'demo' },
    });
    expect(audit.items.map((line) => line.after)).toEqual([{ enabled: true }, { enabled: false }]);
    const report = await finance.api.console.providerReport({
      query: { providerId: 'demo', day: '2026-01-01' },
    });
    expect(report).toEqual({ providerId: 'demo', day: '2026-01-01', items: [] });
    expect(
      await codeOf(finance.api.console.switchProvider({ body: { providerId: 'demo', enabled: false } })),
    ).toBe(ErrorCode.NoPermission);
  });

  it('the switch and its audit line commit together: a failed line leaves the provider on', async () => {
    const enabled = async () =>
      (await admin.api.console.providers()).items.find((item) => item.providerId === 'demo')?.enabled;
    const lines = async () =>
      (await admin.api.console.audit({ query: { action: 'console.provider.switch', objectId: 'demo' } }))
        .items;
    const before = await lines();
    expect(await enabled()).toBe(true);
    const allow = await refuseAudit(testApp, 'console.provider.switch');
    try {
      expect(
        await codeOf(admin.api.console.switchProvider({ body: { providerId: 'demo', enabled: false } })),
      ).not.toBe(-1);
    } finally {
      await allow();
    }
    expect(await enabled()).toBe(true);
    expect(await lines()).toEqual(before);
    // Then it goes through: off, with the setting before it, read under the row's lock.
    await admin.api.console.switchProvider({ body: { providerId: 'demo', enabled: false } });
    expect(await enabled()).toBe(false);
    expect((await lines())[0]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
    await admin.api.console.switchProvider({ body: { providerId: 'demo', enabled: true } });
  });
});

describe('console operations bad input', () => {
  it.each<[string, (client: PayhubClient) => Promise<unknown>]>([
    [
      'resolution unknown',
      (c) =>
        c.api.console.resolveDeposit({
          params: { id: 1 },
          body: { resolution: 'credit' as never, reason: 'xyz' },
        }),
    ],
    [
      'reason short',
      (c) => c.api.console.resolveDeposit({ params: { id: 1 }, body: { resolution: 'cancel', reason: 'x' } }),
    ],
    [
      'withdraw cancel',
      (c) =>
        c.api.console.resolveWithdrawal({
          params: { id: 1 },
          body: { resolution: 'cancel' as never, reason: 'refund' },
        }),
    ],
    [
      'resolve id',
      (c) =>
        c.api.console.resolveWithdrawal({
          params: { id: 'x' as never },
          body: { resolution: 'fail', reason: 'xyz' },
        }),
    ],
    ['chain state', (c) => c.api.console.chainDeposits({ query: { state: 'lost' as never } })],
    ['chain hash', (c) => c.api.console.chainWithdrawals({ query: { txHash: '0x12' } })],
    ['notice status', (c) => c.api.console.notices({ query: { status: 'soon' as never } })],
    [
      'notice showAt',
      (c) =>
        c.api.console.publishNotice({
          body: { content: '<p>x</p>', showDuration: 1, showAt: 'tomorrow' as never },
        }),
    ],
    ['schedule showAt', (c) => c.api.console.scheduleNotice({ params: { id: 1 }, body: { showAt: 5 } })],
    ['guide locale', (c) => c.api.console.saveGuide({ body: { locale: 'fr' as never, steps: ['x'] } })],
    ['guide empty', (c) => c.api.console.saveGuide({ body: { locale: 'en', steps: [] } })],
    [
      'guide too many',
      (c) => c.api.console.saveGuide({ body: { locale: 'en', steps: Array(9).fill('step') } }),
    ],
    ['guide blank step', (c) => c.api.console.saveGuide({ body: { locale: 'en', steps: ['  '] } })],
    [
      'agreement decision',
      (c) =>
        c.api.console.reviewAgreement({
          params: { id: 1 },
          body: { decision: 'maybe' as never, note: 'xyz' },
        }),
    ],
    ['applications status', (c) => c.api.console.promoApplications({ query: { status: 9 } })],
    [
      'application note',
      (c) => c.api.console.decideApplication({ params: { id: 1 }, body: { decision: 'approve', note: '' } }),
    ],
    ['provider id', (c) => c.api.console.switchProvider({ body: { providerId: 'DEMO!', enabled: true } })],
    ['provider day', (c) => c.api.console.providerReport({ query: { providerId: 'demo', day: '1/1/2026' } })],
    ['reconcile extra', (c) => c.api.console.providerReconcile({ query: { providerId: 'demo' } as never })],
  ])('%s → 3', async (_name, call) => {
    expect(await codeOf(call(admin))).toBe(ErrorCode.BadParameter);
  });

  it('the public guide refuses an unknown language', async () => {
    expect(await codeOf(testApp.client(12).api.guide.text({ query: { locale: 'xx' as never } }))).toBe(
      ErrorCode.BadParameter,
    );
  });
});

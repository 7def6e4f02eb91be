// Proves every operator-tools endpoint through packages/client: cards (3008, 3010, 3024, 3041, 3040),
// links, work hours, group, agreements with the admin's review, contacts, shop and vouchers; bad
// input answers 3 and another operator's object is refused and left unchanged.
import type { PayhubClient } from '@payhub/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean, failure, minor, quotaOf, userIdOf } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { checkLedger, formatReport } from '../../ledger/ledger-check.ts';
import { demoVerifiedName } from '../../seed/demo-names.ts';
import { PAYHUB_TOOLS_INVARIANTS } from './payhub-tools.invariants.ts';

let testApp: TestApp;
let operator: PayhubClient;
let other: PayhubClient;
let player: PayhubClient;
const HOLDER = demoVerifiedName('operator', 'id-ID');

beforeAll(async () => {
  testApp = await startTestApp();
  operator = await testApp.signIn('operator');
  other = await testApp.signIn('operator-2');
  player = await testApp.signIn('player');
});
afterAll(async () => testApp?.close());

async function toolsLedgerClean() {
  await expectLedgerClean(testApp);
  const report = await checkLedger(testApp.database.pool, PAYHUB_TOOLS_INVARIANTS);
  if (!report.ok) throw new Error(formatReport(report));
}

describe('operator cards', () => {
  it('adds a card in the verified name, lists it, refuses duplicates, foreign banks and a seventh card', async () => {
    const support = await operator.api.payhubTools.bankSupport();
    expect(support.items.map((bank) => bank.code)).toContain('BCA');
    expect(support.items.map((bank) => bank.code)).not.toContain('BBVA');

    const card = await operator.api.payhubTools.bankAdd({
      body: { bankCode: 'PERMATA', accountNo: '5550001111', bankCardHolder: ' agus  PRATAMA ' },
    });
    expect(card).toMatchObject({ bankCode: 'PERMATA', accountNo: '5550001111', state: 1, cardUrl: null });
    const listed = await operator.api.payhubTools.bankQuery({ query: { page: 1, count: 500 } });
    expect(listed.items.map((item) => item.accountNo)).toContain('5550001111');
    expect(listed.total).toBe(5);

    expect(
      (
        await failure(
          operator.api.payhubTools.bankAdd({
            body: { bankCode: 'PERMATA', accountNo: '5550001111', bankCardHolder: HOLDER },
          }),
        )
      ).errCode,
    ).toBe(3008);
    // The same number at the same bank held by another operator is a duplicate as well.
    expect(
      (
        await failure(
          other.api.payhubTools.bankAdd({
            body: {
              bankCode: 'PERMATA',
              accountNo: '5550001111',
              bankCardHolder: demoVerifiedName('operator-2', 'id-ID'),
            },
          }),
        )
      ).errCode,
    ).toBe(3008);
    expect(
      (
        await failure(
          operator.api.payhubTools.bankAdd({
            body: { bankCode: 'BBVA', accountNo: '5550002222', bankCardHolder: HOLDER },
          }),
        )
      ).errCode,
    ).toBe(3024);
    expect(
      (
        await failure(
          operator.api.payhubTools.bankAdd({
            body: { bankCode: 'CIMB', accountNo: '5550002222', bankCardHolder: 'Somebody Else' },
          }),
        )
      ).errCode,
    ).toBe(3041);
    for (const body of [
      { bankCode: 'CIMB', accountNo: '12ab', bankCardHolder: HOLDER },
      { bankCode: 'NOPE', accountNo: '5550002222', bankCardHolder: HOLDER },
      { bankCode: 'CIMB', accountNo: '5550002222', bankCardHolder: '' },
    ]) {
      expect((await failure(operator.api.payhubTools.bankAdd({ body: body as never }))).errCode).toBe(3);
    }
    await operator.api.payhubTools.bankAdd({
      body: { bankCode: 'CIMB', accountNo: '5550002222', bankCardHolder: HOLDER },
    });
    expect(
      (
        await failure(
          operator.api.payhubTools.bankAdd({
            body: { bankCode: 'CIMB', accountNo: '5550003333', bankCardHolder: HOLDER },
          }),
        )
      ).errCode,
    ).toBe(3010);
  });

  it('toggles, renumbers and deletes its own cards; another operator’s card is refused and unchanged', async () => {
    const off = await operator.api.payhubTools.bankUpdate({
      query: { oldAccountNo: '5550001111', state: 0 },
    });
    expect(off.state).toBe(0);
    const renumbered = await operator.api.payhubTools.bankUpdate({
      query: { oldAccountNo: '5550001111', newAccountNo: '5550009999', state: 1 },
    });
    expect(renumbered).toMatchObject({
      accountNo: '5550009999',
      oldAccountNo: '5550001111',
      newAccountNo: '5550009999',
      state: 1,
    });
    expect(
      (await failure(operator.api.payhubTools.bankUpdate({ query: { oldAccountNo: '5550009999' } as never })))
        .errCode,
    ).toBe(3);
    expect(
      (
        await failure(
          operator.api.payhubTools.bankUpdate({
            query: { oldAccountNo: '5550009999', bankCardHolder: 'Somebody Else' },
          }),
        )
      ).errCode,
    ).toBe(3041);

    expect(
      (await failure(other.api.payhubTools.bankUpdate({ query: { oldAccountNo: '5550009999', state: 0 } })))
        .errCode,
    ).toBe(404);
    expect(
      (await failure(other.api.payhubTools.bankDelete({ query: { accountNo: '5550009999' } }))).errCode,
    ).toBe(404);
    expect(
      (
        await failure(
          other.api.payhubTools.cardUrlBind({
            body: {
              accountNo: '5550009999',
              url: 'https://pay.example/x',
              expiresAt: new Date(testApp.clock.now().getTime() + 86_400_000).toISOString(),
              minAmount: '10000.00',
              maxAmount: '20000.00',
              totalLimit: '50000.00',
            },
          }),
        )
      ).errCode,
    ).toBe(404);
    const mine = await operator.api.payhubTools.bankQuery({ query: { page: 1, count: 500 } });
    expect(mine.items.find((item) => item.accountNo === '5550009999')?.state).toBe(1);

    expect((await failure(operator.api.payhubTools.bankDelete({ query: { accountNo: 'x' } }))).errCode).toBe(
      3,
    );
    await operator.api.payhubTools.bankDelete({ query: { accountNo: '5550009999' } });
    const after = await operator.api.payhubTools.bankQuery({ query: { page: 1, count: 500 } });
    expect(after.items.map((item) => item.accountNo)).not.toContain('5550009999');
    expect(
      (await failure(operator.api.payhubTools.bankDelete({ query: { accountNo: '5550009999' } }))).errCode,
    ).toBe(404);

    const audit = await testApp.database.pool.query(
      `SELECT action FROM audit_log WHERE action LIKE 'operator_card.%' AND actor_id = $1`,
      [await userIdOf(operator)],
    );
    expect(audit.rows.map((row) => row.action)).toEqual(
      expect.arrayContaining(['operator_card.add', 'operator_card.update', 'operator_card.delete']),
    );
  });

  it('refuses to delete or renumber a card an open order uses (3040)', async () => {
    await other.api.payhub.setWork({ params: { flag: 0 } });
    const order = await player.api.payhub.createOrder({ body: { amount: '100000.00', bankCode: 'BRI' } });
    expect(order.operatorId).toBe(await userIdOf(operator));
    const accountNo = order.payee!.accountNo;
    expect((await failure(operator.api.payhubTools.bankDelete({ query: { accountNo } }))).errCode).toBe(3040);
    expect(
      (
        await failure(
          operator.api.payhubTools.bankUpdate({
            query: { oldAccountNo: accountNo, newAccountNo: '5550007777' },
          }),
        )
      ).errCode,
    ).toBe(3040);
    await operator.api.payhub.payCheck({ body: { id: order.id, action: 'cancel' } });
    await other.api.payhub.setWork({ params: { flag: 1 } });
  });
});

describe('card links', () => {
  it('binds a link with limits, reports amounts and the reminder, replaces on rebind', async () => {
    const now = testApp.clock.now();
    const expiresAt = new Date(now.getTime() + 3 * 86_400_000);
    const cards = await operator.api.payhubTools.bankQuery({ query: { page: 1, count: 500 } });
    const accountNo = cards.items.find((card) => card.bankCode === 'MANDIRI')!.accountNo;
    const body = {
      accountNo,
      url: 'https://pay.example/link/1',
      expiresAt: expiresAt.toISOString(),
      minAmount: '10000.00',
      maxAmount: '200000.00',
      totalLimit: '500000.00',
    };
    const link = await operator.api.payhubTools.cardUrlBind({ body });
    expect(link).toMatchObject({ state: 'active', used: '0.00', remaining: '500000.00', accountNo });
    const amount = await operator.api.payhubTools.cardUrlAmount();
    expect(amount.items.map((item) => item.id)).toEqual([link.id]);
    expect(amount.linkExpirationReminder).toBe(Math.floor(expiresAt.getTime() / 1000) - 86_400);
    const withUrl = await operator.api.payhubTools.bankQuery({ query: { page: 1, count: 500 } });
    expect(withUrl.items.find((card) => card.accountNo === accountNo)?.cardUrl).toBe(body.url);

    for (const bad of [
      { ...body, url: 'http://pay.example/x' },
      { ...body, minAmount: '300000.00' },
      { ...body, maxAmount: '600000.00' },
      { ...body, expiresAt: 'tomorrow' },
      { ...body, expiresAt: new Date(now.getTime() - 1000).toISOString() },
    ]) {
      expect((await failure(operator.api.payhubTools.cardUrlBind({ body: bad }))).errCode).toBe(3);
    }
    const second = await operator.api.payhubTools.cardUrlBind({
      body: { ...body, url: 'https://pay.example/link/2' },
    });
    const list = await operator.api.payhubTools.cardUrlList({ query: { page: 1, count: 500 } });
    expect(list.items.map((item) => [item.id, item.state])).toEqual([
      [second.id, 'active'],
      [link.id, 'replaced'],
    ]);
    expect((await other.api.payhubTools.cardUrlList({ query: { page: 1, count: 500 } })).items).toEqual([]);
    expect(
      (await failure(operator.api.payhubTools.cardUrlList({ query: { page: 1, count: 501 } }))).errCode,
    ).toBe(3);
  });
});

describe('work hours and group', () => {
  it('sets hours in the project time zone and reports whether now is inside them', async () => {
    const initial = await operator.api.payhubTools.workTime();
    expect(initial).toMatchObject({
      timeZone: 'Asia/Jakarta',
      hours: null,
      insideHours: true,
      silenceSeconds: 180,
    });
    const set = await operator.api.payhubTools.setWorkTime({
      body: { start: '22:00', end: '06:00', days: [1, 2, 3, 4, 5, 6, 7] },
    });
    expect(set.hours).toEqual({ start: '22:00', end: '06:00', days: [1, 2, 3, 4, 5, 6, 7] });
    for (const body of [
      { start: '24:00', end: '06:00', days: [1] },
      { start: '08:00', end: '08:00', days: [1] },
      { start: '08:00', end: '09:00', days: [] },
      { start: '08:00', end: '09:00', days: [8] },
    ]) {
      expect((await failure(operator.api.payhubTools.setWorkTime({ body }))).errCode).toBe(3);
    }
    await operator.api.payhubTools.setWorkTime({
      body: { start: '00:00', end: '23:59', days: [1, 2, 3, 4, 5, 6, 7] },
    });
  });

  it('group info for everyone; the group work view only for its leader', async () => {
    const leader = await testApp.signIn('leader');
    const info = await leader.api.payhubTools.groupInfo();
    expect(info.isLeader).toBe(true);
    expect(info.group?.name).toBe('Tim 12');
    const view = await leader.api.payhubTools.groupWorkTime();
    expect(Array.isArray(view.items)).toBe(true);
    expect((await failure(operator.api.payhubTools.groupWorkTime())).errCode).toBe(1031);
    expect((await operator.api.payhubTools.groupInfo()).isLeader).toBe(false);
  });
});

describe('agreements and contacts', () => {
  it('an operator requests terms, the admin approves them into force, versions are kept', async () => {
    const admin = await testApp.signIn('admin');
    const initial = await operator.api.payhubTools.state();
    expect(initial).toMatchObject({ active: null, pending: null });
    const first = await operator.api.payhubTools.request({
      body: { perOrderMax: '1000000.00', dailyMax: '5000000.00', commissionBps: 150, note: 'first' },
    });
    expect(first).toMatchObject({ version: 1, state: 'pending' });
    const second = await operator.api.payhubTools.request({
      body: { perOrderMax: '2000000.00', dailyMax: '9000000.00', commissionBps: 120, note: '' },
    });
    expect(second).toMatchObject({ version: 2, state: 'pending' });
    expect(
      (await operator.api.payhubTools.history()).items.map((item) => [item.version, item.state]),
    ).toEqual([
      [2, 'pending'],
      [1, 'withdrawn'],
    ]);
    for (const body of [
      { perOrderMax: '2000000.00', dailyMax: '1000000.00', commissionBps: 100 },
      { perOrderMax: '-5', dailyMax: '1000000.00', commissionBps: 100 },
      { perOrderMax: '2000000.00', dailyMax: '9000000.00', commissionBps: 5000 },
    ]) {
      expect((await failure(operator.api.payhubTools.request({ body: body as never }))).errCode).toBe(3);
    }
    expect(
      (
        await failure(
          operator.api.payhubTools.adminReviewAgreement({
            params: { id: second.id },
            body: { decision: 'approve' },
          }),
        )
      ).errCode,
    ).toBe(1031);
    expect((await failure(operator.api.payhubTools.adminAgreements())).errCode).toBe(1031);
    expect((await admin.api.payhubTools.adminAgreements()).items.map((item) => item.id)).toContain(second.id);
    const approved = await admin.api.payhubTools.adminReviewAgreement({
      params: { id: second.id },
      body: { decision: 'approve', note: 'ok' },
    });
    expect(approved.state).toBe('active');
    expect(
      (
        await failure(
          admin.api.payhubTools.adminReviewAgreement({
            params: { id: second.id },
            body: { decision: 'reject' },
          }),
        )
      ).errCode,
    ).toBe(3007);
    const state = await operator.api.payhubTools.state();
    expect(state.terms).toEqual({ perOrderMax: '2000000.00', dailyMax: '9000000.00', commissionBps: 120 });
    expect(state.active?.id).toBe(second.id);
    const config = await operator.api.payhub.operatorStatus();
    expect(config.commissionBps).toBe(120);
    expect((await other.api.payhubTools.history()).items).toEqual([]);
    const audit = await testApp.database.pool.query(
      `SELECT count(*)::int AS count FROM audit_log WHERE action = 'agreement.approve' AND object_id = $1`,
      [String(second.id)],
    );
    expect(audit.rows[0].count).toBe(1);
  });

  it('records contacts; another operator’s contact is not found', async () => {
    const contact = await operator.api.payhubTools.addContact({
      body: { channel: 'whatsapp', value: '+62 811 0000 1111', label: 'Kerja' },
    });
    expect((await operator.api.payhubTools.contactList()).items).toEqual([contact]);
    expect(await operator.api.payhubTools.getContact({ query: { id: contact.id } })).toEqual(contact);
    expect((await failure(other.api.payhubTools.getContact({ query: { id: contact.id } }))).errCode).toBe(
      404,
    );
    expect(
      (
        await failure(
          operator.api.payhubTools.addContact({ body: { channel: 'fax', value: '123' } as never }),
        )
      ).errCode,
    ).toBe(3);
    expect(
      (await failure(operator.api.payhubTools.addContact({ body: { channel: 'email', value: '<b>x</b>' } })))
        .errCode,
    ).toBe(3);
    expect(
      (await failure(operator.api.payhubTools.getContact({ query: { id: 'x' as never } }))).errCode,
    ).toBe(3);
    for (let index = 1; index < 10; index += 1) {
      await operator.api.payhubTools.addContact({ body: { channel: 'phone', value: `0812000${index}` } });
    }
    expect(
      (await failure(operator.api.payhubTools.addContact({ body: { channel: 'phone', value: '08129999' } })))
        .errCode,
    ).toBe(3010);
  });
});

describe('shop and vouchers', () => {
  it('buys a voucher with commission and claims it into quota once, through the ledger', async () => {
    const products = await operator.api.payhubTools.shopProducts();
    expect(products.items[0]).toEqual({ id: 'quota-100k', faceValue: '100000.00', price: '99000.00' });
    // No commission yet: refused, nothing moved.
    expect(
      (await failure(operator.api.payhubTools.shopBuy({ body: { productId: 'quota-100k' } }))).errCode,
    ).toBe(3005);
    // Earn commission: confirmed orders at the agreed 1.20%, within the agreed per-order limit.
    await other.api.payhub.setWork({ params: { flag: 0 } });
    for (const amount of ['1800000.00', '1800000.00', '1800000.00', '1800000.00', '1700000.00']) {
      const order = await player.api.payhub.createOrder({ body: { amount, bankCode: 'BCA' } });
      await operator.api.payhub.payCheck({ body: { id: order.id, action: 'confirm' } });
    }
    await other.api.payhub.setWork({ params: { flag: 1 } });
    const before = await quotaOf(operator);
    expect(before.commission).toBe(10_680_000n);

    const voucher = await operator.api.payhubTools.shopBuy({
      body: { productId: 'quota-100k' },
      idempotencyKey: 'buy-1',
    });
    const replay = await operator.api.payhubTools.shopBuy({
      body: { productId: 'quota-100k' },
      idempotencyKey: 'buy-1',
    });
    expect(replay.id).toBe(voucher.id);
    expect(voucher).toMatchObject({ state: 'unclaimed', price: '99000.00', faceValue: '100000.00' });
    expect(
      (await failure(operator.api.payhubTools.shopBuy({ body: { productId: 'quota-9' } }))).errCode,
    ).toBe(404);
    expect((await failure(operator.api.payhubTools.shopBuy({ body: {} as never }))).errCode).toBe(3);
    const middle = await quotaOf(operator);
    expect(before.commission - middle.commission).toBe(9_900_000n);

    expect((await failure(other.api.payhubTools.voucherClaim({ body: { id: voucher.id } }))).errCode).toBe(
      404,
    );
    const claimed = await operator.api.payhubTools.voucherClaim({ body: { id: voucher.id } });
    expect(claimed.state).toBe('claimed');
    await operator.api.payhubTools.voucherClaim({ body: { id: voucher.id } });
    const after = await quotaOf(operator);
    expect(after.quota - middle.quota).toBe(minor('100000.00'));
    const listed = await operator.api.payhubTools.voucherQuery({
      query: { page: 1, count: 500, state: 'claimed' },
    });
    expect(listed.items.map((item) => item.id)).toEqual([voucher.id]);
    expect((await other.api.payhubTools.voucherQuery({ query: { page: 1, count: 500 } })).total).toBe(0);
    expect(
      (await failure(operator.api.payhubTools.voucherQuery({ query: { state: 'lost' } as never }))).errCode,
    ).toBe(3);
    await toolsLedgerClean();
  });

  it('answers 3 to bad input on the remaining endpoints, changing nothing', async () => {
    const admin = await testApp.signIn('admin');
    const bad = [
      () => operator.api.payhubTools.bankQuery({ query: { page: 0, count: 500 } }),
      () => operator.api.payhubTools.bankQuery({ query: { page: 1, count: 'x' as never } }),
      () => operator.api.payhubTools.voucherQuery({ query: { page: 1, count: 501 } }),
      () => operator.api.payhubTools.voucherClaim({ body: { id: -1 } }),
      () => operator.api.payhubTools.shopBuy({ body: { productId: 'x'.repeat(41) } }),
      () => operator.api.commission.orders({ query: { page: 1, count: 1000 } }),
      () =>
        admin.api.payhubTools.adminReviewAgreement({
          params: { id: 'abc' as never },
          body: { decision: 'approve' },
        }),
      () =>
        admin.api.payhubTools.adminReviewAgreement({
          params: { id: 1 },
          body: { decision: 'maybe' as never },
        }),
      () => operator.api.payhubTools.bankUpdate({ query: { oldAccountNo: '5550002222', state: 2 as never } }),
      () => operator.api.payhubTools.setWorkTime({ body: { start: '8:00', end: '17:00', days: [1] } }),
    ];
    for (const call of bad) expect((await failure(call())).errCode).toBe(3);
    expect((await operator.api.payhubTools.voucherQuery({ query: { page: 1, count: 500 } })).total).toBe(1);
    expect((await operator.api.payhubTools.bankQuery({ query: { page: 1, count: 500 } })).total).toBe(5);
  });

  it('refuses operator tools to a player (1031)', async () => {
    expect(
      (await failure(player.api.payhubTools.bankQuery({ query: { page: 1, count: 500 } }))).errCode,
    ).toBe(1031);
    expect((await failure(player.api.payhubTools.shopProducts())).errCode).toBe(1031);
    expect((await failure(player.api.payhubTools.workTime())).errCode).toBe(1031);
  });
});

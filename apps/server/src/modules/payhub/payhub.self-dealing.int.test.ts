// Proves an operator cannot deal with itself: its own account cannot deposit or withdraw as a player
// (3043), assignment never picks an operator linked to the payer (same account, verified identity,
// device, payout account), confirm/take/finish of a linked payer's order is refused (3042) with no
// money moved, and every attempt opens a self_dealing case for the admin.
import { CLIENT_ID_KEY, createPayhubClient, memoryStore, type PayhubClient } from '@payhub/client';
import { PayOrderState, WithdrawOrderState } from '@payhub/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectLedgerClean, failure, quotaOf, userIdOf, walletOf } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
let operator: PayhubClient;
let other: PayhubClient;
let admin: PayhubClient;
let operatorId: number;
let registered = 0;

beforeAll(async () => {
  testApp = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  operator = await testApp.signIn('operator');
  other = await testApp.signIn('operator-2');
  admin = await testApp.signIn('admin');
  operatorId = await userIdOf(operator);
});
afterAll(async () => testApp?.close());

// Only `operator` takes deposits unless a test switches `other` on.
beforeEach(async () => {
  await operator.api.payhub.setWork({ params: { flag: 1 } });
  await other.api.payhub.setWork({ params: { flag: 0 } });
});

/** A new player through the real registration flow, on a device of its own or on `device`'s. */
async function newPlayer(device?: PayhubClient): Promise<PayhubClient> {
  const client = createPayhubClient({
    baseUrl: testApp.baseUrl,
    projectId: 12,
    language: 'id-ID',
    ...(device ? { store: memoryStore({ [CLIENT_ID_KEY]: device.clientId }) } : {}),
  });
  registered += 1;
  const phone = `0812555500${String(registered).padStart(2, '0')}`;
  await client.api.user.sendCode({ query: { phone, purpose: 'register' } });
  const { code } = await client.api.user.devLatestCode({ query: { phone, purpose: 'register' } });
  const session = await client.api.user.register({ body: { phone, password: 'rahasia123', code } });
  client.setToken(session.token);
  return client;
}

async function selfDealingCases(subjectId: number) {
  const cases = await admin.api.payhub.adminCases({ query: { page: 1, count: 500, status: 'open' } });
  return cases.items.filter((item) => item.rule === 'self_dealing' && item.subjectId === String(subjectId));
}

async function count(sql: string, values: unknown[]): Promise<number> {
  const { rows } = await testApp.database.pool.query<{ count: string }>(sql, values);
  return Number(rows[0]?.count ?? 0);
}

/** A wallet funded by a real deposit that the unlinked operator confirms. */
async function fundThroughOther(player: PayhubClient, amount: string) {
  await other.api.payhub.setWork({ params: { flag: 1 } });
  await operator.api.payhub.setWork({ params: { flag: 0 } });
  const order = await player.api.payhub.createOrder({ body: { amount, bankCode: 'BCA' } });
  expect(order.operatorId).toBe(await userIdOf(other));
  await other.api.payhub.payCheck({ body: { id: order.id, action: 'confirm' } });
  await operator.api.payhub.setWork({ params: { flag: 1 } });
  await other.api.payhub.setWork({ params: { flag: 0 } });
}

describe('self-dealing', () => {
  it('an operator’s own account cannot deposit as a player: 3043, no order, no money, a case', async () => {
    const quotaBefore = await quotaOf(operator);
    const refused = await failure(
      operator.api.payhub.createOrder({ body: { amount: '1000000.00', bankCode: 'BCA' } }),
    );
    expect(refused.errCode).toBe(3043);
    expect(await count('SELECT count(*) FROM pay_orders WHERE player_id = $1', [operatorId])).toBe(0);
    expect(await quotaOf(operator)).toEqual(quotaBefore);
    const cases = await selfDealingCases(operatorId);
    expect(cases).toHaveLength(1);
    expect(cases[0]!.details).toMatchObject({ action: 'deposit_as_player', link: 'same_account' });
  });

  it('an operator’s own account cannot withdraw as a player: 3043, nothing held', async () => {
    const account = await operator.api.withdraw.bankAdd({
      body: { bankCode: 'BNI', accountNo: '6612300001', holderName: 'Operator Sendiri' },
    });
    const refused = await failure(
      operator.api.withdraw.create({ body: { amount: '50000.00', bankAccountId: account.id } }),
    );
    expect(refused.errCode).toBe(3043);
    expect(await count('SELECT count(*) FROM withdraw_orders WHERE player_id = $1', [operatorId])).toBe(0);
  });

  it('a payer on the operator’s device is never assigned to it; the attempt opens a case', async () => {
    const second = await newPlayer(operator);
    const secondId = await userIdOf(second);
    const order = await second.api.payhub.createOrder({ body: { amount: '250000.00', bankCode: 'BCA' } });
    // The only operator at work is linked to the payer: nobody can take the order.
    expect(order.state).toBe(PayOrderState.CHOOSE_FAILED);
    expect(order.operatorId).toBeNull();
    const cases = await selfDealingCases(operatorId);
    expect(cases.length).toBeGreaterThanOrEqual(1);
    // One open case per operator: the first attempt's details stay.
    expect(
      await count(`SELECT count(*) FROM payhub_cases WHERE rule = 'self_dealing' AND subject_id = $1`, [
        String(operatorId),
      ]),
    ).toBe(1);
    expect(
      (
        await testApp.database.pool.query(`SELECT payhub_operator_link($1, $2) AS link`, [
          operatorId,
          secondId,
        ])
      ).rows[0].link,
    ).toBe('same_device');
    // An unlinked operator still serves the same payer.
    await other.api.payhub.setWork({ params: { flag: 1 } });
    const served = await second.api.payhub.createOrder({ body: { amount: '250000.00', bankCode: 'BCA' } });
    expect(served.state).toBe(PayOrderState.WAIT);
    expect(served.operatorId).toBe(await userIdOf(other));
  });

  it('confirm is refused (3042) once the payer is linked after assignment; nothing is credited', async () => {
    const player = await newPlayer();
    const order = await player.api.payhub.createOrder({ body: { amount: '300000.00', bankCode: 'BCA' } });
    expect(order.operatorId).toBe(operatorId);
    // The payer now names the operator's own card as its payout account.
    const { rows } = await testApp.database.pool.query<{ bank_code: string; account_no: string }>(
      `SELECT bank_code, account_no FROM payhub_operator_cards WHERE operator_id = $1 AND bank_code = 'BNI'`,
      [operatorId],
    );
    await player.api.withdraw.bankAdd({
      body: { bankCode: 'BNI', accountNo: rows[0]!.account_no, holderName: 'Pemain Baru' },
    });
    const walletBefore = await walletOf(player);
    const quotaBefore = await quotaOf(operator);
    const refused = await failure(
      operator.api.payhub.payCheck({ body: { id: order.id, action: 'confirm' } }),
    );
    expect(refused.errCode).toBe(3042);
    expect(refused.message).not.toMatch(/payout|device|identity/);
    expect(await walletOf(player)).toEqual(walletBefore);
    expect(await quotaOf(operator)).toEqual(quotaBefore);
    expect((await player.api.payhub.orderState({ params: { id: order.id } })).state).toBe(PayOrderState.WAIT);
    // It can still give the order back.
    const canceled = await operator.api.payhub.payCheck({ body: { id: order.id, action: 'cancel' } });
    expect(canceled.state).toBe(PayOrderState.CANCELED);
    await expectLedgerClean(testApp);
  });

  it('a linked payer’s withdrawal cannot be taken (3042); an unlinked operator takes it', async () => {
    const second = await newPlayer(operator);
    await fundThroughOther(second, '500000.00');
    const account = await second.api.withdraw.bankAdd({
      body: { bankCode: 'BRI', accountNo: '7712300002', holderName: 'Teman Operator' },
    });
    const withdrawal = await second.api.withdraw.create({
      body: { amount: '100000.00', bankAccountId: account.id },
    });
    const quotaBefore = await quotaOf(operator);
    const refused = await failure(
      operator.api.withdraw.spammerHandle({ body: { id: withdrawal.id, action: 'take' } }),
    );
    expect(refused.errCode).toBe(3042);
    expect(await quotaOf(operator)).toEqual(quotaBefore);
    const cases = await selfDealingCases(operatorId);
    expect(cases).toHaveLength(1);
    const taken = await other.api.withdraw.spammerHandle({ body: { id: withdrawal.id, action: 'take' } });
    expect(taken.state).toBe(WithdrawOrderState.CONFIRM);
    await expectLedgerClean(testApp);
  });

  it('a withdrawal whose payer became linked after the take cannot be finished (3042)', async () => {
    const player = await newPlayer();
    await fundThroughOther(player, '500000.00');
    const account = await player.api.withdraw.bankAdd({
      body: { bankCode: 'BRI', accountNo: '7712300003', holderName: 'Pemain Lain' },
    });
    const withdrawal = await player.api.withdraw.create({
      body: { amount: '100000.00', bankAccountId: account.id },
    });
    await operator.api.withdraw.spammerHandle({ body: { id: withdrawal.id, action: 'take' } });
    // The payer signs in on the operator's device.
    const sameDevice = createPayhubClient({
      baseUrl: testApp.baseUrl,
      projectId: 12,
      store: memoryStore({ [CLIENT_ID_KEY]: operator.clientId }),
    });
    const { rows } = await testApp.database.pool.query<{ phone: string }>(
      'SELECT phone FROM users WHERE id = $1',
      [await userIdOf(player)],
    );
    await sameDevice.api.user.login({ body: { phone: rows[0]!.phone, password: 'rahasia123' } });
    const walletBefore = await walletOf(player);
    const quotaBefore = await quotaOf(operator);
    const refused = await failure(
      operator.api.withdraw.spammerHandle({
        body: { id: withdrawal.id, action: 'finish', voucherUrl: '/uploads/paid.png' },
      }),
    );
    expect(refused.errCode).toBe(3042);
    expect(await walletOf(player)).toEqual(walletBefore);
    expect(await quotaOf(operator)).toEqual(quotaBefore);
    await expectLedgerClean(testApp);
  });

  it('links by verified identity: a payout account in the operator’s verified name', async () => {
    const player = await newPlayer();
    const playerId = await userIdOf(player);
    const link = async () =>
      (
        await testApp.database.pool.query(`SELECT payhub_operator_link($1, $2) AS link`, [
          operatorId,
          playerId,
        ])
      ).rows[0].link;
    expect(await link()).toBeNull();
    // The seeded operator's verified name, spaced and cased otherwise (the link compares normalised
    // names); inserted directly, as the API takes only the player's own declared name (3041).
    await testApp.database.pool.query(
      `INSERT INTO player_bank_accounts (project_id, user_id, bank_code, account_no, holder_name, created_at, updated_at)
       SELECT 12, $1, 'BCA', '4400110022', '  agus   PRATAMA ', now(), now()`,
      [playerId],
    );
    expect(await link()).toBe('same_identity');
  });
});

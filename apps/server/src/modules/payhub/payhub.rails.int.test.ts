// Proves rails per project (issue 11): project 16 (Mexico) offers only Mexican banks, SPEI and OXXO,
// bank and USDT top-ups to its CLABE, and refuses QRIS, Indodax and Indonesian banks; project 12 only
// Indonesian rails. The rails come from the project config (projects.rails, contracts/rails.ts).
import { isValidClabe, MEXICAN_RAILS, PayOrderState, type ProjectConfig } from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => testApp?.close());

const INDONESIAN_BANKS = ['BCA', 'BNI', 'BRI', 'MANDIRI', 'CIMB', 'PERMATA'];
const MEXICAN_BANKS = ['BBVA', 'BANORTE', 'SANTANDER', 'BANAMEX'];

describe('rails per project', () => {
  it('hands each project its own rails in the project config', async () => {
    const rails = async (projectId: number) =>
      (
        (await testApp.client(projectId).api.site.config({ params: { key: 'project' } }))
          .value as ProjectConfig
      ).rails;
    const mexico = await rails(16);
    expect(mexico.depositPorts).toEqual(['spei', 'oxxo']);
    expect(mexico.topUpMethods).toEqual(['bank', 'usdt']);
    expect(mexico.banks).toEqual(MEXICAN_BANKS);
    expect(mexico.rechargeAccount?.scheme).toBe('clabe');
    expect(isValidClabe(mexico.rechargeAccount!.accountNo)).toBe(true);
    const indonesia = await rails(12);
    expect(indonesia.depositPorts).toEqual(['bank_transfer', 'qris']);
    expect(indonesia.topUpMethods).toContain('indodax');
    expect(indonesia.banks).toEqual(INDONESIAN_BANKS);
  });

  it("project 16's player sees SPEI and OXXO and Mexican banks only; QRIS is refused (3050)", async () => {
    const player = await testApp.signIn('player', 16);
    expect((await player.api.payhub.ports()).items.map((item) => item.port)).toEqual(['spei', 'oxxo']);
    expect((await player.api.payhub.heraclesBanks()).items.map((bank) => bank.code)).toEqual(MEXICAN_BANKS);
    for (const bank of (await player.api.payhub.payBanks()).items) expect(MEXICAN_BANKS).toContain(bank.code);
    expect(
      (
        await failure(
          player.api.payhub.createOrder({ body: { amount: '600.00', bankCode: 'BBVA', port: 'qris' } }),
        )
      ).errCode,
    ).toBe(3050);
    const oxxo = await player.api.payhub.createOrder({
      body: { amount: '600.00', bankCode: 'BBVA', port: 'oxxo', payerName: '  José  Pérez ' },
    });
    expect(oxxo.port).toBe('oxxo');
    // The payer's name is evidence for the operator (issue 11): kept as typed, spaces tidied.
    expect(oxxo.payerName).toBe('José Pérez');
    expect(
      (
        await failure(
          player.api.payhub.createOrder({
            body: { amount: '600.00', bankCode: 'BBVA', port: 'spei', payerName: '<b>x</b>' },
          }),
        )
      ).errCode,
    ).toBe(3);
    expect(oxxo.state).toBe(PayOrderState.WAIT);
    // Without a port the order takes the project's first one.
    const spei = await player.api.payhub.createOrder({ body: { amount: '610.00', bankCode: 'BANORTE' } });
    expect(spei.port).toBe('spei');
    expect(spei.payerName).toBeNull();
  });

  it("project 12's player sees bank transfer and QRIS and Indonesian banks only; SPEI is refused", async () => {
    const player = await testApp.signIn('player', 12);
    expect((await player.api.payhub.ports()).items.map((item) => item.port)).toEqual([
      'bank_transfer',
      'qris',
    ]);
    expect((await player.api.payhub.heraclesBanks()).items.map((bank) => bank.code)).toEqual(
      INDONESIAN_BANKS,
    );
    expect(
      (
        await failure(
          player.api.payhub.createOrder({ body: { amount: '150000.00', bankCode: 'BCA', port: 'spei' } }),
        )
      ).errCode,
    ).toBe(3050);
  });

  it("project 16's operator: Mexican card banks, the CLABE recharge account, no Indodax (3051)", async () => {
    const operator = await testApp.signIn('operator', 16);
    expect((await operator.api.payhubTools.bankSupport()).items.map((bank) => bank.code)).toEqual(
      MEXICAN_BANKS,
    );
    expect(await operator.api.quota.rechargeBank()).toEqual(MEXICAN_RAILS.rechargeAccount);
    expect((await failure(operator.api.quota.indodaxAmount())).errCode).toBe(3051);
    // The top-up range and rate are the project's own currency's (not the IDR rate).
    expect(await operator.api.quota.topupRange()).toEqual({
      minAmount: '500.00',
      maxAmount: '1000000.00',
      localPerUsdt: '18.18',
    });
    expect((await failure(operator.api.quota.indodaxUrl({ body: { amount: '1000.00' } }))).errCode).toBe(
      3051,
    );
    const topup = await operator.api.quota.pay({ body: { amount: '1000.00', method: 'bank' } });
    expect(topup.payTo).toContain(MEXICAN_RAILS.rechargeAccount!.accountNo);
    expect(topup.payTo).not.toContain('BCA');
  });

  it("project 12's operator: Indonesian card banks, the BCA recharge account, Indodax offered", async () => {
    const operator = await testApp.signIn('operator', 12);
    expect((await operator.api.payhubTools.bankSupport()).items.map((bank) => bank.code)).toEqual(
      INDONESIAN_BANKS,
    );
    const account = await operator.api.quota.rechargeBank();
    expect(account).toMatchObject({ bankCode: 'BCA', scheme: 'account' });
    expect((await operator.api.quota.indodaxAmount()).idrPerUsdt).toMatch(/^\d+\.\d{2}$/);
    expect((await operator.api.quota.topupRange()).localPerUsdt).toBe('16270.00');
  });
});

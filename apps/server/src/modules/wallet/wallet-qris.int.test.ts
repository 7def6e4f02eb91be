// Proves a QRIS deposit's QR: the order names the assigned card's QRIS merchant id (NMID, seeded for
// the demo operators), and the payload built from it is an EMVCo merchant-presented QRIS with the
// order's exact amount, the NMID (not the account number) and a valid CRC.
import { crcValid, parseTlv, QRIS_NMID, qrisPayload } from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => testApp?.close());

describe('QRIS deposit', () => {
  it('builds the QR from the operator card NMID with the amount and a valid CRC', async () => {
    const player = await testApp.signIn('player');
    const order = await player.api.payhub.createOrder({
      body: { amount: '150000.50', bankCode: 'BCA', port: 'qris' },
    });
    expect(order.port).toBe('qris');
    const payee = order.payee!;
    expect(payee.qrisNmid).toMatch(QRIS_NMID);
    const payload = qrisPayload({
      bankCode: payee.bankCode,
      holderName: payee.holderName,
      nmid: payee.qrisNmid!,
      city: 'Jakarta',
      amountMinor: 15_000_050n,
      reference: order.orderNo,
    });
    expect(crcValid(payload)).toBe(true);
    const fields = parseTlv(payload);
    expect(fields.get('54')).toBe('150000.50');
    expect(parseTlv(fields.get('51')!).get('02')).toBe(payee.qrisNmid);
    expect(parseTlv(fields.get('26')!).get('02')).toBe(payee.qrisNmid);
    expect(payload).not.toContain(payee.accountNo);
    expect(parseTlv(fields.get('62')!).get('01')).toBe(order.orderNo);
  });
});

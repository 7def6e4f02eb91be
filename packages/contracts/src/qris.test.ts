// Proves the QRIS payload: the CRC-16/CCITT-FALSE matches the standard check value and a published
// EMVCo-family payload (Brazil's Pix example), and a deposit's payload carries its amount, card and
// reference in well-formed TLV with a valid CRC.
import { describe, expect, it } from 'vitest';
import { crc16CcittFalse, crcValid, parseTlv, qrisPayload } from './qris.ts';

describe('QRIS payload', () => {
  it('computes CRC-16/CCITT-FALSE', () => {
    // The catalogue check value of CRC-16/CCITT-FALSE ("123456789" → 0x29B1).
    expect(crc16CcittFalse('123456789')).toBe(0x29b1);
    // Banco Central do Brasil's Pix example, an EMVCo MPM payload with the same CRC field.
    const pix =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
    expect(crcValid(pix)).toBe(true);
    expect(crcValid(pix.replace('BRASILIA', 'BRASILIO'))).toBe(false);
  });

  it('builds a dynamic payload with the amount, the card and the order number', () => {
    const payload = qrisPayload({
      bankCode: 'BCA',
      nmid: 'ID1020021234567',
      holderName: 'Demo Operator Ñusantara 12',
      city: 'Jakarta',
      amountMinor: 15_000_050n,
      reference: 'P20261124000001',
    });
    expect(crcValid(payload)).toBe(true);
    const fields = parseTlv(payload);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('01')).toBe('12');
    expect(fields.get('53')).toBe('360');
    expect(fields.get('54')).toBe('150000.50');
    expect(fields.get('58')).toBe('ID');
    expect(fields.get('59')).toBe('Demo Operator Nusantara 1'); // folded to ASCII, 25 characters
    expect(parseTlv(fields.get('26')!).get('00')).toBe('ID.CO.BCA.WWW');
    // The merchant is named by its NMID in the bank's and the QRIS national templates, no account number.
    expect(parseTlv(fields.get('26')!).get('02')).toBe('ID1020021234567');
    expect(parseTlv(fields.get('26')!).has('01')).toBe(false);
    expect(parseTlv(fields.get('51')!).get('00')).toBe('ID.CO.QRIS.WWW');
    expect(parseTlv(fields.get('51')!).get('02')).toBe('ID1020021234567');
    expect(parseTlv(fields.get('51')!).get('03')).toBe('UMI');
    expect(fields.get('52')).toBe('4829');
    // A changed amount changes the CRC: the payload is one whole.
    expect(crcValid(payload.replace('150000.50', '150000.51'))).toBe(false);
    expect(parseTlv(fields.get('62')!).get('01')).toBe('P20261124000001');
    expect([...fields.keys()].at(-1)).toBe('63');
    expect(
      qrisPayload({
        bankCode: 'BCA',
        nmid: 'ID1234567890123',
        holderName: 'A',
        city: 'B',
        amountMinor: 10_000_00n,
        reference: 'R',
      }),
    ).toContain('540510000');
    expect(() =>
      qrisPayload({
        bankCode: 'BCA',
        nmid: '7712001000123',
        holderName: 'A',
        city: 'B',
        amountMinor: 1n,
        reference: 'R',
      }),
    ).toThrow(RangeError);
  });
});

/**
 * QRIS (Indonesia's EMVCo merchant-presented QR) payloads for a deposit order: the operator's QRIS
 * merchant id (NMID, never an account number) as the merchant, the order's exact amount, the order
 * number as the reference, and the CRC-16 the
 * standard asks for. Pure string building (no zod: the player bundle imports it).
 *
 * Layout (EMVCo MPM v1.1, QRIS profile), each field TLV = 2-digit tag, 2-digit length, value:
 *   00 "01" payload format · 01 "12" dynamic (one amount, one use)
 *   26 merchant account of the card's bank: 00 GUI ID.CO.<BANK>.WWW, 02 the merchant id (NMID), 03 "UMI"
 *   51 QRIS domestic: 00 ID.CO.QRIS.WWW, 02 the NMID, 03 "UMI"
 *   52 MCC 4829 (money transfer) · 53 "360" (IDR) · 54 amount · 58 "ID" · 59 holder name · 60 city
 *   62 additional data: 01 bill number = order number · 63 CRC-16/CCITT-FALSE over everything before
 *   its value, "6304" included, 4 upper-case hex digits.
 */

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) of UTF-8 bytes. */
export function crc16CcittFalse(text: string): number {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** One TLV field; the length counts characters as the standard does (ASCII-only values here). */
export function tlv(tag: string, value: string): string {
  if (!/^\d{2}$/.test(tag)) throw new RangeError(`tag ${tag}`);
  if (value.length === 0 || value.length > 99) throw new RangeError(`field ${tag} must be 1-99 characters`);
  return `${tag}${String(value.length).padStart(2, '0')}${value}`;
}

/** Appends the CRC field to a payload without one. */
export function withCrc(payload: string): string {
  const body = `${payload}6304`;
  return `${body}${crc16CcittFalse(body).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Whether a payload's last field is a CRC that matches the rest. */
export function crcValid(payload: string): boolean {
  const match = /^(.*6304)([0-9A-F]{4})$/s.exec(payload);
  return match !== null && crc16CcittFalse(match[1]!) === Number.parseInt(match[2]!, 16);
}

/** Printable ASCII only, at most `max` characters (names with accents are folded, the rest dropped). */
function ascii(text: string, max: number): string {
  const folded = text
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return folded.slice(0, max) || 'PAYHUB';
}

/** A QRIS national merchant id (NMID): "ID" and 13 digits. */
export const QRIS_NMID = /^ID\d{13}$/;

export interface QrisDeposit {
  /** The card's bank code (BCA, BNI, ...). */
  bankCode: string;
  /** The operator's QRIS merchant id (NMID: "ID" + 13 digits) of the card. */
  nmid: string;
  /** The card holder, the operator's verified name (tag 59, at most 25 characters). */
  holderName: string;
  /** Tag 60, at most 15 characters. */
  city: string;
  /** The exact amount in IDR minor units (sen). */
  amountMinor: bigint;
  /** The order number (tag 62/01, at most 25 characters). */
  reference: string;
}

/** The amount as tag 54 writes it: rupiah, and ".dd" only when there are sen. */
function amountText(minor: bigint): string {
  if (minor <= 0n) throw new RangeError('amount must be positive');
  const whole = minor / 100n;
  const sen = minor % 100n;
  return sen === 0n ? whole.toString() : `${whole}.${sen.toString().padStart(2, '0')}`;
}

/** The QRIS payload of one deposit order. */
export function qrisPayload(deposit: QrisDeposit): string {
  const bank = ascii(deposit.bankCode, 20)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
  const nmid = deposit.nmid.trim().toUpperCase();
  if (!QRIS_NMID.test(nmid)) throw new RangeError('the NMID must be "ID" and 13 digits');
  const payload =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('26', tlv('00', `ID.CO.${bank}.WWW`) + tlv('02', nmid) + tlv('03', 'UMI')) +
    tlv('51', tlv('00', 'ID.CO.QRIS.WWW') + tlv('02', nmid) + tlv('03', 'UMI')) +
    tlv('52', '4829') +
    tlv('53', '360') +
    tlv('54', amountText(deposit.amountMinor)) +
    tlv('58', 'ID') +
    tlv('59', ascii(deposit.holderName, 25)) +
    tlv('60', ascii(deposit.city, 15)) +
    tlv('62', tlv('01', ascii(deposit.reference, 25)));
  return withCrc(payload);
}

/** Reads a payload's top-level fields (tests and the app's sanity check). */
export function parseTlv(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let index = 0;
  while (index < payload.length) {
    const tag = payload.slice(index, index + 2);
    const length = Number(payload.slice(index + 2, index + 4));
    if (!/^\d{2}$/.test(tag) || Number.isNaN(length)) throw new RangeError(`bad TLV at ${index}`);
    fields.set(tag, payload.slice(index + 4, index + 4 + length));
    index += 4 + length;
  }
  return fields;
}

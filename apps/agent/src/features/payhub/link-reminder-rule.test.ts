// Proves when the card-link reminder shows: from taskFlag.linkExpirationReminder on, for the live
// link that expires first, and never for expired or replaced links.
import type { CardLink } from '@payhub/contracts';
import { describe, expect, it } from 'vitest';
import { dueReminder } from './link-reminder-rule.ts';

const link = (id: number, expiresAt: string, state: CardLink['state'] = 'active'): CardLink => ({
  id,
  accountNo: `55500000${id}`,
  bankCode: 'BCA',
  url: 'https://pay.example/x',
  minAmount: '1.00',
  maxAmount: '2.00',
  totalLimit: '3.00',
  used: '0.00',
  remaining: '3.00',
  expiresAt,
  state,
  createdAt: '2026-11-20T00:00:00.000Z',
});
const at = (iso: string) => Date.parse(iso);

describe('dueReminder', () => {
  const links = [link(1, '2026-11-25T12:00:00.000Z'), link(2, '2026-11-24T12:00:00.000Z')];
  const reminderAt = at('2026-11-23T12:00:00.000Z') / 1000;

  it('shows nothing before the reminder time', () => {
    expect(dueReminder(links, reminderAt, at('2026-11-23T11:59:59.000Z'))).toBeNull();
  });
  it('names the live link that expires first once the reminder time has come', () => {
    expect(dueReminder(links, reminderAt, at('2026-11-23T12:00:00.000Z'))?.id).toBe(2);
  });
  it('skips links already expired or replaced', () => {
    expect(dueReminder(links, reminderAt, at('2026-11-24T13:00:00.000Z'))?.id).toBe(1);
    expect(
      dueReminder(
        [link(3, '2026-11-24T12:00:00.000Z', 'replaced')],
        reminderAt,
        at('2026-11-24T00:00:00.000Z'),
      ),
    ).toBeNull();
  });
  it('shows nothing without a reminder time', () => {
    expect(dueReminder(links, null, at('2026-11-24T00:00:00.000Z'))).toBeNull();
  });
});

import type { CardLink } from '@payhub/contracts';

/** The live link due for a reminder now (taskFlag.linkExpirationReminder has passed), if any. */
export function dueReminder(
  links: readonly CardLink[] | undefined,
  reminderAt: number | null | undefined,
  nowMs: number,
): CardLink | null {
  if (!links || reminderAt === null || reminderAt === undefined || nowMs < reminderAt * 1000) return null;
  return (
    links
      .filter((link) => link.state === 'active' && Date.parse(link.expiresAt) > nowMs)
      .sort((a, b) => Date.parse(a.expiresAt) - Date.parse(b.expiresAt))[0] ?? null
  );
}

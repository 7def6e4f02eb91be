import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ErrorCode } from './errors.ts';
import { MoneyInput, MoneyWire } from './money.ts';

/**
 * Responsible play (issue 14, DESIGN.md §8): the player's own limits, reality checks, cool-off,
 * self-exclusion and activity statement. Money limits are in the project currency.
 */
export const RESPONSIBLE_MONEY_LIMITS = [
  'deposit_day',
  'deposit_week',
  'deposit_month',
  'loss_day',
  'loss_week',
  'loss_month',
  'wager_day',
  'wager_week',
  'wager_month',
] as const;
export const ResponsibleMoneyLimit = z.enum(RESPONSIBLE_MONEY_LIMITS);

/** The bounds a player may choose, declared once (the endpoints below and the server's rules use them). */
export const RESPONSIBLE_BOUNDS = {
  /** A session time limit, minutes. */
  sessionMinutes: { min: 15, max: 24 * 60 },
  /** The reality-check interval, minutes. */
  realityCheckMinutes: { min: 5, max: 240 },
  /** A cool-off, hours: 24 hours to 6 weeks. */
  coolOffHours: { min: 24, max: 6 * 7 * 24 },
  /** A self-exclusion, months: 6 months to 5 years (or permanent). */
  selfExclusionMonths: { min: 6, max: 60 },
  /** How many months the activity statement reaches back. */
  statementMonths: { min: 1, max: 24 },
} as const;
export type ResponsibleMoneyLimit = z.infer<typeof ResponsibleMoneyLimit>;

/** A signed project-currency amount on the wire (a net result may be negative). */
const SignedMoneyWire = z.string().regex(/^-?\d+\.\d{2}$/);

const PendingChange = z.object({
  /** The value that applies at `effectiveAt`; null: the limit is removed then. */
  value: z.string().nullable(),
  /** Unix seconds. */
  effectiveAt: z.number().int(),
});

export const ResponsibleLimit = z.object({
  kind: z.union([ResponsibleMoneyLimit, z.literal('session_minutes')]),
  /** In force now: an amount (money limits) or minutes (session_minutes); null: none. */
  value: z.string().nullable(),
  pending: PendingChange.nullable(),
  /** Used so far in the current period (money limits; null for session_minutes). */
  used: z.string().nullable(),
});
export type ResponsibleLimit = z.infer<typeof ResponsibleLimit>;

export const ResponsibleExclusion = z.object({
  kind: z.enum(['cool_off', 'self_exclusion']),
  /** Unix seconds; null: permanent. */
  until: z.number().int().nullable(),
  /** Unix seconds. */
  since: z.number().int(),
});

export const ResponsibleSettings = z.object({
  currency: z.string(),
  limits: z.array(ResponsibleLimit),
  /** In force now, or null. */
  exclusion: ResponsibleExclusion.nullable(),
  realityCheckMinutes: z.number().int().nullable(),
});
export type ResponsibleSettings = z.infer<typeof ResponsibleSettings>;

export const RealityCheck = z.object({
  intervalMinutes: z.number().int().nullable(),
  /** Unix seconds; null when no session is running. */
  sessionStartedAt: z.number().int().nullable(),
  playedSeconds: z.number().int(),
  /** Payouts minus settled stakes since the session began. */
  netResult: SignedMoneyWire,
  stakes: z.number().int(),
});
export type RealityCheck = z.infer<typeof RealityCheck>;

export const StatementMonth = z.object({
  /** YYYY-MM in the project's time zone. */
  month: z.string(),
  deposits: MoneyWire,
  withdrawals: MoneyWire,
  netResult: SignedMoneyWire,
});
export type StatementMonth = z.infer<typeof StatementMonth>;

const intIn = (min: number, max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d{1,6}$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(max));

const within = (bounds: { min: number; max: number }) => intIn(bounds.min, bounds.max);

export const responsible = {
  settings: endpoint({
    method: 'GET',
    path: '/main/responsible/settings',
    access: 'secure',
    summary:
      'The caller’s limits (with pending increases and use this period), exclusion and reality-check interval',
    response: ResponsibleSettings,
  }),
  setLimit: endpoint({
    method: 'POST',
    path: '/main/responsible/limit',
    access: 'secure',
    summary:
      'Set, lower, raise or remove a deposit, loss or wager limit: lower at once, raise or remove after 24 h',
    body: z.object({ kind: ResponsibleMoneyLimit, amount: MoneyInput.nullable() }).strict(),
    response: ResponsibleSettings,
  }),
  setSessionLimit: endpoint({
    method: 'POST',
    path: '/main/responsible/sessionLimit',
    access: 'secure',
    summary:
      'Set, lower, raise or remove the session time limit (minutes, 15-1440): lower at once, raise after 24 h',
    body: z.object({ minutes: within(RESPONSIBLE_BOUNDS.sessionMinutes).nullable() }).strict(),
    response: ResponsibleSettings,
  }),
  setRealityCheck: endpoint({
    method: 'POST',
    path: '/main/responsible/realityCheck',
    access: 'secure',
    summary: 'Choose the reality-check interval (minutes, 5-240) or turn it off (null)',
    body: z.object({ minutes: within(RESPONSIBLE_BOUNDS.realityCheckMinutes).nullable() }).strict(),
    response: ResponsibleSettings,
  }),
  realityCheck: endpoint({
    method: 'GET',
    path: '/main/responsible/realityCheck',
    access: 'secure',
    summary: 'Time played and net result since the current play session began',
    response: RealityCheck,
  }),
  coolOff: endpoint({
    method: 'POST',
    path: '/main/responsible/coolOff',
    access: 'secure',
    summary:
      'Take a break of 24 hours to 6 weeks: no deposits, bets or bonus mail until it ends; cannot be shortened',
    body: z.object({ hours: within(RESPONSIBLE_BOUNDS.coolOffHours) }).strict(),
    response: ResponsibleSettings,
    errors: [ErrorCode.ExclusionCannotShorten],
  }),
  selfExclude: endpoint({
    method: 'POST',
    path: '/main/responsible/selfExclude',
    access: 'secure',
    summary: 'Exclude oneself for 6 months to 5 years or permanently; cannot be shortened or lifted',
    body: z
      .union([
        z.object({ months: within(RESPONSIBLE_BOUNDS.selfExclusionMonths) }).strict(),
        z.object({ permanent: z.literal(true) }).strict(),
      ])
      .describe('months (6-60) or permanent: true'),
    response: ResponsibleSettings,
    errors: [ErrorCode.ExclusionCannotShorten],
  }),
  statement: endpoint({
    method: 'GET',
    path: '/main/responsible/statement',
    access: 'secure',
    summary:
      'Credited deposits, withdrawals (what left the wallet, fees included) and net result per month, newest first, and as CSV',
    query: z.object({ months: within(RESPONSIBLE_BOUNDS.statementMonths).default(12) }),
    response: z.object({ currency: z.string(), items: z.array(StatementMonth), csv: z.string() }),
  }),
} as const;

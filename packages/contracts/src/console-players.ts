import { z } from 'zod';
import { IdentityReviewStatus } from './email.ts';
import { endpoint } from './endpoint.ts';
import { ErrorCode } from './errors.ts';
import { ResponsibleSettings } from './responsible.ts';
import { Id } from './validation.ts';

/**
 * The console's player page beyond profile and money (issue 19): the player's signed-in sessions
 * (support may sign one out), their responsible-play limits and exclusion (read only: no endpoint
 * shortens or lifts a self-exclusion), and their identity tier with every tier-2 submission and its
 * review. Spread into `contracts.console`; permissions in CONSOLE_PLAYERS_PERMISSIONS.
 */
export const ConsolePlayerSession = z.object({
  id: z.number().int(),
  /** Browser and system from the user agent, e.g. "Chrome · Android"; null for old sessions. */
  device: z.string().nullable(),
  /** The address it signed in from, when stored. */
  ip: z.string().nullable(),
  /** Unix seconds. */
  createdAt: z.number().int(),
  lastSeenAt: z.number().int(),
});
export type ConsolePlayerSession = z.infer<typeof ConsolePlayerSession>;

/** One tier-2 submission of the player with its review: who decided, when, and why (a rejection). */
export const ConsolePlayerDocument = z.object({
  id: z.number().int(),
  status: IdentityReviewStatus,
  reason: z.string().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.number().int().nullable(),
  /** The reviewer's nickname, when decided. */
  decidedByName: z.string().nullable(),
});
export type ConsolePlayerDocument = z.infer<typeof ConsolePlayerDocument>;

export const ConsolePlayerIdentity = z.object({
  /** 0 verified phone, 1 declared name and birth date, 2 documents approved. */
  tier: z.number().int(),
  /** The tier-1 declaration (the name bank accounts and documents must show). */
  fullName: z.string().nullable(),
  birthDate: z.string().nullable(),
  minimumAge: z.number().int(),
  underAge: z.boolean(),
  /** Every submission, newest first. */
  documents: z.array(ConsolePlayerDocument),
});
export type ConsolePlayerIdentity = z.infer<typeof ConsolePlayerIdentity>;

const PlayerParams = z.object({ userId: Id }).strict();

export const consolePlayersApi = {
  playerSessions: endpoint({
    method: 'GET',
    path: '/main/console/players/:userId/sessions',
    access: 'secure',
    summary: "Console: the player's live sessions (device, address, signed in, last seen), last seen first",
    params: PlayerParams,
    response: z.object({ items: z.array(ConsolePlayerSession) }),
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound],
  }),
  revokePlayerSession: endpoint({
    method: 'POST',
    path: '/main/console/players/:userId/sessions/:id/revoke',
    access: 'secure',
    summary:
      "Console: sign out one of the player's sessions (every node drops it at once; an audit line names the staff member)",
    params: z.object({ userId: Id, id: Id }).strict(),
    body: z.object({}).strict(),
    response: z.object({ ok: z.literal(true) }),
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound],
  }),
  playerLimits: endpoint({
    method: 'GET',
    path: '/main/console/players/:userId/limits',
    access: 'secure',
    summary:
      "Console: the player's deposit, loss, wager and session limits (with pending changes and when they apply), cool-off or self-exclusion and its end — read only",
    params: PlayerParams,
    response: ResponsibleSettings,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound],
  }),
  playerIdentity: endpoint({
    method: 'GET',
    path: '/main/console/players/:userId/identity',
    access: 'secure',
    summary:
      "Console: the player's identity tier, declared name and birth date, and every tier-2 submission with its review",
    params: PlayerParams,
    response: ConsolePlayerIdentity,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound],
  }),
};

/**
 * Sessions and identity are personal data: the roles that serve the player (support, payments —
 * bank holder names — compliance, admin); limits are read by every role that sees the player.
 * Signing a session out is support's and compliance's (a stolen phone, an account takeover).
 */
export const CONSOLE_PLAYERS_PERMISSIONS = {
  playerSessions: ['support', 'payments', 'compliance', 'admin'],
  revokePlayerSession: ['support', 'compliance', 'admin'],
  playerLimits: ['support', 'payments', 'compliance', 'finance', 'admin'],
  playerIdentity: ['support', 'payments', 'compliance', 'admin'],
} as const;

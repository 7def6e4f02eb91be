import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ErrorCode } from './errors.ts';
import { Id } from './validation.ts';

export const AccountSession = z.object({
  id: z.number().int(),
  /** Browser and system from the user agent, e.g. "Chrome · Android". */
  device: z.string().nullable(),
  /** The address it signed in from. */
  ip: z.string().nullable(),
  /** Unix seconds. */
  createdAt: z.number().int(),
  lastSeenAt: z.number().int(),
  /** The session of this call. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;

/** The player's own signed-in sessions (issue 14). */
export const sessions = {
  list: endpoint({
    method: 'GET',
    path: '/main/user/sessions',
    access: 'secure',
    summary: 'The caller’s active sessions: device, address, last seen; the current one marked',
    response: z.object({ items: z.array(AccountSession) }),
  }),
  revoke: endpoint({
    method: 'POST',
    path: '/main/user/sessions/:id/revoke',
    access: 'secure',
    summary: 'Sign out one of the caller’s own sessions',
    params: z.object({ id: Id }),
    response: z.object({ ok: z.literal(true) }),
    errors: [ErrorCode.NotFound],
  }),
  revokeOthers: endpoint({
    method: 'POST',
    path: '/main/user/sessions/revokeOthers',
    access: 'secure',
    summary: 'Sign out every other session of the caller',
    response: z.object({ ok: z.literal(true) }),
  }),
} as const;

import { z } from 'zod';

export * from './realtime-routes.ts';

/** SETUP data (spec §3 "Socket setup data"). */
export const RealtimeSetupData = z.object({
  token: z.string().max(200).nullable().optional(),
  clientId: z.string().max(64).nullable().optional(),
  clientType: z.literal('browser'),
  ignoreAuthFailed: z.boolean().optional().default(false),
});
export type RealtimeSetupData = z.input<typeof RealtimeSetupData>;

export const RealtimeAuthBody = z.object({ token: z.string().max(200) });
export const RealtimeAuthResult = z.object({ userId: z.number().int(), projectId: z.number().int() });
export type RealtimeAuthResult = z.infer<typeof RealtimeAuthResult>;

/** A per-user push (spec §3 "Socket notification"): `content` is a JSON string. */
export const NotifyMessage = z.object({
  type: z.literal('Notify'),
  data: z.object({ route: z.string().min(1).max(200), content: z.string() }),
});
export type NotifyMessage = z.infer<typeof NotifyMessage>;

/**
 * Socket-layer failures travel as the message of an RSocket ERROR frame holding the JSON
 * `{ errCode, errMsg }`; anything else is unparseable and reads as code -1 on the client.
 */
export const SocketErrorBody = z.object({ errCode: z.number().int(), errMsg: z.string() });
export type SocketErrorBody = z.infer<typeof SocketErrorBody>;

import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { LeaderLevel, SPA_PAY_VALUES, SPA_TYPES, TIERS } from './enums.ts';

/** spaInfo (spec §3): role (leader = 1), spaType, spaPay. */
export const SpaInfo = z.object({
  role: z.union([
    z.literal(LeaderLevel.Normal),
    z.literal(LeaderLevel.Member),
    z.literal(LeaderLevel.Leader),
  ]),
  spaType: z.enum(SPA_TYPES as [string, ...string[]]).nullable(),
  spaPay: z.enum(SPA_PAY_VALUES),
  tier: z.enum(TIERS),
});
export type SpaInfo = z.infer<typeof SpaInfo>;

export const promo = {
  spaInfo: endpoint({
    method: 'GET',
    path: '/main/promo/spaInfo',
    access: 'secure',
    summary: 'The caller’s promo identity: leader role, spaType, spaPay and tier',
    response: SpaInfo,
  }),
  spaLogin: endpoint({
    method: 'POST',
    path: '/main/promo/spaLogin',
    access: 'secure',
    summary: 'Register the app session with the promo service (device, version, fingerprint)',
    body: z
      .object({
        device: z.string().min(1).max(200),
        version: z.string().min(1).max(40),
        fingerprint: z.string().min(1).max(128),
        clientVersion: z.string().min(1).max(40),
      })
      .strict(),
    response: z.object({ ok: z.literal(true) }),
  }),
};

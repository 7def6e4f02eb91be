import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ErrorCode } from './errors.ts';
import { AssetSchema } from './money.ts';

/**
 * Third-party games (slots, live casino) through game providers (issue 18; docs/providers.md): the
 * lobby lists each enabled provider's games, a launch opens a game session (a token the provider
 * sends back on every seamless-wallet call) for the caller and one asset. The wallet calls
 * themselves are the provider's API (`/provider/<id>/...`, RS_* statuses), not these endpoints.
 */
export const ProviderGameWire = z.object({
  providerId: z.string(),
  providerName: z.string(),
  code: z.string(),
  name: z.string(),
  category: z.enum(['slots', 'live']),
  thumbnail: z.string(),
  demo: z.boolean(),
  /** The caller marked it a favourite (kept with the account, on every device). */
  favourite: z.boolean(),
});
export type ProviderGameWire = z.infer<typeof ProviderGameWire>;

/** A player's favourites at the most: a list, not a second catalogue. */
export const PROVIDER_FAVOURITES_MAX = 100;

const ProviderId = z.string().regex(/^[a-z0-9-]{1,40}$/, 'unknown provider');
const GameCode = z.string().regex(/^[A-Za-z0-9_.-]{1,80}$/, 'unknown game');

/** One provider's day: counts and sums in the asset's minor units (decimal strings). */
export const ProviderDayRow = z.object({
  asset: AssetSchema,
  bets: z.number().int(),
  betAmount: z.string(),
  wins: z.number().int(),
  winAmount: z.string(),
  rollbacks: z.number().int(),
  rolledBackAmount: z.string(),
  /** Gross gaming revenue: bets − rolled back − wins. */
  ggr: z.string(),
});

export const providers = {
  games: endpoint({
    method: 'GET',
    path: '/main/providers/games',
    access: 'secure',
    summary: "The games of the project's enabled providers",
    response: z.object({ items: z.array(ProviderGameWire) }),
  }),
  launch: endpoint({
    method: 'POST',
    path: '/main/providers/launch',
    access: 'secure',
    summary:
      'Opens a game session for the caller in one asset and answers the URL to frame (demo: no session, no money)',
    body: z
      .object({
        providerId: ProviderId,
        gameCode: GameCode,
        asset: AssetSchema,
        demo: z.boolean().default(false),
      })
      .strict(),
    response: z.object({ url: z.string(), asset: AssetSchema, demo: z.boolean() }),
    errors: [ErrorCode.GameProviderUnknown, ErrorCode.GameProviderOff, ErrorCode.GameAssetUnavailable],
  }),
  setFavourite: endpoint({
    method: 'PUT',
    path: '/main/providers/favourites',
    access: 'secure',
    summary: `Marks a game of the lobby a favourite of the caller, or unmarks it (at most ${PROVIDER_FAVOURITES_MAX} favourites)`,
    body: z.object({ providerId: ProviderId, gameCode: GameCode, favourite: z.boolean() }).strict(),
    response: z.object({ providerId: z.string(), gameCode: z.string(), favourite: z.boolean() }),
    errors: [ErrorCode.GameProviderUnknown, ErrorCode.BadParameter],
  }),
  setEnabled: endpoint({
    method: 'PUT',
    path: '/main/providers/settings',
    access: 'secure',
    summary: 'Switches a provider on or off for the project (admin)',
    body: z.object({ providerId: ProviderId, enabled: z.boolean() }).strict(),
    response: z.object({ providerId: z.string(), enabled: z.boolean() }),
    errors: [ErrorCode.NoPermission, ErrorCode.GameProviderUnknown],
  }),
  report: endpoint({
    method: 'GET',
    path: '/main/providers/report',
    access: 'secure',
    summary: "A provider's day for the project (admin): bets, wins, rollbacks and GGR per asset (UTC day)",
    query: z
      .object({ providerId: ProviderId, day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD') })
      .strict(),
    response: z.object({ providerId: z.string(), day: z.string(), items: z.array(ProviderDayRow) }),
    errors: [ErrorCode.NoPermission, ErrorCode.GameProviderUnknown],
  }),
  reconcile: endpoint({
    method: 'GET',
    path: '/main/providers/reconcile',
    access: 'secure',
    summary:
      "A provider's day (admin) compared with the provider's own record: our totals and every transaction that differs",
    query: z
      .object({ providerId: ProviderId, day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD') })
      .strict(),
    response: z.object({
      providerId: z.string(),
      day: z.string(),
      items: z.array(ProviderDayRow),
      differences: z.array(
        z.object({
          transactionUuid: z.string(),
          kind: z.string(),
          /** The asset of the amounts (ours, else the provider's currency). */
          asset: z.string(),
          problem: z.enum(['missing_at_provider', 'missing_here', 'amount']),
          ours: z.string().nullable(),
          theirs: z.string().nullable(),
        }),
      ),
    }),
    errors: [ErrorCode.NoPermission, ErrorCode.GameProviderUnknown],
  }),
};

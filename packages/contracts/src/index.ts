import { sessions } from './account-sessions.ts';
import { bonus } from './bonus.ts';
import { chain } from './chain.ts';
import { commission } from './commission.ts';
import { consoleApi } from './console.ts';
import { guide } from './console-ops.ts';
import { datacenter } from './datacenter.ts';
import { email, identity } from './email.ts';
import type { Endpoint } from './endpoint.ts';
import { exchange } from './exchange.ts';
import { games } from './games.ts';
import { inbox } from './inbox.ts';
import { notices } from './notices.ts';
import { payhub } from './payhub.ts';
import { payhubTools } from './payhub-tools.ts';
import { promo } from './promo.ts';
import { providers } from './providers.ts';
import { quota } from './quota.ts';
import { responsible } from './responsible.ts';
import { rewards } from './rewards.ts';
import { rounds } from './rounds.ts';
import { shell } from './shell.ts';
import { site } from './site.ts';
import { twoFactor } from './two-factor.ts';
import { user } from './user.ts';
import { wallet } from './wallet.ts';
import { withdraw } from './withdraw.ts';

export * from './account-sessions.ts';
export * from './bonus.ts';
export * from './bonus-campaigns.ts';
export * from './chain.ts';
export * from './commission.ts';
export * from './console.ts';
export * from './console-kyc.ts';
export * from './console-ops.ts';
export * from './console-people.ts';
export * from './console-players.ts';
export * from './datacenter.ts';
export * from './email.ts';
export * from './endpoint.ts';
export * from './enums.ts';
export * from './errors.ts';
export * from './exchange.ts';
export * from './games.ts';
export * from './inbox.ts';
export * from './locale.ts';
export * from './money.ts';
export * from './notices.ts';
export * from './payhub.ts';
export * from './payhub-tools.ts';
export * from './phone.ts';
export * from './promo.ts';
export * from './providers.ts';
export * from './qris.ts';
export * from './quota.ts';
export * from './rails.ts';
export * from './realtime.ts';
export * from './referral-tiers.ts';
export * from './responsible.ts';
export * from './rewards.ts';
export * from './rewards-gifts.ts';
export * from './rounds.ts';
export * from './shell.ts';
export * from './site.ts';
export * from './two-factor.ts';
export * from './user.ts';
export * from './validation.ts';
export * from './wallet.ts';
export * from './withdraw.ts';

/** Every endpoint, grouped by capability. The client, the server and /docs are derived from this. */
export const contracts = {
  user,
  site,
  shell,
  promo,
  payhub,
  notices,
  datacenter,
  inbox,
  withdraw,
  quota,
  payhubTools,
  commission,
  chain,
  wallet,
  exchange,
  console: consoleApi,
  guide,
  games,
  rounds,
  responsible,
  twoFactor,
  email,
  sessions,
  identity,
  providers,
  rewards,
  bonus,
} as const;
export type Contracts = typeof contracts;

export function listEndpoints(): Array<{ group: string; name: string; endpoint: Endpoint }> {
  return Object.entries(contracts).flatMap(([group, endpoints]) =>
    Object.entries(endpoints as Record<string, Endpoint>).map(([name, endpoint]) => ({
      group,
      name,
      endpoint,
    })),
  );
}

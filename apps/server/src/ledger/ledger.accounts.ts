import type { Asset } from '@payhub/contracts';
import type { AccountKind, SystemAccountKind, UserAccountKind } from './ledger.types.ts';
import { SYSTEM_ACCOUNT_KINDS } from './ledger.types.ts';

/**
 * What a ledger account is: its address (unique, readable: `player:12:IDR`), the project it belongs
 * to, the one asset it holds, its kind, its owner, and whether its balance is guarded (never below
 * zero, a running balance on its row) or a system account (unguarded, summed from its entries on read
 * so concurrent transfers never queue on it). docs/payments.md "Accounts" lists the addresses.
 */
export interface AccountSpec {
  address: string;
  projectId: number;
  asset: Asset;
  kind: string;
  ownerId: number | null;
  guarded: boolean;
}

function system(kind: SystemAccountKind, projectId: number, asset: Asset): AccountSpec {
  return { address: `${kind}:${projectId}:${asset}`, projectId, asset, kind, ownerId: null, guarded: false };
}

/** The address builders: the one place an account's name is spelled. */
export const accounts = {
  /** A player's balance of one asset. */
  player: (projectId: number, playerId: number, asset: Asset): AccountSpec => ({
    address: `player:${playerId}:${asset}`,
    projectId,
    asset,
    kind: 'player_wallet',
    ownerId: playerId,
    guarded: true,
  }),
  /**
   * A player's bonus money of one asset (issue 17): credited from the bonus pool, locked until its
   * wagering requirement is met, then moved to the player's wallet. Games never debit it.
   */
  playerBonus: (projectId: number, playerId: number, asset: Asset): AccountSpec => ({
    address: `player:${playerId}:bonus:${asset}`,
    projectId,
    asset,
    kind: 'player_bonus',
    ownerId: playerId,
    guarded: true,
  }),
  /** What a payment operator may still pay out to players (their deposit quota). */
  operatorQuota: (projectId: number, operatorId: number, asset: Asset): AccountSpec => ({
    address: `operator:${operatorId}:quota:${asset}`,
    projectId,
    asset,
    kind: 'operator_quota',
    ownerId: operatorId,
    guarded: true,
  }),
  /** A payment operator's earned commission. */
  operatorCommission: (projectId: number, operatorId: number, asset: Asset): AccountSpec => ({
    address: `operator:${operatorId}:commission:${asset}`,
    projectId,
    asset,
    kind: 'operator_commission',
    ownerId: operatorId,
    guarded: true,
  }),
  /**
   * The stakes of one game round while it runs: guarded (a payout never takes more than was staked
   * into it) and owned by nobody. The round's asset is the account's.
   */
  gameEscrow: (projectId: number, gameId: string, asset: Asset): AccountSpec => ({
    address: `game:${gameId}:escrow`,
    projectId,
    asset,
    kind: 'game_escrow',
    ownerId: null,
    guarded: true,
  }),
  house: (projectId: number, asset: Asset) => system('house', projectId, asset),
  fees: (projectId: number, asset: Asset) => system('fees', projectId, asset),
  custody: (projectId: number, asset: Asset) => system('custody', projectId, asset),
  bonusPool: (projectId: number, asset: Asset) => system('bonus_pool', projectId, asset),
  withdrawClearing: (projectId: number, asset: Asset) => system('withdraw_clearing', projectId, asset),
  /** The house's exchange desk of one asset: takes the source leg, pays the target leg. */
  exchange: (projectId: number, asset: Asset) => system('exchange', projectId, asset),
};

const USER_KIND_ADDRESS: Record<UserAccountKind, keyof typeof accounts> = {
  player_wallet: 'player',
  operator_quota: 'operatorQuota',
  operator_commission: 'operatorCommission',
};

/** The spec of an account named the older way, by kind (the callers of userAccount/systemAccount). */
export function specOfKind(key: {
  projectId: number;
  currency: Asset;
  kind: AccountKind;
  ownerId: number | null;
}): AccountSpec {
  if ((SYSTEM_ACCOUNT_KINDS as readonly string[]).includes(key.kind))
    return system(key.kind as SystemAccountKind, key.projectId, key.currency);
  if (key.ownerId === null) throw new Error(`ledger account ${key.kind} needs an owner`);
  const builder = accounts[USER_KIND_ADDRESS[key.kind as UserAccountKind]] as (
    projectId: number,
    ownerId: number,
    asset: Asset,
  ) => AccountSpec;
  return builder(key.projectId, key.ownerId, key.currency);
}

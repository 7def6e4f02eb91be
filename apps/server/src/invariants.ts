// Every module's consistency rules over the ledger, composed here, outside the ledger core: the
// core checks its own invariants and knows no module; `npm run ledger:check` and the tests run
// the core's together with these.
import type { LedgerInvariant } from './ledger/ledger-check.ts';
import { CHAIN_INVARIANTS } from './modules/chain/chain.invariants.ts';
import { COMMISSION_INVARIANTS } from './modules/commission/commission.invariants.ts';
import { GAMES_INVARIANTS } from './modules/games/games.invariants.ts';
import { PAYHUB_INVARIANTS } from './modules/payhub/payhub.invariants.ts';
import { PAYHUB_TOOLS_INVARIANTS } from './modules/payhub-tools/payhub-tools.invariants.ts';
import { QUOTA_INVARIANTS } from './modules/quota/quota.invariants.ts';
import { BONUS_INVARIANTS } from './modules/rewards/rewards.bonus.invariants.ts';
import { REWARDS_INVARIANTS } from './modules/rewards/rewards.invariants.ts';
import { ROUNDS_INVARIANTS } from './modules/rounds/rounds.invariants.ts';
import { WITHDRAW_INVARIANTS } from './modules/withdraw/withdraw.invariants.ts';

export const MODULE_INVARIANTS: readonly LedgerInvariant[] = [
  ...PAYHUB_INVARIANTS,
  ...WITHDRAW_INVARIANTS,
  ...QUOTA_INVARIANTS,
  ...COMMISSION_INVARIANTS,
  ...PAYHUB_TOOLS_INVARIANTS,
  ...CHAIN_INVARIANTS,
  ...GAMES_INVARIANTS,
  ...ROUNDS_INVARIANTS,
  ...REWARDS_INVARIANTS,
  ...BONUS_INVARIANTS,
];

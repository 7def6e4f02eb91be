import { z } from 'zod';
import { BonusCampaignTerms } from './bonus-campaigns.ts';
import { endpoint } from './endpoint.ts';
import { AssetSchema } from './money.ts';
import { AssetAmountWire } from './wallet.ts';

/**
 * Bonus money (issue 17): the first-deposit bonus, the referrer's first-deposit referral bonus, and a
 * deposit-bonus campaign's bonus (issue 19, bonus-campaigns.ts).
 */
export const BONUS_KINDS = ['first_deposit', 'referral', 'campaign'] as const;
export type BonusKind = (typeof BONUS_KINDS)[number];
export const BONUS_STATES = [
  'pending',
  'held',
  'queued',
  'active',
  'converted',
  'forfeited',
  'clawed_back',
  'void',
] as const;
/** What a withdrawal asked while a wagering requirement is open does (the player chooses in advance). */
export const BONUS_WITHDRAW_CHOICES = ['refuse', 'forfeit'] as const;
export type BonusWithdrawChoice = (typeof BONUS_WITHDRAW_CHOICES)[number];
/**
 * Until the player chooses, a withdrawal forfeits an open bonus rather than being refused: the
 * first-deposit bonus arrives unasked, and a player can always take out the money they deposited
 * (docs/decisions.md "A withdrawal forfeits an open bonus unless the player chose to keep it").
 */
export const DEFAULT_BONUS_WITHDRAW_CHOICE: BonusWithdrawChoice = 'forfeit';

export const BonusTerms = z.object({
  /** The project currency the first-deposit bonus is paid in (crypto deposits do not qualify). */
  asset: AssetSchema,
  /** The smallest first deposit that qualifies. */
  minFirstDeposit: AssetAmountWire,
  /** The player's bonus, basis points of the first deposit (1000 = 10 %). */
  bonusBp: z.number().int(),
  /** The referrer's bonus, basis points of the downline's first deposit. */
  referralBp: z.number().int(),
  /** Days after the deposit the referrer's bonus is paid, if the deposit still stands. */
  referralDelayDays: z.number().int(),
  /** The settled wager a bonus needs before it becomes withdrawable: this many times the bonus. */
  wageringMultiple: z.number().int(),
});
export type BonusTerms = z.infer<typeof BonusTerms>;

export const BonusItem = z.object({
  id: z.number().int(),
  kind: z.enum(BONUS_KINDS),
  /** Kind campaign: the campaign that granted it and its name; null for the other kinds. */
  campaignId: z.number().int().nullable(),
  campaignName: z.string().nullable(),
  asset: AssetSchema,
  amount: AssetAmountWire,
  state: z.enum(BONUS_STATES),
  wagerRequired: AssetAmountWire,
  /** Settled wager counted so far (active: live; converted, forfeited, clawed back: when it ended). */
  wagered: AssetAmountWire,
  /** Unix seconds: when it was granted; a pending referral bonus is paid at `dueAt`. */
  createdAt: z.number().int(),
  dueAt: z.number().int(),
});
export type BonusItem = z.infer<typeof BonusItem>;

export const BonusOverview = z.object({
  terms: BonusTerms,
  onWithdraw: z.enum(BONUS_WITHDRAW_CHOICES),
  /** The bonus balance of each asset that has one (locked until its requirement is met). */
  balances: z.array(z.object({ asset: AssetSchema, balance: AssetAmountWire })),
  /** Whether a withdrawal now meets an open requirement (and is refused or forfeits, as chosen). */
  openRequirement: z.boolean(),
  bonuses: z.array(BonusItem),
  /** Deposit-bonus campaigns running now; `earned`: the caller already has this campaign's bonus. */
  campaigns: z.array(BonusCampaignTerms.extend({ earned: z.boolean() })),
});
export type BonusOverview = z.infer<typeof BonusOverview>;

export const bonus = {
  overview: endpoint({
    method: 'GET',
    path: '/heracles/rewards/bonus',
    access: 'secure',
    summary: 'The caller’s bonus money: terms, bonus balance, each bonus with its wagering progress',
    response: BonusOverview,
  }),
  setWithdrawChoice: endpoint({
    method: 'PUT',
    path: '/heracles/rewards/bonus/withdraw-choice',
    access: 'secure',
    summary:
      'Choose in advance what a withdrawal with an open wagering requirement does: refused (4017) or the bonus forfeited',
    body: z.object({ onWithdraw: z.enum(BONUS_WITHDRAW_CHOICES) }).strict(),
    response: z.object({ onWithdraw: z.enum(BONUS_WITHDRAW_CHOICES) }),
  }),
};

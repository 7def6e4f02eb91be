import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ErrorCode } from './errors.ts';
import { AssetSchema } from './money.ts';
import { Id } from './validation.ts';
import { AssetAmountWire } from './wallet.ts';

/**
 * Bonus terms and deposit-bonus campaigns, set by staff in the console (issue 19, docs/rewards.md
 * "Bonus terms and campaigns"). Spread into `contracts.console`; permissions in
 * BONUS_CAMPAIGNS_PERMISSIONS. The money moves in the rewards module's bonus machinery.
 */

/** The bounds staff may set (the server and the table's CHECKs hold them; the screen shows them). */
export const BONUS_TERMS_BOUNDS = {
  /** Basis points of the deposit: 0 (no bonus) to 10000 (100 %). */
  bonusBp: { min: 0, max: 10_000 },
  referralBp: { min: 0, max: 10_000 },
  referralDelayDays: { min: 0, max: 30 },
  wageringMultiple: { min: 1, max: 50 },
} as const;
export const BONUS_CAMPAIGN_BOUNDS = {
  /** A campaign pays 0.01 % to 100 % of the deposit. */
  bonusBp: { min: 1, max: 10_000 },
  wageringMultiple: { min: 1, max: 50 },
  /** The longest window a campaign may run. */
  maxDays: 366,
} as const;
export const BONUS_CAMPAIGN_STATES = ['scheduled', 'running', 'ended'] as const;
export type BonusCampaignState = (typeof BONUS_CAMPAIGN_STATES)[number];

const AmountInput = z.string().regex(/^\d{1,15}(\.\d{1,2})?$/, 'expected a decimal amount');
const Seconds = z.number().int().positive();

export const BonusTermsInput = z
  .object({
    /** The smallest first deposit that qualifies, in the project currency. */
    minFirstDeposit: AmountInput,
    bonusBp: z.number().int().min(BONUS_TERMS_BOUNDS.bonusBp.min).max(BONUS_TERMS_BOUNDS.bonusBp.max),
    referralBp: z
      .number()
      .int()
      .min(BONUS_TERMS_BOUNDS.referralBp.min)
      .max(BONUS_TERMS_BOUNDS.referralBp.max),
    referralDelayDays: z
      .number()
      .int()
      .min(BONUS_TERMS_BOUNDS.referralDelayDays.min)
      .max(BONUS_TERMS_BOUNDS.referralDelayDays.max),
    wageringMultiple: z
      .number()
      .int()
      .min(BONUS_TERMS_BOUNDS.wageringMultiple.min)
      .max(BONUS_TERMS_BOUNDS.wageringMultiple.max),
  })
  .strict();
export type BonusTermsInput = z.infer<typeof BonusTermsInput>;

export const BonusTermsVersion = z.object({
  asset: AssetSchema,
  minFirstDeposit: AssetAmountWire,
  bonusBp: z.number().int(),
  referralBp: z.number().int(),
  referralDelayDays: z.number().int(),
  wageringMultiple: z.number().int(),
  /** Unix seconds: first deposits credited from this moment on are paid on these terms. */
  effectiveFrom: z.number().int(),
  /** The staff member who set them; null for the seeded defaults. */
  setBy: z.number().int().nullable(),
});
export type BonusTermsVersion = z.infer<typeof BonusTermsVersion>;

export const BonusCampaignInput = z
  .object({
    /** One text, shown to players as written (the operator writes it in the project's language). */
    name: z.string().trim().min(3).max(80),
    /** Unix seconds; a future time schedules the campaign. */
    startsAt: Seconds,
    endsAt: Seconds,
    /** The bonus, basis points of the qualifying deposit (1000 = 10 %). */
    bonusBp: z.number().int().min(BONUS_CAMPAIGN_BOUNDS.bonusBp.min).max(BONUS_CAMPAIGN_BOUNDS.bonusBp.max),
    /** The most one deposit earns, in the project currency. */
    maxBonus: AmountInput,
    /** The smallest deposit that qualifies, in the project currency. */
    minDeposit: AmountInput,
    wageringMultiple: z
      .number()
      .int()
      .min(BONUS_CAMPAIGN_BOUNDS.wageringMultiple.min)
      .max(BONUS_CAMPAIGN_BOUNDS.wageringMultiple.max),
  })
  .strict();
export type BonusCampaignInput = z.infer<typeof BonusCampaignInput>;

/** A campaign's terms as the player reads them. */
export const BonusCampaignTerms = z.object({
  id: z.number().int(),
  name: z.string(),
  asset: AssetSchema,
  bonusBp: z.number().int(),
  maxBonus: AssetAmountWire,
  minDeposit: AssetAmountWire,
  wageringMultiple: z.number().int(),
  startsAt: z.number().int(),
  /** Unix seconds: the end (an early end moves it). */
  endsAt: z.number().int(),
});
export type BonusCampaignTerms = z.infer<typeof BonusCampaignTerms>;

export const BonusCampaign = BonusCampaignTerms.extend({
  state: z.enum(BONUS_CAMPAIGN_STATES),
  /** Bonuses it put on players' bonus balances. */
  granted: z.number().int(),
  /** Their total (what left the bonus pool). */
  grantedAmount: AssetAmountWire,
  /** What of it became withdrawable money (converted after the wagering). */
  convertedAmount: AssetAmountWire,
  /** What came back to the pool (forfeited or clawed back). */
  returnedAmount: AssetAmountWire,
  /** Unix seconds when ended early; null otherwise. */
  endedEarlyAt: z.number().int().nullable(),
  createdBy: z.number().int(),
  createdAt: z.number().int(),
});
export type BonusCampaign = z.infer<typeof BonusCampaign>;

const CampaignParams = z.object({ id: Id }).strict();

export const bonusCampaignsApi = {
  bonusTerms: endpoint({
    method: 'GET',
    path: '/main/console/bonus-terms',
    access: 'secure',
    summary:
      "Console: the project's first-deposit bonus terms in force and their earlier versions (newest first, 20)",
    response: z.object({ current: BonusTermsVersion, history: z.array(BonusTermsVersion) }),
    errors: [ErrorCode.NoPermission],
  }),
  updateBonusTerms: endpoint({
    method: 'PUT',
    path: '/main/console/bonus-terms',
    access: 'secure',
    summary:
      'Console: set the first-deposit bonus terms (within BONUS_TERMS_BOUNDS) for first deposits credited from now on; audited before/after',
    body: BonusTermsInput,
    response: z.object({ current: BonusTermsVersion, history: z.array(BonusTermsVersion) }),
    errors: [ErrorCode.NoPermission],
  }),
  bonusCampaigns: endpoint({
    method: 'GET',
    path: '/main/console/bonus-campaigns',
    access: 'secure',
    summary:
      "Console: the project's deposit-bonus campaigns, newest first (100), with state and granted count and cost",
    response: z.object({ items: z.array(BonusCampaign) }),
    errors: [ErrorCode.NoPermission],
  }),
  createBonusCampaign: endpoint({
    method: 'POST',
    path: '/main/console/bonus-campaigns',
    access: 'secure',
    summary: 'Console: create (or schedule, with a future start) a deposit-bonus campaign; audited',
    body: BonusCampaignInput,
    response: BonusCampaign,
    errors: [ErrorCode.NoPermission],
  }),
  updateBonusCampaign: endpoint({
    method: 'PUT',
    path: '/main/console/bonus-campaigns/:id',
    access: 'secure',
    summary:
      'Console: change a campaign not ended (4018); its money terms only while it has granted nothing (4019); audited before/after',
    params: CampaignParams,
    body: BonusCampaignInput,
    response: BonusCampaign,
    errors: [
      ErrorCode.NoPermission,
      ErrorCode.NotFound,
      ErrorCode.BonusCampaignEnded,
      ErrorCode.BonusCampaignTermsLocked,
    ],
  }),
  endBonusCampaign: endpoint({
    method: 'POST',
    path: '/main/console/bonus-campaigns/:id/end',
    access: 'secure',
    summary:
      'Console: end a scheduled or running campaign now (deposits credited before now still qualify); 4018 when ended',
    params: CampaignParams,
    body: z.object({}).strict(),
    response: BonusCampaign,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound, ErrorCode.BonusCampaignEnded],
  }),
};

/**
 * Bonus terms and campaigns are money terms: finance and admins set them; content staff (who run the
 * Content screen's notices and gift codes) see them, to announce them.
 */
export const BONUS_CAMPAIGNS_PERMISSIONS = {
  bonusTerms: ['finance', 'content', 'admin'],
  updateBonusTerms: ['finance', 'admin'],
  bonusCampaigns: ['finance', 'content', 'admin'],
  createBonusCampaign: ['finance', 'admin'],
  updateBonusCampaign: ['finance', 'admin'],
  endBonusCampaign: ['finance', 'admin'],
} as const;

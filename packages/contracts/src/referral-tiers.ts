import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ErrorCode } from './errors.ts';
import { REFERRAL_TIERS, ReferralTierInfo } from './rewards.ts';

/**
 * The referral tiers of a project as the console sets them (docs/rewards.md): for bronze, silver and
 * gold the direct downlines that reach the tier and the rebate rates of levels 1–3 in basis points of
 * the downline's settled wager. Spread into `contracts.console`.
 */
export const REFERRAL_TIER_BOUNDS = {
  /** 10 % of the wager at the most, per level (the table's CHECK). */
  rateBp: { min: 0, max: 1000 },
  minDirect: { min: 0, max: 100_000 },
} as const;

const TierInput = z
  .object({
    tier: z.enum(REFERRAL_TIERS),
    minDirect: z
      .number()
      .int()
      .min(REFERRAL_TIER_BOUNDS.minDirect.min)
      .max(REFERRAL_TIER_BOUNDS.minDirect.max),
    ratesBp: z
      .array(z.number().int().min(REFERRAL_TIER_BOUNDS.rateBp.min).max(REFERRAL_TIER_BOUNDS.rateBp.max))
      .length(3),
  })
  .strict();

/**
 * All three tiers at once, lowest first: bronze from 0 direct downlines (every referrer has a tier),
 * each next tier from strictly more.
 */
export const ReferralTiersInput = z
  .object({ tiers: z.array(TierInput).length(REFERRAL_TIERS.length) })
  .strict()
  .superRefine((input, context) => {
    input.tiers.forEach((tier, index) => {
      if (tier.tier !== REFERRAL_TIERS[index])
        context.addIssue({
          code: 'custom',
          path: ['tiers', index, 'tier'],
          message: `expected ${REFERRAL_TIERS.join(', ')} in this order`,
        });
    });
    if (input.tiers[0] && input.tiers[0].minDirect !== 0)
      context.addIssue({ code: 'custom', path: ['tiers', 0, 'minDirect'], message: 'bronze starts at 0' });
    for (let index = 1; index < input.tiers.length; index += 1)
      if (input.tiers[index]!.minDirect <= input.tiers[index - 1]!.minDirect)
        context.addIssue({
          code: 'custom',
          path: ['tiers', index, 'minDirect'],
          message: 'must be more than the tier below',
        });
  });
export type ReferralTiersInput = z.infer<typeof ReferralTiersInput>;

export const ReferralTiersView = z.object({
  tiers: z.array(ReferralTierInfo),
  /** False while the project runs on the defaults (no row of its own yet). */
  configured: z.boolean(),
});
export type ReferralTiersView = z.infer<typeof ReferralTiersView>;

export const referralTiersApi = {
  referralTiers: endpoint({
    method: 'GET',
    path: '/main/console/referral-tiers',
    access: 'secure',
    summary: "Console: the project's referral tiers (thresholds and the rebate rates of levels 1–3)",
    response: ReferralTiersView,
    errors: [ErrorCode.NoPermission],
  }),
  updateReferralTiers: endpoint({
    method: 'PUT',
    path: '/main/console/referral-tiers',
    access: 'secure',
    summary:
      "Console: set the project's three referral tiers (REFERRAL_TIER_BOUNDS); rebates paid from then on use them; audited before/after",
    body: ReferralTiersInput,
    response: ReferralTiersView,
    errors: [ErrorCode.NoPermission],
  }),
};

/** Money terms like the bonus terms: finance and admins set them; content staff see them, to announce them. */
export const REFERRAL_TIERS_PERMISSIONS = {
  referralTiers: ['finance', 'content', 'admin'],
  updateReferralTiers: ['finance', 'admin'],
} as const;

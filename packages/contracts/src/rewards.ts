import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ErrorCode } from './errors.ts';
import { AssetSchema } from './money.ts';
import { giftWheelEndpoints } from './rewards-gifts.ts';
import { AssetAmountWire } from './wallet.ts';

/** Referrer tiers, lowest first (issue 17; thresholds and rates configured per project). */
export const REFERRAL_TIERS = ['bronze', 'silver', 'gold'] as const;
export type ReferralTier = (typeof REFERRAL_TIERS)[number];
/** Downline levels that earn a rebate. */
export const REFERRAL_LEVELS = [1, 2, 3] as const;

/** An invite code as typed or shared: 6 to 12 letters and digits (case ignored). */
export const InviteCodeInput = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{6,12}$/, 'expected an invite code')
  .transform((code) => code.toUpperCase());

export const RebateItem = z.object({
  /** The local day (project time zone) whose wager the rebate is on, YYYY-MM-DD. */
  day: z.string(),
  level: z.number().int(),
  asset: AssetSchema,
  tier: z.enum(REFERRAL_TIERS),
  wager: AssetAmountWire,
  rateBp: z.number().int(),
  amount: AssetAmountWire,
  /** Unix seconds of the payout. */
  paidAt: z.number().int(),
});
export type RebateItem = z.infer<typeof RebateItem>;

export const ReferralTierInfo = z.object({
  tier: z.enum(REFERRAL_TIERS),
  minDirect: z.number().int(),
  /** Rebate rates of levels 1, 2 and 3 in basis points of the downline's settled wager. */
  ratesBp: z.array(z.number().int()),
});
export type ReferralTierInfo = z.infer<typeof ReferralTierInfo>;

export const ReferralDashboard = z.object({
  inviteCode: z.string(),
  /** Whether the caller has a referrer (an invite code is entered once). */
  hasReferrer: z.boolean(),
  tier: z.enum(REFERRAL_TIERS),
  directCount: z.number().int(),
  /** The tier above the caller's with its threshold; null at the top. */
  nextTier: ReferralTierInfo.nullable(),
  tiers: z.array(ReferralTierInfo),
  /** Team size per level 1..3. */
  team: z.array(z.object({ level: z.number().int(), count: z.number().int() })),
  /** Rebate totals per asset: paid for yesterday, all time. */
  totals: z.array(z.object({ asset: AssetSchema, yesterday: AssetAmountWire, total: AssetAmountWire })),
  /** The latest rebates (payout history), newest first. */
  rebates: z.array(RebateItem),
});
export type ReferralDashboard = z.infer<typeof ReferralDashboard>;

/** Days of the check-in cycle. */
export const CHECKIN_DAYS = 7;

export const CheckinStatus = z.object({
  /** The local day (project time zone), YYYY-MM-DD. */
  today: z.string(),
  checkedInToday: z.boolean(),
  /** Days of the current streak already checked in (0..7); a missed day starts over at day 1. */
  streak: z.number().int(),
  /** The cycle day today's check-in pays (1..7). */
  nextDay: z.number().int(),
  asset: AssetSchema,
  /** Reward of cycle days 1..7. */
  rewards: z.array(AssetAmountWire),
  /** A day qualifies with deposits of at least this much credited that day. */
  minDeposit: AssetAmountWire,
  depositedToday: AssetAmountWire,
});
export type CheckinStatus = z.infer<typeof CheckinStatus>;

export const rewards = {
  referral: endpoint({
    method: 'GET',
    path: '/heracles/rewards/referral',
    access: 'secure',
    summary: 'The caller’s referral dashboard: invite code, tier and progress, team per level, rebates',
    response: ReferralDashboard,
  }),
  bindReferrer: endpoint({
    method: 'POST',
    path: '/heracles/rewards/referral/bind',
    access: 'secure',
    summary: 'Enter an invite code once (at registration or later): its owner becomes the caller’s referrer',
    body: z.object({ inviteCode: InviteCodeInput }),
    response: z.object({ hasReferrer: z.literal(true) }),
    errors: [
      ErrorCode.InvalidInviteCode,
      ErrorCode.OwnReferralCode,
      ErrorCode.ReferrerAlreadySet,
      ErrorCode.ReferralCycle,
    ],
  }),
  checkinStatus: endpoint({
    method: 'GET',
    path: '/heracles/rewards/checkin',
    access: 'secure',
    summary: 'The caller’s 7-day check-in: streak, today’s reward, whether today qualifies',
    response: CheckinStatus,
  }),
  checkin: endpoint({
    method: 'POST',
    path: '/heracles/rewards/checkin',
    access: 'secure',
    summary: 'Check in today (needs a qualifying deposit credited today): pays the cycle day’s reward',
    response: CheckinStatus,
    errors: [ErrorCode.AlreadySignedIn, ErrorCode.NoQualifyingDeposit],
  }),
  ...giftWheelEndpoints,
};

/**
 * Gift codes (amount or wheel spins) and the provably-fair reward wheel (issue 17). The player's
 * endpoints join `contracts.rewards`; the console's join `contracts.console` (console.ts).
 */
import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ErrorCode } from './errors.ts';
import { ClientSeedInput } from './games.ts';
import { AssetSchema } from './money.ts';
import { AssetAmountWire } from './wallet.ts';

/** A gift code as typed: 4 to 20 letters and digits (case ignored). */
export const GiftCodeInput = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^[A-Za-z0-9]{4,20}$/, 'expected a gift code')
  .transform((code) => code.toUpperCase());

export const GIFT_CODE_KINDS = ['amount', 'spins'] as const;
export type GiftCodeKind = (typeof GIFT_CODE_KINDS)[number];
/** The most spins one code grants a player. */
export const GIFT_CODE_SPINS_MAX = 100;
/** The most networks (CIDR) a code is limited to. */
export const GIFT_CODE_NETWORKS_MAX = 20;
/** An IPv4 or IPv6 network in CIDR notation (e.g. 36.64.0.0/11). */
export const NetworkInput = z
  .string()
  .trim()
  .max(50)
  .regex(/^[0-9A-Fa-f:.]{2,45}\/\d{1,3}$/, 'expected a network such as 36.64.0.0/11');

const Seconds = z.number().int().positive();

/** A new code: `amount` (project currency) for kind amount, `spins` for kind spins. */
export const GiftCodeCreate = z
  .object({
    code: GiftCodeInput,
    kind: z.enum(GIFT_CODE_KINDS).default('amount'),
    amount: z
      .string()
      .regex(/^\d{1,15}(\.\d{1,2})?$/, 'expected a decimal amount')
      .optional(),
    spins: z.number().int().min(1).max(GIFT_CODE_SPINS_MAX).optional(),
    maxRedemptions: z.number().int().min(1).max(1_000_000),
    perPlayer: z.number().int().min(1).max(100),
    newUsersOnly: z.boolean(),
    /** Only players with a credited deposit (8009 otherwise). */
    depositRequired: z.boolean().default(false),
    /** Unix seconds; absent: at once. Must come before `expiresAt`. */
    startsAt: Seconds.nullable().optional(),
    /** Unix seconds; must be in the future. */
    expiresAt: Seconds,
    /** Only callers whose address is in one of these networks (8008 otherwise); empty: everywhere. */
    networks: z.array(NetworkInput).max(GIFT_CODE_NETWORKS_MAX).default([]),
  })
  .strict();
export type GiftCodeCreate = z.infer<typeof GiftCodeCreate>;

export const GiftCodeRedeemed = z.object({
  kind: z.enum(GIFT_CODE_KINDS),
  asset: AssetSchema,
  /** Kind amount: what moved to the wallet; null for spins. */
  amount: AssetAmountWire.nullable(),
  /** Kind spins: the spins granted; null for amount. */
  spins: z.number().int().nullable(),
});

// --- The wheel ---

export const WheelSegmentWire = z.object({
  index: z.number().int(),
  /** Out of 100. */
  weight: z.number().int(),
  prize: AssetAmountWire,
});

export const WheelSeedWire = z.object({
  serverSeedHash: z.string(),
  nextServerSeedHash: z.string(),
  clientSeed: z.string(),
  /** The nonce the next spin uses (spins made with this pair so far). */
  nonce: z.number().int(),
});

export const WheelSpinWire = z.object({
  id: z.number().int(),
  segment: z.number().int(),
  asset: AssetSchema,
  prize: AssetAmountWire,
  serverSeedHash: z.string(),
  /** Revealed once the pair is rotated; null while it is active. */
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  /** Unix seconds. */
  spunAt: z.number().int(),
});
export type WheelSpinWire = z.infer<typeof WheelSpinWire>;

export const WheelState = z.object({
  asset: AssetSchema,
  /** Spins the player may still make. */
  spins: z.number().int(),
  segments: z.array(WheelSegmentWire),
  seed: WheelSeedWire,
  /** The latest spins, newest first. */
  history: z.array(WheelSpinWire),
});
export type WheelState = z.infer<typeof WheelState>;

/** The caller's id of a spin (a UUID or similar): a retry with the same id answers the first spin. */
export const SpinKey = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'expected a spin id');
// --- Reward history ---

export const REWARD_KINDS = ['rebate', 'checkin', 'gift', 'wheel', 'bonus'] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];
export const RewardHistoryItem = z.object({
  kind: z.enum(REWARD_KINDS),
  asset: AssetSchema,
  amount: AssetAmountWire,
  /** Unix seconds. */
  at: z.number().int(),
  /**
   * rebate: "day · level"; checkin: the cycle day; gift: the code; wheel: the segment; bonus: its kind
   * (first_deposit, referral, campaign), at the time it went onto the bonus balance.
   */
  detail: z.string(),
});
export type RewardHistoryItem = z.infer<typeof RewardHistoryItem>;

export const giftWheelEndpoints = {
  createGiftCode: endpoint({
    method: 'POST',
    path: '/heracles/rewards/gift-codes',
    access: 'secure',
    summary:
      'Admin: create a gift code of an amount in the project currency or of wheel spins (limits, new users only, deposit required, start, expiry, networks)',
    body: GiftCodeCreate,
    response: z.object({ code: z.string() }),
    errors: [ErrorCode.NoPermission, ErrorCode.GiftCodeTaken],
  }),
  redeemGiftCode: endpoint({
    method: 'POST',
    path: '/heracles/rewards/gift-codes/redeem',
    access: 'secure',
    summary:
      'Redeem a gift code: an amount moves from the bonus pool to the wallet, or spins are granted for the wheel',
    body: z.object({ code: GiftCodeInput }).strict(),
    response: GiftCodeRedeemed,
    errors: [
      ErrorCode.GiftCodeUnavailable,
      ErrorCode.GiftCodeNewUsersOnly,
      ErrorCode.GiftCodeUsed,
      ErrorCode.BonusCodeExists,
      ErrorCode.GiftCodeExpired,
      ErrorCode.GiftCodeLimit,
      ErrorCode.GiftCodeNotStarted,
      ErrorCode.GiftCodeRegionBlocked,
      ErrorCode.GiftCodeDepositRequired,
      ErrorCode.GiftCodeInvalid,
      ErrorCode.GiftCodeNotActive,
    ],
  }),
  wheel: endpoint({
    method: 'GET',
    path: '/heracles/rewards/wheel',
    access: 'secure',
    summary:
      'The caller’s wheel: spins left, segments and prizes, the seed pair (hashes) and the latest spins',
    response: WheelState,
  }),
  spinWheel: endpoint({
    method: 'POST',
    path: '/heracles/rewards/wheel/spin',
    access: 'secure',
    summary:
      'Spin the wheel once (uses one spin): the segment comes from the seed pair and the prize moves from the bonus pool; the same spin id answers the same spin',
    body: z.object({ spinId: SpinKey }).strict(),
    response: z.object({ spin: WheelSpinWire, spins: z.number().int() }),
    errors: [ErrorCode.NoWheelSpins],
  }),
  rotateWheelSeed: endpoint({
    method: 'POST',
    path: '/heracles/rewards/wheel/seed',
    access: 'secure',
    summary:
      'Rotate the wheel seed pair: reveals the active server seed (its spins become verifiable), the next pair becomes active with the given client seed',
    body: z.object({ clientSeed: ClientSeedInput.optional() }).strict(),
    response: z.object({
      revealed: z.object({
        serverSeed: z.string(),
        serverSeedHash: z.string(),
        clientSeed: z.string(),
        spins: z.number().int(),
      }),
      seed: WheelSeedWire,
    }),
  }),
  rewardHistory: endpoint({
    method: 'GET',
    path: '/heracles/rewards/history',
    access: 'secure',
    summary:
      'The caller’s rewards paid (rebates, check-ins, gift codes, wheel prizes), newest first, at most 100',
    response: z.object({ items: z.array(RewardHistoryItem) }),
  }),
};

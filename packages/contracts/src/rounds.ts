import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ErrorCode } from './errors.ts';
import { type Asset, AssetSchema, parseAmount } from './money.ts';
import { AssetAmountWire } from './wallet.ts';

/**
 * Shared round games (issue 16): crash and wingo. Every round's result is fixed in advance by a hash
 * chain whose terminating hash is published first and a salt published after it (docs/games.md §5).
 * A round's hash and result are sent only once the round has ended. Multipliers are integer cents
 * (100 = 1.00×), amounts strings of the asset's minor-unit scale.
 */

/** The games: crash and the three wingo modes (30 s, 1 min, 2 min, spec §9). */
export const ROUND_GAMES = ['crash', 'wingo30', 'wingo60', 'wingo120'] as const;
export type RoundGame = (typeof ROUND_GAMES)[number];
export const WINGO_GAMES = ['wingo30', 'wingo60', 'wingo120'] as const;
export type WingoGame = (typeof WINGO_GAMES)[number];

export const ROUND_STATES = ['betting', 'running', 'ended', 'voided'] as const;
export type RoundState = (typeof ROUND_STATES)[number];
export const ROUND_BET_STATES = ['open', 'won', 'lost', 'voided'] as const;
export type RoundBetState = (typeof ROUND_BET_STATES)[number];

export const RoundGameSchema = z.enum(ROUND_GAMES);
export const WingoGameSchema = z.enum(WINGO_GAMES);

/**
 * The games a stake range is set for: crash, and wingo (its three modes share one range: a player
 * switching between 30 s and 2 min bets under the same limits).
 */
export const ROUND_STAKE_GAMES = ['crash', 'wingo'] as const;
export type RoundStakeGame = (typeof ROUND_STAKE_GAMES)[number];
export const RoundStakeGameSchema = z.enum(ROUND_STAKE_GAMES);
export const roundStakeGameOf = (game: RoundGame): RoundStakeGame => (game === 'crash' ? 'crash' : 'wingo');

/** The smallest and largest stake of one bet in an asset (the project's, else the server's defaults). */
export const RoundStakeLimits = z.object({
  asset: AssetSchema,
  minStake: AssetAmountWire,
  maxStake: AssetAmountWire,
});
export type RoundStakeLimits = z.infer<typeof RoundStakeLimits>;

/** A round as everyone sees it: hash and result only after it ended. */
export const RoundWire = z.object({
  id: z.string(),
  game: RoundGameSchema,
  /** Crash: the game number; wingo: the period number (yyyymmdd + mode + sequence of the day). */
  period: z.string(),
  /** The chain the round's hash comes from (a game's chain is replaced once used up). */
  chainId: z.string(),
  /** The round's number in its chain (1 = the first played). */
  chainRound: z.number().int(),
  state: z.enum(ROUND_STATES),
  /** Database time now, so clients align their clocks. */
  serverTime: z.string(),
  bettingEndsAt: z.string(),
  /** Crash: when the multiplier started growing. */
  startedAt: z.string().nullable(),
  /** Wingo: when the number is drawn. */
  drawAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** Revealed when ended: the round's chain hash. */
  hash: z.string().nullable(),
  /** Revealed when ended: crash point in cents, or the wingo number. */
  result: z.number().int().nullable(),
  /** The curve's growth per ms (crash), so every client draws the same curve. */
  growthPerMs: z.number().nullable(),
});
export type RoundWire = z.infer<typeof RoundWire>;

export const RoundBetWire = z.object({
  id: z.string(),
  roundId: z.string(),
  game: RoundGameSchema,
  period: z.string(),
  /** A short public name of the player (masked), for the live list. */
  player: z.string(),
  asset: AssetSchema,
  stake: AssetAmountWire,
  /** Wingo: "colour:green", "number:7", "size:big". */
  pick: z.string().nullable(),
  /** Crash: auto cash-out target in cents. */
  autoCashOut: z.number().int().nullable(),
  /** Crash: the multiplier paid, in cents; wingo: the multiplier paid in basis points / 100. */
  cashOut: z.number().int().nullable(),
  payout: AssetAmountWire.nullable(),
  state: z.enum(ROUND_BET_STATES),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type RoundBetWire = z.infer<typeof RoundBetWire>;

/**
 * The salt source of a chain whose salt the development server fixed itself (SHA-256 of the
 * terminating hash, not for production): the apps show it in the reader's language. Any other
 * source is the operator's own words (e.g. the Bitcoin block whose hash is the salt).
 */
export const ROUND_DEV_SALT_SOURCE = 'development';

export const RoundFairness = z.object({
  /** The chain's id: the rounds of the chain carry it (`RoundWire.chainId`). */
  chainId: z.string(),
  game: RoundGameSchema,
  chainLength: z.number().int(),
  terminatingHash: z.string(),
  /** Null until the operator fixes it (then the game opens). */
  salt: z.string().nullable(),
  saltSource: z.string().nullable(),
});
export type RoundFairness = z.infer<typeof RoundFairness>;

/**
 * How many bets a round has and how many of them won, as the database counted them. The live list
 * shows a round's first bets and the changes the broadcast carried (a bounded sample of a full
 * round), so its own count is not the round's: the summary line shows these.
 */
export const RoundTally = z.object({
  bets: z.number().int().min(0),
  won: z.number().int().min(0),
});
export type RoundTally = z.infer<typeof RoundTally>;

/** The tally of a round without bets (a new round, or none live). */
export const NO_BETS_TALLY: RoundTally = Object.freeze({ bets: 0, won: 0 });

/** How many ended rounds a game's state lists in `recent` (the apps keep it this long as rounds end). */
export const RECENT_ROUNDS = 20;

export const RoundStateResponse = z.object({
  round: RoundWire.nullable(),
  /** The live round's first 200 bets (see `tally` for how many there are). */
  bets: z.array(RoundBetWire),
  /** The live round's count of bets and wins (zeros when no round is live). */
  tally: RoundTally,
  recent: z.array(RoundWire),
  fairness: RoundFairness.nullable(),
  /** The stake range of a bet in each asset the player can bet in (outside it: 702). */
  stakes: z.array(RoundStakeLimits),
});
export type RoundStateResponse = z.infer<typeof RoundStateResponse>;

const BetId = z.string().uuid('betId: a UUID chosen by the client (idempotency key)');

function amountIn(input: { asset: Asset; amount: string }, context: z.RefinementCtx): bigint {
  try {
    const amount = parseAmount(input.amount, input.asset);
    if (amount <= 0n) throw new RangeError('amount must be positive');
    return amount;
  } catch (error) {
    context.addIssue({ code: 'custom', path: ['amount'], message: (error as Error).message });
    return z.NEVER;
  }
}

export const CrashBetBody = z
  .object({
    betId: BetId,
    asset: AssetSchema,
    amount: z.string().max(24),
    /** Cents, above 2.00× (spec §5) and at most 200×; omitted: manual cash-out. */
    autoCashOut: z.number().int().min(201).max(20_000).optional(),
  })
  .strict()
  .transform((input, context) => ({ ...input, amount: amountIn(input, context) }));

export const CrashCashOutBody = z.object({ betId: BetId }).strict();

export const WingoPickSchema = z
  .string()
  .regex(
    /^(colour:(green|red|violet)|number:\d|size:(big|small))$/,
    'pick: colour:<green|red|violet>, number:<0-9> or size:<big|small>',
  );

export const WingoBetBody = z
  .object({
    betId: BetId,
    game: WingoGameSchema,
    asset: AssetSchema,
    amount: z.string().max(24),
    pick: WingoPickSchema,
  })
  .strict()
  .transform((input, context) => ({ ...input, amount: amountIn(input, context) }));

/** Codes a round bet can answer: the round, the balance, the play gate and its limits. */
const BET_ERRORS = [
  ErrorCode.RoundBettingClosed,
  // Above the largest stake of the asset (ROUNDS_MAX_STAKE).
  ErrorCode.WrongBetAmount,
  ErrorCode.RoundAlreadyBet,
  ErrorCode.RoundNotReady,
  ErrorCode.InsufficientBalance,
  ErrorCode.YecInsufficient,
  ErrorCode.UserCannotPlay,
  ErrorCode.LossLimitReached,
  ErrorCode.WagerLimitReached,
  ErrorCode.SessionTimeLimitReached,
  ErrorCode.GameUnavailable,
] as const;

export const rounds = {
  state: endpoint({
    method: 'GET',
    path: '/main/rounds/:game/state',
    access: 'secure',
    summary:
      "A round game's current round, its first 200 bets and their count, the recent results and the chain's fairness data",
    params: z.object({ game: RoundGameSchema }).strict(),
    response: RoundStateResponse,
  }),
  history: endpoint({
    method: 'GET',
    path: '/main/rounds/:game/history',
    access: 'secure',
    summary:
      "Ended rounds, newest first, with their revealed hashes and results, and their chains' terminating hashes and salts",
    params: z.object({ game: RoundGameSchema }).strict(),
    query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }).strict(),
    /** `chains`: every chain the listed rounds come from (one, unless a chain was used up among them). */
    response: z.object({ items: z.array(RoundWire), chains: z.array(RoundFairness) }),
  }),
  myBets: endpoint({
    method: 'GET',
    path: '/main/rounds/:game/my-bets',
    access: 'secure',
    summary: "The caller's bets in a round game, newest first",
    params: z.object({ game: RoundGameSchema }).strict(),
    query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }).strict(),
    response: z.object({ items: z.array(RoundBetWire) }),
  }),
  crashBet: endpoint({
    method: 'POST',
    path: '/main/rounds/crash/bet',
    access: 'secure',
    summary: 'Bet in the crash round now taking bets (idempotent by betId)',
    body: CrashBetBody,
    response: RoundBetWire,
    errors: BET_ERRORS,
  }),
  crashCashOut: endpoint({
    method: 'POST',
    path: '/main/rounds/crash/cashout',
    access: 'secure',
    summary: "Cash out the caller's crash bet at the multiplier of the server's time of receipt",
    body: CrashCashOutBody,
    response: RoundBetWire,
    errors: [
      ErrorCode.NotFound,
      ErrorCode.RoundCashOutTooLate,
      ErrorCode.RoundBetSettled,
      ErrorCode.RoundBettingClosed,
    ],
  }),
  wingoBet: endpoint({
    method: 'POST',
    path: '/main/rounds/wingo/bet',
    access: 'secure',
    summary: 'Bet in the wingo period now taking bets of a mode (idempotent by betId)',
    body: WingoBetBody,
    response: RoundBetWire,
    errors: BET_ERRORS,
  }),
  setSalt: endpoint({
    method: 'PUT',
    path: '/main/rounds/admin/salt',
    access: 'secure',
    summary:
      "Admin: fix the salt of a game's current chain once, from a public value chosen by nobody (e.g. a future Bitcoin block's hash)",
    body: z
      .object({
        game: RoundGameSchema,
        terminatingHash: z.string().regex(/^[0-9a-f]{64}$/),
        salt: z.string().min(16).max(128),
        source: z.string().min(1).max(200),
      })
      .strict(),
    response: RoundFairness,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound, ErrorCode.RoundSaltFixed],
  }),
};

/**
 * One bet's latest state in a `bets` batch, as a tuple to keep the frame small (one frame goes to
 * every socket of the project): [bet id, player (masked), asset, stake, state, cash-out multiplier
 * in cents (or null), payout (or null)].
 */
export type RoundBetChange = [
  id: string,
  player: string,
  asset: Asset,
  stake: string,
  state: RoundBetState,
  cashOut: number | null,
  payout: string | null,
];

/** A bet as the live list of a round shows it (a RoundBetWire has every one of these fields). */
export interface RoundLiveBet {
  id: string;
  roundId: string;
  player: string;
  asset: Asset;
  stake: string;
  state: RoundBetState;
  cashOut: number | null;
  payout: string | null;
}

/**
 * What the rounds broadcast stream carries (RoundsRealtimeRoute.broadcast). Bets and cash-outs are
 * not sent one by one: each node gathers a round's changes for ROUNDS_BETS_FLUSH_MS and sends them
 * as one `bets` event (each bet once, in its latest state; at most ROUNDS_BETS_PER_FRAME of them, the
 * largest wins and stakes first) with the round's `tally` as the database counted it when they
 * left, before the round's next `round` event. A `tick` (with the tally too) is the clock's
 * sync every ROUNDS_TICK_BROADCAST_MS: clients draw the curve from the round's start
 * (docs/games.md §5 "Broadcast at scale").
 */
export type RoundEvent =
  | { type: 'round'; round: RoundWire }
  | {
      type: 'tick';
      roundId: string;
      elapsedMs: number;
      multiplier: number;
      serverTime: string;
      /** The round's count of bets and wins as the clock read it this turn. */
      tally: RoundTally;
    }
  | {
      type: 'bets';
      game: RoundGame;
      roundId: string;
      bets: RoundBetChange[];
      /** The round's tally when these left (absent when it could not be read: keep the last one). */
      tally?: RoundTally;
    };

/** The live bets of a `bets` event. */
export function liveBetsOf(event: Extract<RoundEvent, { type: 'bets' }>): RoundLiveBet[] {
  return event.bets.map(([id, player, asset, stake, state, cashOut, payout]) => ({
    id,
    roundId: event.roundId,
    player,
    asset,
    stake,
    state,
    cashOut,
    payout,
  }));
}

import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ErrorCode } from './errors.ts';
import { AssetSchema } from './money.ts';
import { intInput } from './validation.ts';
import { AssetAmountWire } from './wallet.ts';

/**
 * The in-house games (issue 15, spec §1, §5, §8, §9): provably fair with Stake-compatible seed pairs
 * (packages/games, docs/games.md). Every bet is played on the server: the player's seed pair, the
 * stake's ledger hold into the game escrow, the outcome from packages/games and the linked post of
 * stake and payout happen in one transaction, idempotent by the bet id the client chooses.
 *
 * Single-step games (dice, roulette, roller, coinflip `single`) settle in the bet call. Multi-step
 * games (mines, hilo, coinflip `streak`, fruit-bomb) open with the bet call, take moves, and settle on
 * cash-out or loss; until then the server never sends their hidden state (mine and bomb positions,
 * the next cards or flips, the server seed). One open game per player per game; an open game is
 * resumable (`open`).
 *
 * Amounts are decimal strings with exactly their asset's scale digits (wallet.ts AssetAmountWire);
 * multipliers are basis points of the stake (10000 = 1×) as digit strings (a hilo streak can pass
 * 2^53). Stakes are read in the bet asset's own scale: more fraction digits than the asset has is 702.
 */

/** Every in-house game (the same list as GAME_IDS of @payhub/games; the server pins the two equal). */
export const GAME_IDS = ['dice', 'coinflip', 'roulette', 'mines', 'hilo', 'roller', 'fruit-bomb'] as const;
export const GameIdSchema = z.enum(GAME_IDS);
export type GameIdWire = z.infer<typeof GameIdSchema>;

/** Multi-step games: the bet opens a game that takes moves and settles on cash-out or loss. */
export const MULTI_STEP_GAMES = ['mines', 'hilo', 'coinflip', 'fruit-bomb'] as const;

/** Bounds of the player's choices (spec §5; packages/games holds the rules behind them). */
export const GAME_BOUNDS = {
  minesMin: 1,
  minesMax: 24,
  minesTiles: 25,
  rollerMin: 1,
  rollerMax: 99_999,
  /** Dice target in hundredths (4950 = 49.50); the win chance must be 0.01 %–98 %. */
  diceTargetMin: 1,
  diceTargetMax: 9_999,
  fruitBombBombsMin: 1,
  fruitBombBombsMax: 12,
  fruitBombTiles: 16,
  rouletteBetsMax: 50,
  coinflipFlipsMax: 20,
  /** Longest client seed a player may choose. */
  clientSeedMax: 64,
} as const;

/**
 * House-edge parameters a project may configure, in basis points, and their documented bounds
 * (docs/games.md): mines' edge per mine (default 3 = 0.03 % per mine), fruit bomb's edge (default 200).
 * The other games' edges are fixed by their rules (1 % dice, roller, hilo, coinflip; 1/37 roulette).
 */
export const GAME_EDGE_BOUNDS = {
  mines: { min: 0, max: 20, default: 3 },
  'fruit-bomb': { min: 100, max: 300, default: 200 },
} as const;

/** A multiplier in basis points of the stake (10000 = 1×), digits only. */
export const MultiplierBpWire = z.string().regex(/^\d{1,40}$/);

/** A stake as the player types it; the server reads it in the bet asset's scale (too many digits: 702). */
export const StakeInput = z
  .string()
  .max(24)
  .regex(/^\d{1,19}(\.\d{1,18})?$/, 'expected a decimal amount');

/** A bet id: a UUID the client chooses; a retry with the same id and input plays nothing twice. */
export const BetId = z.string().uuid('unknown bet id');

export const ClientSeedInput = z
  .string()
  .trim()
  .min(1)
  .max(GAME_BOUNDS.clientSeedMax)
  .regex(/^[\x21-\x7e]+$/, 'client seed: printable characters without spaces');

// --- Seed pairs -------------------------------------------------------------------------------

/**
 * The player's seed pair. `serverSeedHash` commits to the active server seed (SHA-256 hex); the
 * `nextServerSeedHash` commits to the seed a rotation makes active, shown before the player chooses
 * the client seed it will be played with. `nonce` is the nonce of the next bet.
 */
export const SeedPairWire = z.object({
  serverSeedHash: z.string(),
  nextServerSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  /** Bets played with this pair so far. */
  bets: z.number().int(),
  createdAt: z.string(),
});
export type SeedPairWire = z.infer<typeof SeedPairWire>;

/** A pair retired by a rotation: its server seed revealed, so every bet of it can be verified. */
export const RevealedSeedPairWire = z.object({
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** Bets played with the pair (nonces 0 … bets − 1). */
  bets: z.number().int(),
  createdAt: z.string(),
  revealedAt: z.string(),
});
export type RevealedSeedPairWire = z.infer<typeof RevealedSeedPairWire>;

// --- Bet parameters and outcomes, per game ----------------------------------------------------

export const DiceParams = z
  .object({
    game: z.literal('dice'),
    /** Target in hundredths: 4950 = 49.50. Under wins on roll < target, over on roll > target. */
    target: z.number().int().min(GAME_BOUNDS.diceTargetMin).max(GAME_BOUNDS.diceTargetMax),
    direction: z.enum(['under', 'over']),
  })
  .strict();

export const RollerParams = z
  .object({
    game: z.literal('roller'),
    /** 1–99 999; the bet must win on 1 … 98 018 numbers (multiplier at least 1.01×). */
    target: z.number().int().min(GAME_BOUNDS.rollerMin).max(GAME_BOUNDS.rollerMax),
    direction: z.enum(['under', 'over']),
  })
  .strict();

export const ROULETTE_BET_KINDS = [
  'straight',
  'split',
  'street',
  'corner',
  'sixLine',
  'dozen',
  'column',
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
] as const;

/** One chip on the roulette table; its amount is part of the bet's stake. */
export const RouletteChipInput = z
  .object({
    kind: z.enum(ROULETTE_BET_KINDS),
    /** Inside bets: the numbers covered; dozen and column: [1-3]; even chances: none. */
    numbers: z.array(z.number().int().min(0).max(36)).max(6).default([]),
    amount: StakeInput,
  })
  .strict();

export const RouletteParams = z
  .object({
    game: z.literal('roulette'),
    /** The slip; the bet's `stake` must equal the sum of the chips' amounts. */
    bets: z.array(RouletteChipInput).min(1).max(GAME_BOUNDS.rouletteBetsMax),
  })
  .strict();

export const CoinflipParams = z
  .object({
    game: z.literal('coinflip'),
    /** `single`: one flip, settled in the bet call (needs `side`); `streak`: flip on with moves. */
    mode: z.enum(['single', 'streak']),
    side: z.enum(['heads', 'tails']).optional(),
  })
  .strict();

export const MinesParams = z
  .object({
    game: z.literal('mines'),
    mines: z.number().int().min(GAME_BOUNDS.minesMin).max(GAME_BOUNDS.minesMax),
  })
  .strict();

export const HiloParams = z.object({ game: z.literal('hilo') }).strict();

export const FruitBombParams = z
  .object({
    game: z.literal('fruit-bomb'),
    bombs: z.number().int().min(GAME_BOUNDS.fruitBombBombsMin).max(GAME_BOUNDS.fruitBombBombsMax),
  })
  .strict();

export const GameParamsInput = z.discriminatedUnion('game', [
  DiceParams,
  RollerParams,
  RouletteParams,
  CoinflipParams,
  MinesParams,
  HiloParams,
  FruitBombParams,
]);
export type GameParamsInput = z.input<typeof GameParamsInput>;

/** The parameters as kept and answered (roulette amounts in wire form). */
export const GameParamsWire = z.discriminatedUnion('game', [
  DiceParams,
  RollerParams,
  RouletteParams.extend({
    bets: z.array(
      z.object({ kind: z.enum(ROULETTE_BET_KINDS), numbers: z.array(z.number()), amount: AssetAmountWire }),
    ),
  }),
  CoinflipParams,
  MinesParams,
  HiloParams,
  FruitBombParams,
]);
export type GameParamsWire = z.infer<typeof GameParamsWire>;

export const FRUITS = ['cherry', 'lemon', 'orange', 'grape', 'watermelon'] as const;
export const FruitBombTileWire = z.enum([...FRUITS, 'bomb']);

/**
 * What the player sees of a game. For an open game only what has happened so far; the hidden parts
 * (`minePositions`, covered `tiles`, unturned `cards`, unflipped `sides`) appear once it is settled.
 */
export const GameOutcomeWire = z.discriminatedUnion('game', [
  z.object({
    game: z.literal('dice'),
    roll: z.number().int().describe('hundredths: 5486 = 54.86'),
    win: z.boolean(),
  }),
  z.object({ game: z.literal('roller'), number: z.number().int(), win: z.boolean() }),
  z.object({
    game: z.literal('roulette'),
    pocket: z.number().int(),
    bets: z.array(
      z.object({
        kind: z.enum(ROULETTE_BET_KINDS),
        numbers: z.array(z.number().int()),
        amount: AssetAmountWire,
        multiplierBp: MultiplierBpWire,
        payout: AssetAmountWire,
      }),
    ),
  }),
  z.object({
    game: z.literal('coinflip'),
    /** The player's calls so far. */
    calls: z.array(z.enum(['heads', 'tails'])),
    /** The sides flipped so far (all derived sides once settled). */
    sides: z.array(z.enum(['heads', 'tails'])),
    /** Multiplier if the next call is right (open streaks). */
    nextMultiplierBp: MultiplierBpWire.nullable(),
  }),
  z.object({
    game: z.literal('mines'),
    mines: z.number().int(),
    /** Tiles revealed, in order (a mine last when busted). */
    revealed: z.array(z.number().int()),
    /** Null while open; every mine tile (Stake's draw order) once settled. */
    minePositions: z.array(z.number().int()).nullable(),
    nextMultiplierBp: MultiplierBpWire.nullable(),
  }),
  z.object({
    game: z.literal('hilo'),
    /** Cards turned so far (indices 0-51, deck order ♦2 ♥2 ♠2 ♣2 ♦3 … ♣A); all 52 once settled. */
    cards: z.array(z.number().int()),
    position: z.number().int(),
    moves: z.array(
      z.object({
        guess: z.enum(['higher', 'lower', 'skip']),
        card: z.number().int(),
        won: z.boolean().nullable(),
      }),
    ),
    /** What a right guess would make the multiplier (open games). */
    nextHigherBp: MultiplierBpWire.nullable(),
    nextLowerBp: MultiplierBpWire.nullable(),
  }),
  z.object({
    game: z.literal('fruit-bomb'),
    bombs: z.number().int(),
    picked: z.array(z.number().int()),
    /** Tile 0-15: its fruit or bomb once picked or settled, null while covered. */
    tiles: z.array(FruitBombTileWire.nullable()),
    /** What picking each fruit still covered would make the multiplier (public: from the mix and picks). */
    nextMultipliersBp: z.record(z.string(), MultiplierBpWire),
  }),
]);
export type GameOutcomeWire = z.infer<typeof GameOutcomeWire>;

export const BET_STATUSES = ['open', 'won', 'lost'] as const;
export const BetStatusWire = z.enum(BET_STATUSES);

/** One bet: the stake, the payout, the seed inputs and the outcome. */
export const BetWire = z.object({
  id: z.string(),
  game: GameIdSchema,
  asset: AssetSchema,
  stake: AssetAmountWire,
  /** Paid to the player at settlement ("0.00" on a loss; the stake-so-far value while open is not paid). */
  payout: AssetAmountWire,
  /** Current (open) or final multiplier, basis points. */
  multiplierBp: MultiplierBpWire,
  /** `won` = settled with a payout, `lost` = settled at 0. */
  status: BetStatusWire,
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  /** The server seed, once the pair was rotated (bet detail only; null before). */
  serverSeed: z.string().nullable(),
  params: GameParamsWire,
  outcome: GameOutcomeWire,
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type BetWire = z.infer<typeof BetWire>;

/** A bet of the live feed (everyone's recent settled bets of the project; the player's name masked). */
export const FeedBetWire = z.object({
  id: z.string(),
  game: GameIdSchema,
  asset: AssetSchema,
  player: z.string(),
  stake: AssetAmountWire,
  payout: AssetAmountWire,
  multiplierBp: MultiplierBpWire,
  status: BetStatusWire,
  settledAt: z.string(),
});
export type FeedBetWire = z.infer<typeof FeedBetWire>;

/** The most feed bets kept and sent to a new subscriber. */
export const GAMES_FEED_SIZE = 30;

// --- Configuration ----------------------------------------------------------------------------

/** One game's settings in one asset of one project. */
export const GameConfigWire = z.object({
  game: GameIdSchema,
  asset: AssetSchema,
  /** Off: bets are refused with 10006. */
  enabled: z.boolean(),
  minBet: AssetAmountWire,
  maxBet: AssetAmountWire,
  /** The most one bet may pay; single-step bets that could pay more are refused (711), multi-step games cash out at it. */
  maxPayout: AssetAmountWire,
  /** Mines: edge per mine in bp; fruit-bomb: edge in bp; null for games with a fixed edge. */
  edgeBp: z.number().int().nullable(),
});
export type GameConfigWire = z.infer<typeof GameConfigWire>;

export const GameInfoWire = z.object({
  game: GameIdSchema,
  multiStep: z.boolean(),
  /** Documented return to player, basis points, at the project's configuration. */
  returnBp: z.number().int(),
  /** One config per asset games are played in. */
  configs: z.array(GameConfigWire),
});
export type GameInfoWire = z.infer<typeof GameInfoWire>;

/** One game's settings to store (the admin and console config endpoints). */
export const GameConfigUpdate = z
  .object({
    game: GameIdSchema,
    asset: AssetSchema,
    enabled: z.boolean(),
    minBet: StakeInput,
    maxBet: StakeInput,
    maxPayout: StakeInput,
    edgeBp: z.number().int().min(0).max(1000).nullable(),
  })
  .strict();

// --- Moves ------------------------------------------------------------------------------------

/** One move on an open multi-step game; the move must belong to the bet's game (else 3). */
export const GameMoveInput = z.discriminatedUnion('move', [
  /** Mines: reveal a tile 0-24. */
  z.object({ move: z.literal('reveal'), tile: z.number().int().min(0).max(24) }).strict(),
  /** Fruit bomb: pick a tile 0-15. */
  z.object({ move: z.literal('pick'), tile: z.number().int().min(0).max(15) }).strict(),
  /** Hilo: guess on the next card, or skip it. */
  z.object({ move: z.literal('guess'), guess: z.enum(['higher', 'lower', 'skip']) }).strict(),
  /** Coinflip streak: call the next flip. */
  z.object({ move: z.literal('flip'), side: z.enum(['heads', 'tails']) }).strict(),
]);
export type GameMoveInput = z.infer<typeof GameMoveInput>;

const BetCursor = z.string().regex(/^\d{1,18}$/, 'unknown cursor');

/** Codes a bet can answer: the gate, the limits, the balance, the switch, an open game, a reused id. */
const BET_ERRORS = [
  ErrorCode.UserCannotPlay,
  ErrorCode.LossLimitReached,
  ErrorCode.WagerLimitReached,
  ErrorCode.SessionTimeLimitReached,
  ErrorCode.GameInsufficientBalance,
  ErrorCode.InsufficientBalance,
  ErrorCode.GameUnavailable,
  ErrorCode.WrongBetAmount,
  ErrorCode.BetOverLimit,
  ErrorCode.GameAlreadyOpen,
  ErrorCode.BetIdConflict,
  ErrorCode.TryAgain,
  ErrorCode.ServiceMaintenance,
] as const;

/** Codes of a move or a cash-out. */
const MOVE_ERRORS = [
  ErrorCode.NotFound,
  ErrorCode.GameFinished,
  ErrorCode.NothingToCashOut,
  ErrorCode.MoveNotAllowed,
  ErrorCode.UserCannotPlay,
  ErrorCode.TryAgain,
] as const;

export const games = {
  lobby: endpoint({
    method: 'GET',
    path: '/main/games',
    access: 'secure',
    summary:
      "The in-house games of the caller's project: each game's switch, limits and RTP per asset, the assets games are played in and the default one",
    response: z.object({
      gameAsset: AssetSchema,
      assets: z.array(AssetSchema),
      games: z.array(GameInfoWire),
    }),
  }),
  seeds: endpoint({
    method: 'GET',
    path: '/main/games/seeds',
    access: 'secure',
    summary:
      "The caller's seed pair (active server-seed hash, next server-seed hash, client seed, next nonce) and the last revealed pairs",
    response: z.object({ active: SeedPairWire, revealed: z.array(RevealedSeedPairWire) }),
  }),
  setClientSeed: endpoint({
    method: 'PUT',
    path: '/main/games/seeds/client',
    access: 'secure',
    summary:
      'Set the client seed of the active pair (later bets use it; the nonce continues). Refused while a game is open (10010)',
    body: z.object({ clientSeed: ClientSeedInput }).strict(),
    response: SeedPairWire,
    errors: [ErrorCode.GameAlreadyOpen, ErrorCode.TryAgain],
  }),
  rotateSeed: endpoint({
    method: 'POST',
    path: '/main/games/seeds/rotate',
    access: 'secure',
    summary:
      'Rotate the seed pair: reveal the active server seed, make the next one (whose hash was shown) active with the given client seed (or the current one) at nonce 0, commit a new next seed. Refused while a game is open (10010)',
    body: z.object({ clientSeed: ClientSeedInput.optional() }).strict(),
    response: z.object({ revealed: RevealedSeedPairWire, active: SeedPairWire }),
    errors: [ErrorCode.GameAlreadyOpen, ErrorCode.TryAgain],
  }),
  bet: endpoint({
    method: 'POST',
    path: '/main/games/bets',
    access: 'secure',
    summary:
      'Place a bet with the id the client chose (a retry with the same id answers the same bet). Single-step games answer settled; multi-step games answer the open game',
    body: z.object({ id: BetId, asset: AssetSchema, stake: StakeInput, params: GameParamsInput }).strict(),
    response: BetWire,
    errors: BET_ERRORS,
  }),
  move: endpoint({
    method: 'POST',
    path: '/main/games/bets/:betId/move',
    access: 'secure',
    summary:
      'One move on an open game of the caller (reveal, pick, guess, flip); a losing move or the last possible one settles it',
    params: z.object({ betId: BetId }).strict(),
    body: GameMoveInput,
    response: BetWire,
    errors: MOVE_ERRORS,
  }),
  cashOut: endpoint({
    method: 'POST',
    path: '/main/games/bets/:betId/cashout',
    access: 'secure',
    summary:
      'Cash out an open game of the caller at its multiplier; pays once however often it is called (a finished game is 10011)',
    params: z.object({ betId: BetId }).strict(),
    response: BetWire,
    errors: MOVE_ERRORS,
  }),
  open: endpoint({
    method: 'GET',
    path: '/main/games/open/:game',
    access: 'secure',
    summary: "The caller's open game of this game (to resume it), or null",
    params: z.object({ game: GameIdSchema }).strict(),
    response: z.object({ bet: BetWire.nullable() }),
  }),
  myBets: endpoint({
    method: 'GET',
    path: '/main/games/bets',
    access: 'secure',
    summary:
      "The caller's bets, newest first, optionally of one game; keyset pages (pass nextCursor as cursor)",
    query: z
      .object({
        game: GameIdSchema.optional(),
        cursor: BetCursor.optional(),
        count: intInput(1, 100).default(20),
      })
      .strict(),
    response: z.object({ items: z.array(BetWire), nextCursor: z.string().nullable() }),
  }),
  betDetail: endpoint({
    method: 'GET',
    path: '/main/games/bets/:betId',
    access: 'secure',
    summary:
      "One bet of the caller, with its server seed once the pair was rotated (else null); another player's bet is 404",
    params: z.object({ betId: BetId }).strict(),
    response: BetWire,
    errors: [ErrorCode.NotFound],
  }),
  feed: endpoint({
    method: 'GET',
    path: '/main/games/feed',
    access: 'secure',
    summary: `Everyone's most recent settled bets in the caller's project (at most ${GAMES_FEED_SIZE}), optionally of one game; live ones arrive on the realtime stream GamesRealtimeRoute.feed`,
    query: z.object({ game: GameIdSchema.optional() }).strict(),
    response: z.object({ items: z.array(FeedBetWire) }),
  }),
  config: endpoint({
    method: 'GET',
    path: '/main/games/admin/config',
    access: 'secure',
    summary: "Admin: every game's configuration per asset of the caller's project",
    response: z.object({ items: z.array(GameConfigWire) }),
    errors: [ErrorCode.NoPermission],
  }),
  updateConfig: endpoint({
    method: 'PUT',
    path: '/main/games/admin/config',
    access: 'secure',
    summary:
      "Admin: set one game's switch, bet range, max payout and edge in one asset of the caller's project (edge within GAME_EDGE_BOUNDS)",
    body: GameConfigUpdate,
    response: GameConfigWire,
    errors: [ErrorCode.NoPermission],
  }),
};

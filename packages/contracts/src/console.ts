import { z } from 'zod';
import { BONUS_KINDS } from './bonus.ts';
import { BONUS_CAMPAIGNS_PERMISSIONS, bonusCampaignsApi } from './bonus-campaigns.ts';
import { CONSOLE_KYC_PERMISSIONS, consoleKycApi } from './console-kyc.ts';
import { CONSOLE_OPS_PERMISSIONS, consoleOpsApi } from './console-ops.ts';
import { CONSOLE_PEOPLE_PERMISSIONS, ConsoleOperator, consolePeopleApi } from './console-people.ts';
import { CONSOLE_PLAYERS_PERMISSIONS, consolePlayersApi } from './console-players.ts';
import { endpoint } from './endpoint.ts';
import { PayOrderState, WithdrawOrderState } from './enums.ts';
import { ErrorCode } from './errors.ts';
import { GameConfigUpdate, GameConfigWire, StakeInput } from './games.ts';
import { AssetSchema, MoneyInput } from './money.ts';
import {
  NOTICE_CONTENT_MAX_CHARS,
  NOTICE_SHOW_DURATION_MAX_SECONDS,
  NoticeAudienceType,
  SiteNotice,
} from './notices.ts';
import { DepositReversal, MonitoringCase, OperatorStatus, PayOrder } from './payhub.ts';
import { REFERRAL_TIERS_PERMISSIONS, referralTiersApi } from './referral-tiers.ts';
import { GIFT_CODE_KINDS, GiftCodeCreate } from './rewards-gifts.ts';
import { RoundFairness, RoundGameSchema, RoundStakeGameSchema, RoundStakeLimits } from './rounds.ts';
import { Maintenance } from './site.ts';
import { BooleanInput, Count, Id, intInput, Page } from './validation.ts';
import { AssetAmountWire, AssetBalance, HistoryRow } from './wallet.ts';
import { WithdrawOrder } from './withdraw.ts';

/**
 * The operator console (issue 19): staff of a licensed operator run the business from /console/.
 * A staff member holds one role per project (a grant); every console endpoint is allowed to the
 * roles CONSOLE_PERMISSIONS names and answers 1031 to everyone else, players and agents included.
 * docs/console.md has the table as a page.
 */
export const STAFF_ROLES = ['support', 'payments', 'compliance', 'finance', 'content', 'admin'] as const;
export const StaffRole = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRole>;

/** The keyset cursor: the id of the last row of the previous page. */
const Cursor = z.string().regex(/^\d{1,18}$/, 'unknown cursor');
const KeysetQuery = { cursor: Cursor.optional(), count: intInput(1, 100).default(20) };
const Keyset = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/** A calendar day, YYYY-MM-DD, in the project's time zone. */
export const ConsoleDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD');
/** The longest range one report covers. */
export const CONSOLE_REPORT_MAX_DAYS = 366;

/** A gift code as the console lists it (rewards-gifts.ts has the rules). */
export const ConsoleGiftCode = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(GIFT_CODE_KINDS),
  asset: AssetSchema,
  amount: z.string().nullable(),
  spins: z.number().int().nullable(),
  maxRedemptions: z.number().int(),
  perPlayer: z.number().int(),
  redeemed: z.number().int(),
  newUsersOnly: z.boolean(),
  depositRequired: z.boolean(),
  /** Unix seconds. */
  startsAt: z.number().int().nullable(),
  expiresAt: z.number().int(),
  networks: z.array(z.string()),
  active: z.boolean(),
  createdAt: z.number().int(),
});
export type ConsoleGiftCode = z.infer<typeof ConsoleGiftCode>;
export const ConsoleGiftRedemption = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  asset: AssetSchema,
  amount: z.string().nullable(),
  spins: z.number().int().nullable(),
  createdAt: z.number().int(),
});

/** The bonuses a reward-abuse case holds (rewards.bonus.ts): released = paid or queued, or voided. */
export const ConsoleHeldRewards = z.object({
  totals: z.array(z.object({ asset: AssetSchema, amount: AssetAmountWire, count: z.number().int() })),
  rewards: z.array(
    z.object({
      id: z.number().int(),
      playerId: z.number().int(),
      /** A first-deposit bonus is paid at once on release; a referral bonus is queued for its due time. */
      kind: z.enum(BONUS_KINDS),
      asset: AssetSchema,
      amount: AssetAmountWire,
    }),
  ),
});
export type ConsoleHeldRewards = z.infer<typeof ConsoleHeldRewards>;

export const ConsoleMe = z.object({
  userId: z.number().int(),
  nickname: z.string(),
  projectId: z.number().int(),
  /** The project's IANA time zone: the one its reports count days in (and their default range). */
  timeZone: z.string(),
  role: StaffRole,
  /** The console endpoints (names of `contracts.console`) this role may call here. */
  actions: z.array(z.string()),
  /** Projects where this staff member holds a grant. */
  projects: z.array(z.object({ projectId: z.number().int(), role: StaffRole })),
});

export const ConsolePlayer = z.object({
  userId: z.number().int(),
  phone: z.string(),
  nickname: z.string(),
  createdAt: z.string(),
});

export const ConsoleGrant = z.object({
  userId: z.number().int(),
  nickname: z.string(),
  projectId: z.number().int(),
  role: StaffRole,
  grantedBy: z.number().int().nullable(),
  grantedAt: z.string(),
});

export const ConsoleNote = z.object({
  id: z.number().int(),
  authorId: z.number().int(),
  body: z.string(),
  createdAt: z.string(),
});

export const ADJUSTMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const ConsoleAdjustment = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  asset: AssetSchema,
  /** Signed: positive credits the player, negative debits. */
  amount: AssetAmountWire,
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  requestedBy: z.number().int(),
  decidedBy: z.number().int().nullable(),
  decisionNote: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});

export const ConsoleAuditLine = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.number().int().nullable(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});

/** Money rails of the report: bank transfers through payment operators, and USDT on chain. */
export const REPORT_RAILS = ['bank', 'chain'] as const;
export const ConsoleMoneyDay = z.object({
  day: ConsoleDay,
  rail: z.enum(REPORT_RAILS),
  asset: AssetSchema,
  deposits: AssetAmountWire,
  depositCount: z.number().int(),
  withdrawals: AssetAmountWire,
  withdrawalCount: z.number().int(),
  /** Credited deposits the bank took back that day (bank rail; docs/payments.md), and how many. */
  reversals: AssetAmountWire,
  reversalCount: z.number().int(),
});

/** GGR of one local day, game and asset: stakes of settled bets minus their payouts (issue 19). */
export const ConsoleGameDay = z.object({
  day: ConsoleDay,
  /** An in-house game (game_bets) or a round game (crash, wingo). */
  game: z.string(),
  asset: AssetSchema,
  bets: z.number().int(),
  stakes: AssetAmountWire,
  payouts: AssetAmountWire,
  /** Signed: stakes − payouts (negative when the players won). */
  ggr: AssetAmountWire,
});
/**
 * NGR of one local day and asset of the project: GGR minus what the house gave players that day
 * (approved manual credits, net of manual debits). Costs are not attributed to games.
 */
export const ConsoleNgrDay = z.object({
  day: ConsoleDay,
  asset: AssetSchema,
  ggr: AssetAmountWire,
  bonusCost: AssetAmountWire,
  ngr: AssetAmountWire,
});

/**
 * What the bonus pool paid out (rewards: rebates, check-in, gift codes, the wheel, bonuses) and what
 * came back to it (clawbacks, forfeits), per local day, transfer code and asset (issue 19).
 */
export const ConsoleRewardDay = z.object({
  day: ConsoleDay,
  code: z.string(),
  asset: AssetSchema,
  paid: AssetAmountWire,
  paidCount: z.number().int(),
  returned: AssetAmountWire,
  returnedCount: z.number().int(),
});

/** One run of the ledger check from the console: when, by whom, and each invariant's finding. */
export const ConsoleLedgerCheck = z.object({
  id: z.string(),
  ranAt: z.number().int(),
  staffUserId: z.number().int(),
  ok: z.boolean(),
  transfers: z.number().int(),
  accounts: z.number().int(),
  results: z.array(z.object({ name: z.string(), violations: z.number().int() })),
});

/** A crash or wingo game's current hash chain: its terminating hash, salt, and how far it has run. */
/** A round game's stake range in one asset of the project; `custom` false: the server's defaults. */
export const ConsoleRoundStakes = RoundStakeLimits.extend({
  game: RoundStakeGameSchema,
  custom: z.boolean(),
});
export type ConsoleRoundStakes = z.infer<typeof ConsoleRoundStakes>;

/** A round game's stake range to store (minor units of the asset at most; min ≤ max). */
export const ConsoleRoundStakesUpdate = z
  .object({ game: RoundStakeGameSchema, asset: AssetSchema, minStake: StakeInput, maxStake: StakeInput })
  .strict();
/** Which range goes back to the server's defaults. */
export const ConsoleRoundStakesReset = z.object({ game: RoundStakeGameSchema, asset: AssetSchema }).strict();

export const ConsoleChainStatus = z.object({
  game: RoundGameSchema,
  /** Null when the game has no chain yet (the round clock creates one). */
  fairness: RoundFairness.nullable(),
  /** Rounds played on this chain so far. */
  roundsPlayed: z.number().int(),
});

/**
 * The thresholds the monitoring rules open cases at in the project (DESIGN.md §8; payhub's stored
 * figures, else its MONITORING defaults), as the Cases screen shows them: what "velocity", "just under"
 * and "many payers" mean in figures.
 */
export const ConsoleMonitoringRules = z.object({
  velocity: z.object({ maxOrders: z.number().int(), windowMinutes: z.number().int() }),
  justUnderThreshold: z.object({
    /** The project's reporting threshold in its currency. */
    threshold: z.string(),
    currency: z.string(),
    /** "Just under": within this many basis points below the threshold (or an operator's per-order max). */
    withinBps: z.number().int(),
  }),
  manyPayersOneCard: z.object({ maxPayers: z.number().int(), windowHours: z.number().int() }),
  /** The range a person may set the reporting threshold in (the project's currency). */
  thresholdBounds: z.object({ min: z.string(), max: z.string() }),
  /** When the project's figures were last set and by whom; null while the defaults apply. */
  updatedAt: z.string().nullable(),
  updatedBy: z.number().int().nullable(),
});
export type ConsoleMonitoringRules = z.infer<typeof ConsoleMonitoringRules>;

/** The bounds compliance or the admin set the monitoring figures within (the migration's CHECKs agree). */
export const MONITORING_RULE_BOUNDS = {
  velocityMaxOrders: [1, 100],
  velocityWindowMinutes: [1, 1440],
  justUnderBps: [10, 5000],
  manyPayersMax: [2, 1000],
  manyPayersWindowHours: [1, 168],
} as const;
const bounded = (key: keyof typeof MONITORING_RULE_BOUNDS) =>
  z.number().int().min(MONITORING_RULE_BOUNDS[key][0]).max(MONITORING_RULE_BOUNDS[key][1]);

/** New monitoring figures for the project (all of them; the threshold in the project's currency). */
export const MonitoringRulesInput = z
  .object({
    velocityMaxOrders: bounded('velocityMaxOrders'),
    velocityWindowMinutes: bounded('velocityWindowMinutes'),
    reportingThreshold: MoneyInput,
    justUnderBps: bounded('justUnderBps'),
    manyPayersMax: bounded('manyPayersMax'),
    manyPayersWindowHours: bounded('manyPayersWindowHours'),
  })
  .strict();
export type MonitoringRulesInput = z.infer<typeof MonitoringRulesInput>;

/**
 * Orders that wait for a person: a deposit the operator reported (EXCEPTIONAL), one being checked or
 * whose callback failed; a withdrawal reported or being corrected. The console's stuck queue.
 */
export const STUCK_DEPOSIT_STATES = [
  PayOrderState.EXCEPTIONAL,
  PayOrderState.CHECKING,
  PayOrderState.CALLBACK_FAILD,
] as const;
export const STUCK_WITHDRAW_STATES = [WithdrawOrderState.EXCEPTIONAL, WithdrawOrderState.UPDATE] as const;

/** A deposit order as the console lists it: with its reversal, when the bank took it back. */
export const ConsoleDeposit = PayOrder.extend({ reversal: DepositReversal.nullable() });

const OrdersQuery = z
  .object({
    page: Page,
    count: Count,
    state: intInput(-1, 9).optional(),
    stuck: BooleanInput.optional(),
    playerId: Id.optional(),
    orderNo: z.string().trim().min(1).max(40).optional(),
  })
  .strict();

const Reason = z.string().trim().min(3).max(500);
const UserParams = z.object({ userId: Id });

export const consoleApi = {
  me: endpoint({
    method: 'GET',
    path: '/main/console/me',
    access: 'secure',
    summary: "Console: the caller's staff role in this project and what it may do",
    response: ConsoleMe,
    errors: [ErrorCode.NoPermission],
  }),
  players: endpoint({
    method: 'GET',
    path: '/main/console/players',
    access: 'secure',
    summary: 'Console: find players by phone, id or nickname; keyset pages, newest first',
    query: z.object({ q: z.string().trim().max(64).optional(), ...KeysetQuery }).strict(),
    response: Keyset(ConsolePlayer),
    errors: [ErrorCode.NoPermission],
  }),
  player: endpoint({
    method: 'GET',
    path: '/main/console/players/:userId',
    access: 'secure',
    summary: "Console: a player's profile and balance per asset",
    params: UserParams,
    response: ConsolePlayer.extend({ balances: z.array(AssetBalance) }),
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound],
  }),
  playerHistory: endpoint({
    method: 'GET',
    path: '/main/console/players/:userId/history',
    access: 'secure',
    summary: "Console: a player's movements of every asset, newest first; keyset pages",
    params: UserParams,
    query: z.object(KeysetQuery).strict(),
    response: Keyset(HistoryRow),
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound],
  }),
  notes: endpoint({
    method: 'GET',
    path: '/main/console/players/:userId/notes',
    access: 'secure',
    summary: 'Console: staff notes on a player, newest first',
    params: UserParams,
    response: z.object({ items: z.array(ConsoleNote) }),
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound],
  }),
  addNote: endpoint({
    method: 'POST',
    path: '/main/console/players/:userId/notes',
    access: 'secure',
    summary: 'Console: add a staff note to a player',
    params: UserParams,
    body: z.object({ body: z.string().trim().min(1).max(2000) }).strict(),
    response: ConsoleNote,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound],
  }),
  adjustments: endpoint({
    method: 'GET',
    path: '/main/console/adjustments',
    access: 'secure',
    summary: 'Console: manual balance adjustments, newest first, by status and player',
    query: z
      .object({ status: z.enum(ADJUSTMENT_STATUSES).optional(), userId: Id.optional(), ...KeysetQuery })
      .strict(),
    response: Keyset(ConsoleAdjustment),
    errors: [ErrorCode.NoPermission],
  }),
  requestAdjustment: endpoint({
    method: 'POST',
    path: '/main/console/adjustments',
    access: 'secure',
    summary:
      'Console: request a manual balance adjustment (moves nothing until another staff member approves)',
    body: z
      .object({ userId: Id, asset: AssetSchema, amount: z.string().trim().min(1).max(32), reason: Reason })
      .strict(),
    response: ConsoleAdjustment,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound],
  }),
  approveAdjustment: endpoint({
    method: 'POST',
    path: '/main/console/adjustments/:id/approve',
    access: 'secure',
    summary:
      'Console: approve a pending adjustment (a different staff member); the ledger transfer happens now',
    params: z.object({ id: Id }),
    body: z.object({ note: z.string().trim().max(500).optional() }).strict(),
    response: ConsoleAdjustment,
    errors: [
      ErrorCode.NoPermission,
      ErrorCode.NotFound,
      ErrorCode.AdjustmentSameStaff,
      ErrorCode.AdjustmentDecided,
      ErrorCode.InsufficientBalanceWallet,
    ],
  }),
  rejectAdjustment: endpoint({
    method: 'POST',
    path: '/main/console/adjustments/:id/reject',
    access: 'secure',
    summary: 'Console: reject a pending adjustment with a reason',
    params: z.object({ id: Id }),
    body: z.object({ note: Reason }).strict(),
    response: ConsoleAdjustment,
    errors: [
      ErrorCode.NoPermission,
      ErrorCode.NotFound,
      ErrorCode.AdjustmentSameStaff,
      ErrorCode.AdjustmentDecided,
    ],
  }),
  deposits: endpoint({
    method: 'GET',
    path: '/main/console/deposits',
    access: 'secure',
    summary:
      'Console: deposit orders of the project with their states and reversals; `stuck` lists those waiting for a person',
    query: OrdersQuery,
    response: z.object({ items: z.array(ConsoleDeposit), total: z.number().int() }),
    errors: [ErrorCode.NoPermission],
  }),
  withdrawals: endpoint({
    method: 'GET',
    path: '/main/console/withdrawals',
    access: 'secure',
    summary:
      'Console: withdrawal orders of the project with their states; `stuck` lists those waiting for a person',
    query: OrdersQuery,
    response: z.object({ items: z.array(WithdrawOrder), total: z.number().int() }),
    errors: [ErrorCode.NoPermission],
  }),
  operators: endpoint({
    method: 'GET',
    path: '/main/console/operators',
    access: 'secure',
    summary: 'Console: payment operators with KYC status, limits, work status and commission; keyset pages',
    query: z
      .object({
        kycStatus: OperatorStatus.shape.kycStatus.optional(),
        q: z.string().trim().max(64).optional(),
        ...KeysetQuery,
      })
      .strict(),
    response: Keyset(ConsoleOperator),
    errors: [ErrorCode.NoPermission],
  }),
  decideKyc: endpoint({
    method: 'POST',
    path: '/main/console/operators/:userId/kyc',
    access: 'secure',
    summary: "Console: record an operator's KYC decision (and the verified name when verified)",
    params: UserParams,
    body: z
      .object({
        status: OperatorStatus.shape.kycStatus,
        verifiedName: z.string().trim().min(2).max(80).optional(),
      })
      .strict(),
    response: OperatorStatus,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound],
  }),
  cases: endpoint({
    method: 'GET',
    path: '/main/console/cases',
    access: 'secure',
    summary: "Console: monitoring (AML) cases of the project with their evidence, and the rules' thresholds",
    query: z
      .object({
        page: Page,
        count: Count,
        status: z.enum(['open', 'closed']).optional(),
        /** true: only cases escalated to the admin (the escalated queue); false: only the others. */
        escalated: BooleanInput.optional(),
      })
      .strict(),
    response: z.object({
      items: z.array(MonitoringCase),
      total: z.number().int(),
      rules: ConsoleMonitoringRules,
    }),
    errors: [ErrorCode.NoPermission],
  }),
  closeCase: endpoint({
    method: 'POST',
    path: '/main/console/cases/:id/close',
    access: 'secure',
    summary:
      "Console: close a monitoring case with a decision; a reward-abuse case's held rewards are released or voided with it",
    params: z.object({ id: Id }),
    body: z
      .object({
        resolution: z.string().trim().min(1).max(500),
        /** Reward-abuse cases (issue 17): pay the held rewards (`release`) or cancel them (`void`). */
        heldRewards: z.enum(['release', 'void']).optional(),
      })
      .strict(),
    response: MonitoringCase,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound, ErrorCode.CaseAlreadyHandled],
  }),
  setMonitoringRules: endpoint({
    method: 'PUT',
    path: '/main/console/cases/rules',
    access: 'secure',
    summary:
      'Console: set the project\'s monitoring thresholds (velocity, reporting threshold and the "just under" margin, many payers per card) within their bounds; audited with before and after',
    body: MonitoringRulesInput,
    response: ConsoleMonitoringRules,
    errors: [ErrorCode.NoPermission],
  }),
  escalateCase: endpoint({
    method: 'POST',
    path: '/main/console/cases/:id/escalate',
    access: 'secure',
    summary:
      "Console: a compliance officer escalates an open monitoring case to the project's admin with a note (once; the case stays open)",
    params: z.object({ id: Id }).strict(),
    body: z.object({ note: z.string().trim().min(3).max(500) }).strict(),
    response: MonitoringCase,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound, ErrorCode.CaseAlreadyHandled],
  }),
  caseHeldRewards: endpoint({
    method: 'GET',
    path: '/main/console/cases/:id/held-rewards',
    access: 'secure',
    summary:
      'Console: what a reward-abuse case holds before it is decided — each held bonus (player, kind, asset, amount) and the sum per asset',
    params: z.object({ id: Id }).strict(),
    response: ConsoleHeldRewards,
    errors: [ErrorCode.NoPermission],
  }),
  publishNotice: endpoint({
    method: 'POST',
    path: '/main/console/notices',
    access: 'secure',
    summary:
      'Console: publish a site notice (allow-listed HTML) to the agents of the project in its audience (absent or empty = everyone), live — or at a future `showAt`',
    body: z
      .object({
        content: z.string().trim().min(1).max(NOTICE_CONTENT_MAX_CHARS),
        showDuration: intInput(0, NOTICE_SHOW_DURATION_MAX_SECONDS),
        audience: z.array(NoticeAudienceType).max(10).optional(),
        /** Epoch ms in the future: stored now, published to the agents at that time (console-ops `notices`). */
        showAt: z.number().int().min(1_577_836_800_000).max(4_102_444_800_000).optional(),
      })
      .strict(),
    response: SiteNotice,
    errors: [ErrorCode.NoPermission],
  }),
  maintenance: endpoint({
    method: 'POST',
    path: '/main/console/maintenance',
    access: 'secure',
    summary: 'Console: switch maintenance mode of the project on or off',
    body: Maintenance.strict(),
    response: Maintenance,
    errors: [ErrorCode.NoPermission],
  }),
  moneyReport: endpoint({
    method: 'GET',
    path: '/main/console/reports/money',
    access: 'secure',
    summary: `Console: deposits, withdrawals and reversed deposits per day and rail (at most ${CONSOLE_REPORT_MAX_DAYS} days), from the ledger and the payment hub's reversals`,
    query: z.object({ from: ConsoleDay, to: ConsoleDay }).strict(),
    response: z.object({ timeZone: z.string(), items: z.array(ConsoleMoneyDay) }),
    errors: [ErrorCode.NoPermission],
  }),
  gameReport: endpoint({
    method: 'GET',
    path: '/main/console/reports/games',
    access: 'secure',
    summary: `Console: GGR per day, game and asset over settled game and round bets, and NGR per day and asset (at most ${CONSOLE_REPORT_MAX_DAYS} days)`,
    query: z.object({ from: ConsoleDay, to: ConsoleDay }).strict(),
    response: z.object({
      timeZone: z.string(),
      items: z.array(ConsoleGameDay),
      days: z.array(ConsoleNgrDay),
    }),
    errors: [ErrorCode.NoPermission],
  }),
  rewardsReport: endpoint({
    method: 'GET',
    path: '/main/console/reports/rewards',
    access: 'secure',
    summary: `Console: what the bonus pool paid and took back per day, transfer code and asset (at most ${CONSOLE_REPORT_MAX_DAYS} days), from the ledger`,
    query: z.object({ from: ConsoleDay, to: ConsoleDay }).strict(),
    response: z.object({ timeZone: z.string(), items: z.array(ConsoleRewardDay) }),
    errors: [ErrorCode.NoPermission],
  }),
  ledgerChecks: endpoint({
    method: 'GET',
    path: '/main/console/ledger-checks',
    access: 'secure',
    summary: 'Console: the last runs of the ledger check (newest first, at most 10)',
    response: z.object({ items: z.array(ConsoleLedgerCheck) }),
    errors: [ErrorCode.NoPermission],
  }),
  runLedgerCheck: endpoint({
    method: 'POST',
    path: '/main/console/ledger-checks',
    access: 'secure',
    summary: 'Console: run the ledger check now (every ledger and module invariant) and keep its result',
    body: z.object({}).strict(),
    response: ConsoleLedgerCheck,
    errors: [ErrorCode.NoPermission, ErrorCode.TooFrequent],
  }),
  games: endpoint({
    method: 'GET',
    path: '/main/console/games',
    access: 'secure',
    summary:
      "Console: every in-house game's settings per asset of the project, crash's and wingo's stake ranges, and their chains' status (terminating hash, salt)",
    response: z.object({
      configs: z.array(GameConfigWire),
      roundStakes: z.array(ConsoleRoundStakes),
      chains: z.array(ConsoleChainStatus),
    }),
    errors: [ErrorCode.NoPermission],
  }),
  updateGame: endpoint({
    method: 'PUT',
    path: '/main/console/games/config',
    access: 'secure',
    summary:
      'Console: switch a game on or off and set its bet range, max payout and edge (within GAME_EDGE_BOUNDS) in one asset of the project',
    body: GameConfigUpdate,
    response: GameConfigWire,
    errors: [ErrorCode.NoPermission],
  }),
  updateRoundStakes: endpoint({
    method: 'PUT',
    path: '/main/console/games/round-stakes',
    access: 'secure',
    summary:
      "Console: set the smallest and largest stake of a crash or wingo bet in one asset of the project (the server's defaults until set)",
    body: ConsoleRoundStakesUpdate,
    response: ConsoleRoundStakes,
    errors: [ErrorCode.NoPermission],
  }),
  resetRoundStakes: endpoint({
    method: 'POST',
    path: '/main/console/games/round-stakes/reset',
    access: 'secure',
    summary:
      "Console: put a crash or wingo stake range in one asset back to the server's defaults (again changes nothing)",
    body: ConsoleRoundStakesReset,
    response: ConsoleRoundStakes,
    errors: [ErrorCode.NoPermission],
  }),
  setRoundSalt: endpoint({
    method: 'PUT',
    path: '/main/console/games/salt',
    access: 'secure',
    summary:
      "Console: fix the salt of a crash/wingo game's current chain once (a public value chosen by nobody, e.g. a future Bitcoin block hash)",
    body: z
      .object({
        game: RoundGameSchema,
        terminatingHash: z.string().regex(/^[0-9a-f]{64}$/),
        salt: z.string().min(16).max(128),
        source: z.string().trim().min(1).max(200),
      })
      .strict(),
    response: RoundFairness,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound, ErrorCode.RoundSaltFixed],
  }),
  audit: endpoint({
    method: 'GET',
    path: '/main/console/audit',
    access: 'secure',
    summary:
      "Console: the project's audit log, newest first, filtered by action, object and actor (read-only)",
    query: z
      .object({
        action: z.string().trim().max(60).optional(),
        objectType: z.string().trim().max(60).optional(),
        objectId: z.string().trim().max(80).optional(),
        actorId: Id.optional(),
        ...KeysetQuery,
      })
      .strict(),
    response: Keyset(ConsoleAuditLine),
    errors: [ErrorCode.NoPermission],
  }),
  giftCodes: endpoint({
    method: 'GET',
    path: '/main/console/gift-codes',
    access: 'secure',
    summary: "Console: the project's gift codes, newest first, searched by part of the code (keyset paging)",
    query: z
      .object({
        q: z
          .string()
          .trim()
          .max(20)
          .regex(/^[A-Za-z0-9]*$/, 'letters and digits only')
          .optional(),
        ...KeysetQuery,
      })
      .strict(),
    response: Keyset(ConsoleGiftCode),
    errors: [ErrorCode.NoPermission],
  }),
  createGiftCode: endpoint({
    method: 'POST',
    path: '/main/console/gift-codes',
    access: 'secure',
    summary:
      'Console: create a gift code of an amount or of wheel spins (limits, new users only, deposit required, start, expiry, networks)',
    body: GiftCodeCreate,
    response: z.object({ code: z.string() }),
    errors: [ErrorCode.NoPermission, ErrorCode.GiftCodeTaken],
  }),
  deactivateGiftCode: endpoint({
    method: 'POST',
    path: '/main/console/gift-codes/:id/deactivate',
    access: 'secure',
    summary: 'Console: deactivate a gift code (redemptions answer 8011 after; again changes nothing)',
    params: z.object({ id: Id }).strict(),
    response: ConsoleGiftCode,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound],
  }),
  giftRedemptions: endpoint({
    method: 'GET',
    path: '/main/console/gift-codes/:id/redemptions',
    access: 'secure',
    summary: "Console: a gift code's redemptions, newest first (keyset paging)",
    params: z.object({ id: Id }).strict(),
    query: z.object({ ...KeysetQuery }).strict(),
    response: Keyset(ConsoleGiftRedemption),
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound],
  }),
  staff: endpoint({
    method: 'GET',
    path: '/main/console/staff',
    access: 'secure',
    summary: 'Console: the staff grants of this project (who holds which role)',
    response: z.object({ items: z.array(ConsoleGrant) }),
    errors: [ErrorCode.NoPermission],
  }),
  grant: endpoint({
    method: 'POST',
    path: '/main/console/staff',
    access: 'secure',
    summary:
      'Console: grant a staff role to an account in a project (the caller must be admin there too), or revoke it with role null',
    body: z.object({ userId: Id, projectId: Id, role: StaffRole.nullable() }).strict(),
    response: z.object({ items: z.array(ConsoleGrant) }),
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound],
  }),
  ...consoleKycApi,
  ...consoleOpsApi,
  ...bonusCampaignsApi,
  ...referralTiersApi,
  ...consolePlayersApi,
  ...consolePeopleApi,
};

export type ConsoleAction = keyof typeof consoleApi;

const ALL = STAFF_ROLES;
/**
 * Who may call what: every console endpoint × role. The server checks it on every call; the app
 * hides what the role may not do; docs/console.md shows it; console.permissions.int.test.ts proves it.
 */
export const CONSOLE_PERMISSIONS: Readonly<Record<ConsoleAction, readonly StaffRole[]>> = {
  me: ALL,
  players: ['support', 'payments', 'compliance', 'finance', 'admin'],
  player: ['support', 'payments', 'compliance', 'finance', 'admin'],
  playerHistory: ['support', 'payments', 'compliance', 'finance', 'admin'],
  notes: ['support', 'payments', 'compliance', 'finance', 'admin'],
  addNote: ['support', 'compliance', 'admin'],
  adjustments: ['support', 'payments', 'finance', 'admin'],
  requestAdjustment: ['support', 'payments', 'admin'],
  approveAdjustment: ['finance', 'admin'],
  rejectAdjustment: ['finance', 'admin'],
  deposits: ['support', 'payments', 'compliance', 'finance', 'admin'],
  withdrawals: ['support', 'payments', 'compliance', 'finance', 'admin'],
  operators: ['payments', 'compliance', 'admin'],
  decideKyc: ['compliance', 'admin'],
  cases: ['compliance', 'admin'],
  closeCase: ['compliance', 'admin'],
  /** Compliance hands a case up to the admin; the admin, its recipient, does not escalate. */
  escalateCase: ['compliance'],
  setMonitoringRules: ['compliance', 'admin'],
  caseHeldRewards: ['compliance', 'admin'],
  publishNotice: ['content', 'admin'],
  maintenance: ['content', 'admin'],
  moneyReport: ['finance', 'admin'],
  rewardsReport: ['finance', 'admin'],
  ledgerChecks: ['finance', 'admin'],
  runLedgerCheck: ['finance', 'admin'],
  gameReport: ['finance', 'admin'],
  games: ['finance', 'admin'],
  updateGame: ['admin'],
  updateRoundStakes: ['admin'],
  resetRoundStakes: ['admin'],
  setRoundSalt: ['admin'],
  audit: ['compliance', 'finance', 'admin'],
  staff: ['admin'],
  grant: ['admin'],
  ...CONSOLE_KYC_PERMISSIONS,
  ...CONSOLE_OPS_PERMISSIONS,
  ...CONSOLE_PLAYERS_PERMISSIONS,
  ...CONSOLE_PEOPLE_PERMISSIONS,
  giftCodes: ['finance', 'content', 'admin'],
  createGiftCode: ['content', 'admin'],
  deactivateGiftCode: ['content', 'admin'],
  giftRedemptions: ['finance', 'content', 'admin'],
  ...BONUS_CAMPAIGNS_PERMISSIONS,
  ...REFERRAL_TIERS_PERMISSIONS,
};

export function consoleAllows(role: StaffRole, action: ConsoleAction): boolean {
  return CONSOLE_PERMISSIONS[action].includes(role);
}

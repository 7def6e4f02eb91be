import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { PayOrderState, WithdrawOrderState } from './enums.ts';
import { ErrorCode } from './errors.ts';
import { GameConfigUpdate, GameConfigWire } from './games.ts';
import { AssetSchema } from './money.ts';
import {
  NOTICE_CONTENT_MAX_CHARS,
  NOTICE_SHOW_DURATION_MAX_SECONDS,
  NoticeAudienceType,
  SiteNotice,
} from './notices.ts';
import { MonitoringCase, OperatorStatus, PayOrderPage } from './payhub.ts';
import { RoundFairness, RoundGameSchema } from './rounds.ts';
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

export const ConsoleMe = z.object({
  userId: z.number().int(),
  nickname: z.string(),
  projectId: z.number().int(),
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

export const ConsoleOperator = z.object({
  userId: z.number().int(),
  phone: z.string(),
  nickname: z.string(),
  kycStatus: OperatorStatus.shape.kycStatus,
  verifiedName: z.string().nullable(),
  working: z.boolean(),
  perOrderMax: z.string(),
  dailyMax: z.string(),
  commissionBps: z.number().int(),
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

/** A crash or wingo game's current hash chain: its terminating hash, salt, and how far it has run. */
export const ConsoleChainStatus = z.object({
  game: RoundGameSchema,
  /** Null when the game has no chain yet (the round clock creates one). */
  fairness: RoundFairness.nullable(),
  /** Rounds played on this chain so far. */
  roundsPlayed: z.number().int(),
});

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
      'Console: deposit orders of the project with their states; `stuck` lists those waiting for a person',
    query: OrdersQuery,
    response: PayOrderPage,
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
    summary: 'Console: monitoring (AML) cases of the project with their evidence',
    query: z.object({ page: Page, count: Count, status: z.enum(['open', 'closed']).optional() }).strict(),
    response: z.object({ items: z.array(MonitoringCase), total: z.number().int() }),
    errors: [ErrorCode.NoPermission],
  }),
  closeCase: endpoint({
    method: 'POST',
    path: '/main/console/cases/:id/close',
    access: 'secure',
    summary: 'Console: close a monitoring case with a decision',
    params: z.object({ id: Id }),
    body: z.object({ resolution: z.string().trim().min(1).max(500) }).strict(),
    response: MonitoringCase,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound, ErrorCode.OrderAlreadyStarted],
  }),
  publishNotice: endpoint({
    method: 'POST',
    path: '/main/console/notices',
    access: 'secure',
    summary:
      'Console: publish a site notice (allow-listed HTML) to the agents of the project in its audience (absent or empty = everyone), live',
    body: z
      .object({
        content: z.string().trim().min(1).max(NOTICE_CONTENT_MAX_CHARS),
        showDuration: intInput(0, NOTICE_SHOW_DURATION_MAX_SECONDS),
        audience: z.array(NoticeAudienceType).max(10).optional(),
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
    summary: `Console: deposits and withdrawals per day and rail (at most ${CONSOLE_REPORT_MAX_DAYS} days), from the ledger`,
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
  games: endpoint({
    method: 'GET',
    path: '/main/console/games',
    access: 'secure',
    summary:
      "Console: every in-house game's settings per asset of the project, and the crash/wingo chains' status (terminating hash, salt)",
    response: z.object({ configs: z.array(GameConfigWire), chains: z.array(ConsoleChainStatus) }),
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
  publishNotice: ['content', 'admin'],
  maintenance: ['content', 'admin'],
  moneyReport: ['finance', 'admin'],
  gameReport: ['finance', 'admin'],
  games: ['finance', 'admin'],
  updateGame: ['admin'],
  setRoundSalt: ['admin'],
  audit: ['compliance', 'finance', 'admin'],
  staff: ['admin'],
  grant: ['admin'],
};

export function consoleAllows(role: StaffRole, action: ConsoleAction): boolean {
  return CONSOLE_PERMISSIONS[action].includes(role);
}

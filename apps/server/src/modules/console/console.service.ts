import {
  type Asset,
  CONSOLE_PERMISSIONS,
  CONSOLE_REPORT_MAX_DAYS,
  type ConsoleAction,
  type ConsoleHeldRewards,
  consoleAllows,
  ErrorCode,
  formatAmount,
  type LocalCurrency,
  type Maintenance,
  type NoticeAudienceType,
  type ProjectConfig,
  STUCK_DEPOSIT_STATES,
  STUCK_WITHDRAW_STATES,
  type StaffRole,
  tryParseAmount,
} from '@payhub/contracts';
import type { Ledger } from '../../ledger/ledger.ts';
import { withLedgerRefusals } from '../../money/ledger-refusal.ts';
import { listAudit, writeAudit } from '../../platform/audit/audit.repo.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/database.ts';
import { AppError, badParameter, noPermission, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import type { GamesService } from '../games/games.service.ts';
import type { NoticesService } from '../notices/notices.service.ts';
import type { MonitoringRules } from '../payhub/payhub.rules.ts';
import { type PayhubService, toPayOrderWire } from '../payhub/payhub.service.ts';
import type { GiftCodes } from '../rewards/rewards.gift-codes.ts';
import type { RoundsService } from '../rounds/rounds.service.ts';
import type { MaintenanceGate } from '../site/maintenance.ts';
import { type WalletService, walletAssets } from '../wallet/wallet.service.ts';
import type { WithdrawService } from '../withdraw/withdraw.service.ts';
import type { AdjustmentRow, ConsoleRepo } from './console.repo.ts';

/** A staff member acting in one project with one role (the grant the call was allowed by). */
export interface Staff {
  userId: number;
  projectId: number;
  role: StaffRole;
  ip: string;
}

/**
 * What the console calls in other modules: their services, handed in at composition (app.ts). The
 * admin entry points of those services take a session; the console hands them a delegated session
 * (staffRole 'admin', the staff member's id, the project acted on) only after its own permission
 * table allowed the call, so their audit lines name the staff member.
 */
export interface ConsoleDeps {
  repo: ConsoleRepo;
  clock: Clock;
  ledger: Ledger;
  projectById: (id: number) => ProjectConfig | undefined;
  users: {
    findForStaff(query: {
      projectId: number;
      q?: string | undefined;
      before?: number;
      limit: number;
    }): Promise<Array<{ userId: number; phone: string; nickname: string; createdAt: Date }>>;
    profileForStaff(
      projectId: number,
      userId: number,
    ): Promise<{ userId: number; phone: string; nickname: string; createdAt: Date } | null>;
    nickname(userId: number): Promise<string | null>;
  };
  wallet: Pick<WalletService, 'balances' | 'history'>;
  payhub: Pick<
    PayhubService,
    | 'adminCases'
    | 'adminCloseCaseIn'
    | 'adminEscalateCase'
    | 'adminMonitoringRules'
    | 'adminSetMonitoringRules'
    | 'adminSetKyc'
    | 'adminOperators'
    | 'adminOrders'
    | 'adminReversals'
    | 'adminReversalTotals'
  >;
  withdraw: Pick<WithdrawService, 'adminOrders'>;
  notices: Pick<NoticesService, 'create'>;
  maintenance: Pick<MaintenanceGate, 'set'>;
  /** Settled bets per day, game and asset, from the games and rounds modules (the GGR report). */
  games: Pick<GamesService, 'dailyTotals' | 'config' | 'updateConfig'>;
  rounds: Pick<
    RoundsService,
    'dailyTotals' | 'chainStatus' | 'setSalt' | 'stakeRanges' | 'setStakeRange' | 'resetStakeRange'
  >;
  /**
   * Held rewards of a reward-abuse case: released or voided when staff close the case (rewards). The
   * count and the decision run inside the close's transaction; `notify` sends after it committed.
   */
  heldRewards: {
    /** What the case holds, per bonus and per asset (the confirmation before "pay the rewards"). */
    list(projectId: number, caseId: number): Promise<ConsoleHeldRewards>;
    /** How many rewards the case still holds (locked until the transaction ends). */
    heldCount(tx: Executor, projectId: number, caseId: number): Promise<number>;
    decide(
      tx: Executor,
      projectId: number,
      caseId: number,
      decision: 'release' | 'void',
    ): Promise<{ released: number; voided: number; notify: () => Promise<void> }>;
  };
  /** Gift codes of the rewards module (its admin entry points, called with a delegated session). */
  giftCodes: Pick<GiftCodes, 'create' | 'list' | 'deactivate' | 'redemptions'>;
}

/** Transfer codes of the money report: code → rail and direction (wallet.types.ts names the same codes). */
const REPORT_CODES = [
  { code: 'deposit', rail: 'bank', direction: 'deposit' },
  { code: 'withdraw', rail: 'bank', direction: 'withdrawal' },
  { code: 'chain_deposit', rail: 'chain', direction: 'deposit' },
  { code: 'chain_withdraw', rail: 'chain', direction: 'withdrawal' },
] as const;

/** The ledger code of a manual adjustment (credit or debit of a player wallet against the house). */
export const ADJUSTMENT_CODE = 'adjustment';

const DAY_MS = 86_400_000;

interface OrdersQuery {
  page: number;
  count: number;
  state?: number | undefined;
  stuck?: boolean | undefined;
  playerId?: number | undefined;
  orderNo?: string | undefined;
}

function adjustmentWire(row: AdjustmentRow) {
  return {
    id: row.id,
    userId: row.userId,
    asset: row.asset,
    amount: formatAmount(row.amount, row.asset),
    reason: row.reason,
    status: row.status,
    requestedBy: row.requestedBy,
    decidedBy: row.decidedBy,
    decisionNote: row.decisionNote,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}

/** The monitoring figures as the Cases screen shows them (ConsoleMonitoringRules). */
function rulesWire(
  state: {
    rules: MonitoringRules;
    updatedAt: Date | null;
    updatedBy: number | null;
    bounds: readonly [bigint, bigint];
  },
  currency: LocalCurrency,
) {
  return {
    velocity: { maxOrders: state.rules.velocityMaxOrders, windowMinutes: state.rules.velocityWindowMinutes },
    justUnderThreshold: {
      threshold: formatAmount(state.rules.reportingThreshold, currency),
      currency,
      withinBps: state.rules.justUnderBps,
    },
    manyPayersOneCard: {
      maxPayers: state.rules.manyPayersMax,
      windowHours: state.rules.manyPayersWindowHours,
    },
    thresholdBounds: {
      min: formatAmount(state.bounds[0], currency),
      max: formatAmount(state.bounds[1], currency),
    },
    updatedAt: state.updatedAt?.toISOString() ?? null,
    updatedBy: state.updatedBy,
  };
}

export function createConsoleService(deps: ConsoleDeps) {
  const { repo, clock, ledger } = deps;

  async function grantsWire(executor: Parameters<ConsoleRepo['projectGrants']>[0], projectId: number) {
    const rows = await repo.projectGrants(executor, projectId);
    return Promise.all(
      rows.map(async (row) => ({
        ...row,
        nickname: (await deps.users.nickname(row.userId)) ?? '',
        grantedAt: row.grantedAt.toISOString(),
      })),
    );
  }

  /** The session other services' admin entry points take, for a staff member the console allowed. */
  function delegated(staff: Staff, base: Session): Session {
    return { ...base, userId: staff.userId, projectId: staff.projectId, staffRole: 'admin' };
  }
  /** A read-only view of a player's own wallet calls (balances, history). */
  function asPlayer(base: Session, projectId: number, userId: number): Session {
    return { ...base, userId, projectId, staffRole: null };
  }
  /** An adjustment's asset must be one the project's players hold (3 otherwise: no foreign accounts). */
  function requireProjectAsset(projectId: number, asset: Asset): void {
    const project = deps.projectById(projectId);
    if (!project) throw notFound('project');
    const assets = walletAssets(project);
    if (!assets.includes(asset)) throw badParameter(`body.asset: one of ${assets.join(', ')}`);
  }
  async function requirePlayer(staff: Staff, userId: number) {
    const player = await deps.users.profileForStaff(staff.projectId, userId);
    if (!player) throw notFound('player');
    return player;
  }

  /** The project of a report, after checking its day range (bad input answers 1001). */
  function reportProject(staff: Staff, query: { from: string; to: string }): ProjectConfig {
    const project = deps.projectById(staff.projectId);
    if (!project) throw notFound('project');
    const from = Date.parse(`${query.from}T00:00:00Z`);
    const to = Date.parse(`${query.to}T00:00:00Z`);
    if (Number.isNaN(from)) throw badParameter('query.from: not a date');
    if (Number.isNaN(to)) throw badParameter('query.to: not a date');
    if (to < from) throw badParameter('query.to: must not be before from');
    if ((to - from) / DAY_MS >= CONSOLE_REPORT_MAX_DAYS)
      throw badParameter(`query.to: at most ${CONSOLE_REPORT_MAX_DAYS} days after from`);
    return project;
  }

  return {
    reportProject,
    /**
     * The permission check every console endpoint runs first: the caller's grant in the project the
     * call is for, and the role's right to the action. Anyone without a grant (players, agents,
     * staff of another project) answers 1031.
     */
    async authorize(
      session: Session,
      project: ProjectConfig,
      action: ConsoleAction,
      ip: string,
    ): Promise<Staff> {
      const grant = (await repo.grantsOf(session.userId)).find((row) => row.projectId === project.projectId);
      if (!grant || !consoleAllows(grant.role, action)) throw noPermission();
      return { userId: session.userId, projectId: project.projectId, role: grant.role, ip };
    },

    async me(staff: Staff) {
      const grants = await repo.grantsOf(staff.userId);
      return {
        userId: staff.userId,
        nickname: (await deps.users.nickname(staff.userId)) ?? '',
        projectId: staff.projectId,
        timeZone: deps.projectById(staff.projectId)?.timeZone ?? 'UTC',
        role: staff.role,
        actions: (Object.keys(CONSOLE_PERMISSIONS) as ConsoleAction[]).filter((action) =>
          consoleAllows(staff.role, action),
        ),
        projects: grants.map((grant) => ({ projectId: grant.projectId, role: grant.role })),
      };
    },

    async players(
      staff: Staff,
      query: { q?: string | undefined; cursor?: string | undefined; count: number },
    ) {
      const rows = await deps.users.findForStaff({
        projectId: staff.projectId,
        q: query.q,
        ...(query.cursor ? { before: Number(query.cursor) } : {}),
        limit: query.count + 1,
      });
      const page = rows.slice(0, query.count);
      return {
        items: page.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        nextCursor: rows.length > query.count ? String(page[page.length - 1]!.userId) : null,
      };
    },

    async player(staff: Staff, session: Session, userId: number) {
      const player = await requirePlayer(staff, userId);
      const balances = await deps.wallet.balances(asPlayer(session, staff.projectId, userId));
      return { ...player, createdAt: player.createdAt.toISOString(), balances: balances.items };
    },

    async playerHistory(
      staff: Staff,
      session: Session,
      userId: number,
      query: { cursor?: string | undefined; count: number },
    ) {
      await requirePlayer(staff, userId);
      return deps.wallet.history(asPlayer(session, staff.projectId, userId), query);
    },

    async notes(staff: Staff, userId: number) {
      await requirePlayer(staff, userId);
      const rows = await repo.notes(staff.projectId, userId);
      return { items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
    },

    async addNote(staff: Staff, userId: number, body: string) {
      await requirePlayer(staff, userId);
      return repo.transaction(async (tx) => {
        const note = await repo.addNote(tx, {
          projectId: staff.projectId,
          userId,
          authorId: staff.userId,
          body,
          at: clock.now(),
        });
        await writeAudit(tx, {
          projectId: staff.projectId,
          actorId: staff.userId,
          action: 'console.note.add',
          objectType: 'user',
          objectId: String(userId),
          after: { noteId: note.id, chars: body.length },
          ip: staff.ip,
        });
        return { ...note, createdAt: note.createdAt.toISOString() };
      });
    },

    async adjustments(
      staff: Staff,
      query: {
        status?: AdjustmentRow['status'] | undefined;
        userId?: number | undefined;
        cursor?: string | undefined;
        count: number;
      },
    ) {
      const rows = await repo.adjustments({
        projectId: staff.projectId,
        status: query.status,
        userId: query.userId,
        before: query.cursor ? Number(query.cursor) : undefined,
        limit: query.count + 1,
      });
      const page = rows.slice(0, query.count);
      return {
        items: page.map(adjustmentWire),
        nextCursor: rows.length > query.count ? String(page[page.length - 1]!.id) : null,
      };
    },

    /** Records the request only; nothing moves until a different staff member approves it. */
    async requestAdjustment(
      staff: Staff,
      input: { userId: number; asset: Asset; amount: string; reason: string },
    ) {
      requireProjectAsset(staff.projectId, input.asset);
      const amount = tryParseAmount(input.amount, input.asset, 'input');
      if (amount === null || amount === 0n)
        throw badParameter('body.amount: a non-zero signed amount of the asset');
      await requirePlayer(staff, input.userId);
      return repo.transaction(async (tx) => {
        const row = await repo.createAdjustment(tx, {
          projectId: staff.projectId,
          userId: input.userId,
          asset: input.asset,
          amount,
          reason: input.reason,
          requestedBy: staff.userId,
          at: clock.now(),
        });
        await writeAudit(tx, {
          projectId: staff.projectId,
          actorId: staff.userId,
          action: 'console.adjustment.request',
          objectType: 'staff_adjustment',
          objectId: String(row.id),
          after: { userId: row.userId, asset: row.asset, amount: input.amount, reason: row.reason },
          ip: staff.ip,
        });
        return adjustmentWire(row);
      });
    },

    /**
     * The second person: a staff member other than the requester approves, and the ledger moves the
     * amount between the player's wallet and the house in the same transaction (idempotent on the
     * adjustment id). A debit the wallet cannot cover answers 3005 and nothing changes.
     */
    async approveAdjustment(staff: Staff, id: number, note: string | undefined) {
      return repo.transaction(async (tx) => {
        const row = await repo.adjustment(tx, id, staff.projectId, true);
        if (!row) throw notFound('adjustment');
        if (row.status !== 'pending') throw new AppError(ErrorCode.AdjustmentDecided);
        if (row.requestedBy === staff.userId) throw new AppError(ErrorCode.AdjustmentSameStaff);
        // Checked at the request too; again here for a row requested before that check existed.
        requireProjectAsset(row.projectId, row.asset);
        const player = await ledger.userAccount(tx, {
          projectId: row.projectId,
          currency: row.asset,
          kind: 'player_wallet',
          ownerId: row.userId,
        });
        const house = await ledger.systemAccount(tx, {
          projectId: row.projectId,
          currency: row.asset,
          kind: 'house',
        });
        const credit = row.amount > 0n;
        await withLedgerRefusals(
          () =>
            ledger.transfer(tx, {
              id: `adjustment:${row.id}`,
              debitAccountId: credit ? house.id : player.id,
              creditAccountId: credit ? player.id : house.id,
              amount: credit ? row.amount : -row.amount,
              code: ADJUSTMENT_CODE,
              reference: { type: 'staff_adjustment', id: String(row.id) },
            }),
          'player wallet',
        );
        const decided = await repo.decideAdjustment(tx, {
          id: row.id,
          status: 'approved',
          decidedBy: staff.userId,
          note: note ?? null,
          at: clock.now(),
        });
        await writeAudit(tx, {
          projectId: staff.projectId,
          actorId: staff.userId,
          action: 'console.adjustment.approve',
          objectType: 'staff_adjustment',
          objectId: String(row.id),
          before: { status: 'pending', requestedBy: row.requestedBy },
          after: {
            status: 'approved',
            approvedBy: staff.userId,
            userId: row.userId,
            asset: row.asset,
            amount: formatAmount(row.amount, row.asset),
          },
          ip: staff.ip,
        });
        return adjustmentWire(decided);
      });
    },

    async rejectAdjustment(staff: Staff, id: number, note: string) {
      return repo.transaction(async (tx) => {
        const row = await repo.adjustment(tx, id, staff.projectId, true);
        if (!row) throw notFound('adjustment');
        if (row.status !== 'pending') throw new AppError(ErrorCode.AdjustmentDecided);
        if (row.requestedBy === staff.userId) throw new AppError(ErrorCode.AdjustmentSameStaff);
        const decided = await repo.decideAdjustment(tx, {
          id: row.id,
          status: 'rejected',
          decidedBy: staff.userId,
          note,
          at: clock.now(),
        });
        await writeAudit(tx, {
          projectId: staff.projectId,
          actorId: staff.userId,
          action: 'console.adjustment.reject',
          objectType: 'staff_adjustment',
          objectId: String(row.id),
          before: { status: 'pending', requestedBy: row.requestedBy },
          after: { status: 'rejected', rejectedBy: staff.userId, note },
          ip: staff.ip,
        });
        return adjustmentWire(decided);
      });
    },

    async operators(
      staff: Staff,
      session: Session,
      query: {
        kycStatus?: 'pending' | 'verified' | 'rejected' | 'suspended' | undefined;
        q?: string | undefined;
        cursor?: string | undefined;
        count: number;
      },
    ) {
      const result = await deps.payhub.adminOperators(delegated(staff, session), query);
      const project = deps.projectById(staff.projectId)!;
      return {
        items: result.items.map((row) => ({
          ...row,
          perOrderMax: formatAmount(row.perOrderMax, project.currency),
          dailyMax: formatAmount(row.dailyMax, project.currency),
        })),
        nextCursor: result.nextCursor,
      };
    },

    async deposits(staff: Staff, session: Session, query: OrdersQuery) {
      const asAdmin = delegated(staff, session);
      const result = await deps.payhub.adminOrders(asAdmin, {
        ...query,
        states: query.stuck ? STUCK_DEPOSIT_STATES : query.state === undefined ? undefined : [query.state],
      });
      const reversals = await deps.payhub.adminReversals(asAdmin, result.items);
      return {
        items: result.items.map((row) => ({
          ...toPayOrderWire(row),
          reversal: reversals.get(row.id) ?? null,
        })),
        total: result.total,
      };
    },

    withdrawals: (staff: Staff, session: Session, query: OrdersQuery) =>
      deps.withdraw.adminOrders(delegated(staff, session), {
        ...query,
        states: query.stuck ? STUCK_WITHDRAW_STATES : query.state === undefined ? undefined : [query.state],
      }),

    decideKyc: (
      staff: Staff,
      session: Session,
      userId: number,
      input: { status: 'pending' | 'verified' | 'rejected' | 'suspended'; verifiedName?: string | undefined },
    ) => deps.payhub.adminSetKyc(delegated(staff, session), userId, input, staff.ip),

    cases: async (
      staff: Staff,
      session: Session,
      query: {
        page: number;
        count: number;
        status?: 'open' | 'closed' | undefined;
        escalated?: boolean | undefined;
      },
    ) => {
      const project = deps.projectById(staff.projectId)!;
      return {
        ...(await deps.payhub.adminCases(delegated(staff, session), query)),
        // The figures the rules open cases at: the project's, as payhub's monitor applies them.
        rules: rulesWire(await deps.payhub.adminMonitoringRules(delegated(staff, session)), project.currency),
      };
    },

    /** Sets the project's monitoring figures (payhub's `adminSetMonitoringRules`, audited there). */
    async setMonitoringRules(staff: Staff, session: Session, input: MonitoringRules) {
      const project = deps.projectById(staff.projectId)!;
      return rulesWire(
        await deps.payhub.adminSetMonitoringRules(delegated(staff, session), input, staff.ip),
        project.currency,
      );
    },

    /** Escalates an open case to the admin with a note (payhub's `adminEscalateCase`, audited there). */
    escalateCase: (staff: Staff, session: Session, id: number, note: string) =>
      deps.payhub.adminEscalateCase(delegated(staff, session), id, note, staff.ip),

    /** The held rewards of a case of the staff member's project (none for other rules or projects). */
    caseHeldRewards: (staff: Staff, id: number) => deps.heldRewards.list(staff.projectId, id),

    /**
     * Closes a case. A case that still holds rewards (reward abuse) closes only with a decision on
     * them (3 naming `heldRewards` otherwise); the close, the decision (rewards' `decideHeldIn`: only
     * rows still held change) and its audit line are one transaction, so a refused close (404, 1044)
     * or a failed audit line leaves the rewards held. The close goes first: it locks the case row, so
     * of two closes at once the second waits and answers 1044. Players' bonus messages leave after
     * the commit.
     */
    async closeCase(
      staff: Staff,
      session: Session,
      id: number,
      resolution: string,
      heldRewards?: 'release' | 'void',
    ) {
      const { closed, notify } = await repo.transaction(async (tx) => {
        const closed = await deps.payhub.adminCloseCaseIn(
          tx,
          delegated(staff, session),
          id,
          resolution,
          staff.ip,
        );
        if (!heldRewards) {
          if ((await deps.heldRewards.heldCount(tx, staff.projectId, id)) > 0)
            throw badParameter('body.heldRewards: the case holds rewards; release or void them as it closes');
          return { closed, notify: async () => {} };
        }
        // Only rewards this case holds change (none for other rules), so the call is safe on any case.
        const decided = await deps.heldRewards.decide(tx, staff.projectId, id, heldRewards);
        await writeAudit(tx, {
          projectId: staff.projectId,
          actorId: staff.userId,
          action: `rewards.held.${heldRewards}`,
          objectType: 'case',
          objectId: String(id),
          after: { released: decided.released, voided: decided.voided },
          ip: staff.ip,
        });
        return { closed, notify: decided.notify };
      });
      await notify();
      return closed;
    },

    publishNotice: (
      staff: Staff,
      session: Session,
      input: {
        content: string;
        showDuration: number;
        audience?: NoticeAudienceType[] | undefined;
        showAt?: number | undefined;
      },
    ) => deps.notices.create(delegated(staff, session), input, staff.ip),

    setMaintenance: (staff: Staff, maintenance: Maintenance) =>
      deps.maintenance.set(staff.projectId, maintenance, { userId: staff.userId, ip: staff.ip }),

    async moneyReport(staff: Staff, session: Session, query: { from: string; to: string }) {
      const project = reportProject(staff, query);
      // Summed from the ledger's player-wallet entries (the one record of money), through its read.
      const rows = await ledger.entryTotalsByDay(repo.db, {
        projectId: staff.projectId,
        kind: 'player_wallet',
        timeZone: project.timeZone,
        from: query.from,
        to: query.to,
        codes: REPORT_CODES.map((item) => item.code),
      });
      const byKey = new Map<
        string,
        {
          day: string;
          rail: 'bank' | 'chain';
          asset: Asset;
          dep: bigint;
          depN: number;
          wd: bigint;
          wdN: number;
          rev: bigint;
          revN: number;
        }
      >();
      const entryOf = (day: string, rail: 'bank' | 'chain', asset: Asset) => {
        const key = `${day}|${rail}|${asset}`;
        const entry = byKey.get(key) ?? {
          day,
          rail,
          asset,
          dep: 0n,
          depN: 0,
          wd: 0n,
          wdN: 0,
          rev: 0n,
          revN: 0,
        };
        byKey.set(key, entry);
        return entry;
      };
      for (const row of rows) {
        const code = REPORT_CODES.find((item) => item.code === row.code)!;
        const entry = entryOf(row.day, code.rail, row.asset);
        if (code.direction === 'deposit') {
          entry.dep += row.total;
          entry.depN += row.count;
        } else {
          entry.wd += row.total;
          entry.wdN += row.count;
        }
      }
      // Deposits the bank took back, on the day they were reversed (the payment hub's record).
      const reversed = await deps.payhub.adminReversalTotals(delegated(staff, session), {
        timeZone: project.timeZone,
        from: query.from,
        to: query.to,
      });
      for (const row of reversed) {
        const entry = entryOf(row.day, 'bank', row.currency);
        entry.rev += row.total;
        entry.revN += row.count;
      }
      return {
        timeZone: project.timeZone,
        items: [...byKey.values()].map((entry) => ({
          day: entry.day,
          rail: entry.rail,
          asset: entry.asset,
          deposits: formatAmount(entry.dep, entry.asset),
          depositCount: entry.depN,
          withdrawals: formatAmount(entry.wd, entry.asset),
          withdrawalCount: entry.wdN,
          reversals: formatAmount(entry.rev, entry.asset),
          reversalCount: entry.revN,
        })),
      };
    },

    /**
     * GGR per day, game and asset over settled in-house and round bets (read through the games and
     * rounds services), and NGR per day and asset: GGR minus the day's bonus cost — approved manual
     * adjustments and the rewards the bonus pool paid net of what came back to it.
     */
    async gameReport(staff: Staff, query: { from: string; to: string }) {
      const project = reportProject(staff, query);
      const range = {
        projectId: staff.projectId,
        timeZone: project.timeZone,
        from: query.from,
        to: query.to,
      };
      const [games, rounds, adjustments, rewards] = await Promise.all([
        deps.games.dailyTotals(range),
        deps.rounds.dailyTotals(range),
        repo.adjustmentsByDay(range),
        ledger.systemFlowsByDay(repo.db, { ...range, kind: 'bonus_pool' }),
      ]);
      const rows = [...games, ...rounds].sort(
        (a, b) =>
          a.day.localeCompare(b.day) || a.game.localeCompare(b.game) || a.asset.localeCompare(b.asset),
      );
      const days = new Map<string, { day: string; asset: Asset; ggr: bigint; bonusCost: bigint }>();
      const dayOf = (day: string, asset: Asset) => {
        const key = `${day}|${asset}`;
        const entry = days.get(key) ?? { day, asset, ggr: 0n, bonusCost: 0n };
        days.set(key, entry);
        return entry;
      };
      for (const row of rows) dayOf(row.day, row.asset).ggr += row.stakes - row.payouts;
      for (const row of adjustments) dayOf(row.day, row.asset).bonusCost += row.total;
      // Rewards paid from the bonus pool, less what came back to it (clawbacks, forfeits).
      for (const row of rewards) dayOf(row.day, row.asset).bonusCost += row.paid - row.returned;
      return {
        timeZone: project.timeZone,
        items: rows.map((row) => ({
          day: row.day,
          game: row.game,
          asset: row.asset,
          bets: row.bets,
          stakes: formatAmount(row.stakes, row.asset),
          payouts: formatAmount(row.payouts, row.asset),
          ggr: formatAmount(row.stakes - row.payouts, row.asset),
        })),
        days: [...days.values()]
          .sort((a, b) => a.day.localeCompare(b.day) || a.asset.localeCompare(b.asset))
          .map((entry) => ({
            day: entry.day,
            asset: entry.asset,
            ggr: formatAmount(entry.ggr, entry.asset),
            bonusCost: formatAmount(entry.bonusCost, entry.asset),
            ngr: formatAmount(entry.ggr - entry.bonusCost, entry.asset),
          })),
      };
    },

    /** Games settings (through the games service's admin entry point) and the round chains' status. */
    async games(staff: Staff, session: Session) {
      const [configs, roundStakes, chains] = await Promise.all([
        deps.games.config(delegated(staff, session)),
        deps.rounds.stakeRanges(staff.projectId),
        deps.rounds.chainStatus(staff.projectId),
      ]);
      return { configs: configs.items, roundStakes, chains };
    },

    /** Gift codes through the rewards module's admin entry points (they check the rules and audit). */
    giftCodes: (staff: Staff, session: Session, query: Parameters<GiftCodes['list']>[1]) =>
      deps.giftCodes.list(delegated(staff, session), query),
    createGiftCode: (staff: Staff, session: Session, input: Parameters<GiftCodes['create']>[1]) =>
      deps.giftCodes.create(delegated(staff, session), input, staff.ip),
    deactivateGiftCode: (staff: Staff, session: Session, id: number) =>
      deps.giftCodes.deactivate(delegated(staff, session), id, staff.ip),
    giftRedemptions: (
      staff: Staff,
      session: Session,
      id: number,
      query: Parameters<GiftCodes['redemptions']>[2],
    ) => deps.giftCodes.redemptions(delegated(staff, session), id, query),
    /** The games service checks the amounts and the edge bounds and writes the audit line (as the staff member). */
    updateGame: (staff: Staff, session: Session, input: Parameters<GamesService['updateConfig']>[1]) =>
      deps.games.updateConfig(delegated(staff, session), input, staff.ip),

    /** The rounds service checks the range and writes the audit line (as the staff member). */
    updateRoundStakes: (
      staff: Staff,
      session: Session,
      input: Parameters<RoundsService['setStakeRange']>[1],
    ) => deps.rounds.setStakeRange(delegated(staff, session), input, staff.ip),
    resetRoundStakes: (
      staff: Staff,
      session: Session,
      input: Parameters<RoundsService['resetStakeRange']>[1],
    ) => deps.rounds.resetStakeRange(delegated(staff, session), input, staff.ip),

    /**
     * Fixes a chain's salt once through the rounds service, which writes the console's
     * `console.rounds.salt` line in the salt's own transaction.
     */
    setRoundSalt: (staff: Staff, session: Session, input: Parameters<RoundsService['setSalt']>[1]) =>
      deps.rounds.setSalt(delegated(staff, session), input, {
        projectId: staff.projectId,
        actorId: staff.userId,
        action: 'console.rounds.salt',
        objectType: 'round_chain',
        objectId: `${input.game}:${input.terminatingHash}`,
        after: { salt: input.salt, source: input.source },
        ip: staff.ip,
      }),

    async staff(staff: Staff) {
      return { items: await grantsWire(repo.db, staff.projectId) };
    },

    /**
     * Grants or revokes a role. The caller is admin of the project the call is for and must be admin
     * of the target project too; nobody changes their own grant (an admin cannot lock themselves out
     * or raise themselves elsewhere).
     */
    async grant(staff: Staff, input: { userId: number; projectId: number; role: StaffRole | null }) {
      if (input.userId === staff.userId) throw noPermission();
      if (input.projectId !== staff.projectId) {
        const there = (await repo.grantsOf(staff.userId)).find((row) => row.projectId === input.projectId);
        if (there?.role !== 'admin') throw noPermission();
      }
      if (!deps.projectById(input.projectId)) throw notFound('project');
      if ((await deps.users.nickname(input.userId)) === null) throw notFound('user');
      return repo.transaction(async (tx) => {
        const before = (await repo.grantsOf(input.userId)).find((row) => row.projectId === input.projectId);
        if (input.role === null) await repo.revoke(tx, input.userId, input.projectId);
        else
          await repo.grant(tx, {
            userId: input.userId,
            projectId: input.projectId,
            role: input.role,
            grantedBy: staff.userId,
          });
        await writeAudit(tx, {
          projectId: input.projectId,
          actorId: staff.userId,
          action: input.role === null ? 'console.staff.revoke' : 'console.staff.grant',
          objectType: 'staff_grant',
          objectId: String(input.userId),
          before: { role: before?.role ?? null },
          after: { role: input.role },
          ip: staff.ip,
        });
        return { items: await grantsWire(tx, staff.projectId) };
      });
    },

    async audit(
      staff: Staff,
      query: {
        action?: string | undefined;
        objectType?: string | undefined;
        objectId?: string | undefined;
        actorId?: number | undefined;
        cursor?: string | undefined;
        count: number;
      },
    ) {
      const rows = await listAudit(repo.db, {
        projectId: staff.projectId,
        action: query.action,
        objectType: query.objectType,
        objectId: query.objectId,
        actorId: query.actorId,
        before: query.cursor ? BigInt(query.cursor) : undefined,
        limit: query.count + 1,
      });
      const page = rows.slice(0, query.count);
      return { items: page, nextCursor: rows.length > query.count ? page[page.length - 1]!.id : null };
    },
  };
}
export type ConsoleService = ReturnType<typeof createConsoleService>;

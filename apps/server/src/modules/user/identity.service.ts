import { type Asset, ErrorCode, type IdentityView, type ProjectConfig } from '@payhub/contracts';
import type { WithdrawTierGate } from '../../money/withdraw-tier.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/database.ts';
import { AppError, badParameter, playBlocked } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { localDay, startOfLocalDay } from '../../platform/local-day.ts';
import { type IdentityRepo, type IdentityRow, mayPlayAllSql, mayPlaySql } from './identity.repo.ts';
import type { IdentityDocumentRow, IdentityDocumentsRepo } from './identity-documents.repo.ts';
import { type IdentityTier, namesMatch, type TierLimitTable, tierLimitsWire } from './identity-tiers.ts';

export const DEFAULT_MINIMUM_AGE = 18;

/** Whole years from a birth date (YYYY-MM-DD) to a local day (YYYY-MM-DD). */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

export interface IdentityDeps {
  repo: IdentityRepo;
  documents: IdentityDocumentsRepo;
  clock: Clock;
  projectById: (id: number) => ProjectConfig | undefined;
  /** The jurisdiction's minimum age per project (18 unless configured, e.g. 21). */
  minimumAge: (projectId: number) => number;
  /** The project's withdrawal limits per tier (defaults with its `WITHDRAW_TIER_LIMITS` override). */
  tierLimits: (projectId: number) => TierLimitTable;
  /** The assets a player of the project withdraws in (its currency by bank, USDT on chain). */
  withdrawAssets: (project: ProjectConfig) => readonly Asset[];
}

/** A licensed project moves real money (DESIGN.md §8): identity is required before money leaves. */
const licensed = (project: ProjectConfig | undefined) => project?.licence != null;

export function reviewWire(row: IdentityDocumentRow | null) {
  return row
    ? {
        id: row.id,
        status: row.status,
        reason: row.reason,
        submittedAt: row.submittedAt.toISOString(),
        decidedAt: row.decidedAt?.toISOString() ?? null,
      }
    : null;
}

/**
 * Identity tiers (issue 14, docs/identity.md): tier 0 the verified phone, tier 1 a declared full
 * name and birth date (the age gate), tier 2 an ID document and a selfie approved by staff
 * (identity-review.service.ts). A birth date under the project's minimum age blocks real-money play
 * (the PlayGate answers 10001) and withdrawals (10001); withdrawals are limited per tier; a bank
 * account's holder must be the declared name.
 */
export function createIdentityService(deps: IdentityDeps) {
  const { repo, clock } = deps;

  const timeZoneOf = (projectId: number) => deps.projectById(projectId)?.timeZone ?? 'UTC';

  function isUnderAge(row: IdentityRow | null, projectId: number): boolean {
    if (!row) return false;
    return ageOn(row.birthDate, localDay(clock.now(), timeZoneOf(projectId))) < deps.minimumAge(projectId);
  }

  async function underAge(userId: number, projectId: number, executor?: Executor): Promise<boolean> {
    return isUnderAge(await repo.find(userId, executor), projectId);
  }

  async function view(session: Session): Promise<IdentityView> {
    const row = await repo.find(session.userId);
    const project = deps.projectById(session.projectId);
    const tier = (row?.tier ?? 0) as IdentityTier;
    return {
      tier,
      fullName: row?.fullName ?? null,
      birthDate: row?.birthDate ?? null,
      minimumAge: deps.minimumAge(session.projectId),
      underAge: isUnderAge(row, session.projectId),
      review: reviewWire(await deps.documents.latest(session.userId)),
      withdrawLimits: project
        ? licensed(project) && tier === 0
          ? deps.withdrawAssets(project).map((asset) => ({ asset, perWithdrawal: '0', daily: '0' }))
          : tierLimitsWire(deps.tierLimits(session.projectId), tier, deps.withdrawAssets(project))
        : [],
    };
  }

  /** The withdrawal check of the player's tier (money/withdraw-tier.ts), inside the withdrawing transaction. */
  const withdrawTier: WithdrawTierGate = {
    async check(tx, context) {
      const row = await repo.find(context.userId, tx);
      if (isUnderAge(row, context.projectId)) throw playBlocked({ cause: 'under_age' });
      const tier = (row?.tier ?? 0) as IdentityTier;
      if (tier === 0 && licensed(deps.projectById(context.projectId)))
        throw new AppError(ErrorCode.IdentityTierRequired);
      const limit = deps.tierLimits(context.projectId)[tier][context.asset];
      if (!limit) return;
      if (limit.perWithdrawal !== null && context.amount > limit.perWithdrawal)
        throw new AppError(ErrorCode.WithdrawalOverTierLimit);
      if (limit.daily !== null) {
        const used = await context.usedSince(startOfLocalDay(clock.now(), timeZoneOf(context.projectId)));
        if (used + context.amount > limit.daily) throw new AppError(ErrorCode.WithdrawalOverTierLimit);
      }
    },
  };

  /** The latest birth date of age today in the project's time zone ('YYYY-MM-DD'). */
  function ageCutoff(projectId: number): string {
    const timeZone = deps.projectById(projectId)?.timeZone ?? 'UTC';
    const [year, month, day] = localDay(clock.now(), timeZone).split('-') as [string, string, string];
    // ageOn(birth, today) >= minimum exactly when (y, m, d) of birth <= (year - minimum, month, day).
    return `${String(Number(year) - deps.minimumAge(projectId)).padStart(4, '0')}-${month}-${day}`;
  }

  return {
    underAge,
    /**
     * What keeps a player from real-money play (a stake, a deposit, a deposit address; the
     * PlayGate's `playBlock`), null when nothing does: never under the minimum age, and in a licensed
     * project only once tier 1 is declared — the age gate cannot be passed by never declaring a
     * birth date. A play-money project lets tier 0 play.
     */
    async playBlock(
      userId: number,
      projectId: number,
      executor?: Executor,
    ): Promise<'under_age' | 'age_undeclared' | null> {
      const row = await repo.find(userId, executor);
      if (isUnderAge(row, projectId)) return 'under_age';
      return row === null && licensed(deps.projectById(projectId)) ? 'age_undeclared' : null;
    },
    /**
     * `playBlock` (null) as an SQL expression for a caller's one statement (the play gate's one-call path):
     * no declared birth date after today's date minus the minimum age, and in a licensed project a
     * declared one on or before it.
     */
    mayPlayCall(userId: number, projectId: number, offset: number) {
      return mayPlaySql(userId, ageCutoff(projectId), licensed(deps.projectById(projectId)), offset);
    },
    /** `mayPlayCall` of several players at once: an SQL boolean[], one per player in order. */
    mayPlayAllCall(players: ReadonlyArray<{ userId: number; projectId: number }>, offset: number) {
      // A batch's players are mostly of one project: its cutoff and licence once each.
      const rules = new Map<number, { cutoff: string; declarationRequired: boolean }>();
      const rulesOf = (projectId: number) => {
        let found = rules.get(projectId);
        if (!found) {
          found = {
            cutoff: ageCutoff(projectId),
            declarationRequired: licensed(deps.projectById(projectId)),
          };
          rules.set(projectId, found);
        }
        return found;
      };
      return mayPlayAllSql(
        players.map(({ userId, projectId }) => ({ userId, ...rulesOf(projectId) })),
        offset,
      );
    },
    view,
    withdrawTier,
    /** Real money may move for this player (play and withdrawal): not declared under age. */
    async requireOfAge(userId: number, projectId: number): Promise<void> {
      if (await underAge(userId, projectId)) throw playBlocked({ cause: 'under_age' });
    },
    /**
     * A bank account's holder must be the player's declared (tier-1) name, compared by the rule of
     * `normaliseName` (3041). Without a declared name: refused in a licensed project (7052); a
     * play-money project lets a tier-0 player add one (no real money leaves it).
     */
    async requireHolderName(userId: number, projectId: number, holderName: string): Promise<void> {
      const row = await repo.find(userId);
      if (!row) {
        if (licensed(deps.projectById(projectId))) throw new AppError(ErrorCode.IdentityTierRequired);
        return;
      }
      if (!namesMatch(holderName, row.fullName)) throw new AppError(ErrorCode.HolderNotVerifiedName);
    },
    /** Tier 1: the full name and birth date, declared once (staff correct them). */
    async declare(session: Session, input: { fullName: string; birthDate: string }) {
      const today = localDay(clock.now(), timeZoneOf(session.projectId));
      if (input.birthDate > today || ageOn(input.birthDate, today) > 120)
        throw badParameter('birthDate: not a possible birth date');
      if (!(await repo.declare(session.userId, input.fullName, input.birthDate, clock.now())))
        throw new AppError(ErrorCode.IdentityAlreadyDeclared);
      return view(session);
    },
  };
}
export type IdentityService = ReturnType<typeof createIdentityService>;

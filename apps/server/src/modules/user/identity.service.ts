import { ErrorCode, type ProjectConfig } from '@payhub/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/database.ts';
import { AppError, badParameter } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { localDay } from '../../platform/local-day.ts';
import type { IdentityRepo } from './identity.repo.ts';

export const DEFAULT_MINIMUM_AGE = 18;

/** Whole years from a birth date (YYYY-MM-DD) to a local day (YYYY-MM-DD). */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

export interface IdentityDeps {
  repo: IdentityRepo;
  clock: Clock;
  projectById: (id: number) => ProjectConfig | undefined;
  /** The jurisdiction's minimum age per project (18 unless configured, e.g. 21). */
  minimumAge: (projectId: number) => number;
}

/**
 * Identity tiers (issue 14): tier 0 the verified phone, tier 1 a declared full name and birth date
 * (the age gate). A birth date under the project's minimum age blocks real-money play (the PlayGate
 * answers 10001) and withdrawals (10001).
 */
export function createIdentityService(deps: IdentityDeps) {
  const { repo, clock } = deps;

  async function underAge(userId: number, projectId: number, executor?: Executor): Promise<boolean> {
    const row = await repo.find(userId, executor);
    if (!row) return false;
    const timeZone = deps.projectById(projectId)?.timeZone ?? 'UTC';
    return ageOn(row.birthDate, localDay(clock.now(), timeZone)) < deps.minimumAge(projectId);
  }

  async function view(session: Session) {
    const row = await repo.find(session.userId);
    return {
      tier: row?.tier ?? 0,
      fullName: row?.fullName ?? null,
      birthDate: row?.birthDate ?? null,
      minimumAge: deps.minimumAge(session.projectId),
      underAge: await underAge(session.userId, session.projectId),
    };
  }

  return {
    underAge,
    view,
    /** Real money may move for this player (play and withdrawal): not declared under age. */
    async requireOfAge(userId: number, projectId: number): Promise<void> {
      if (await underAge(userId, projectId))
        throw new AppError(ErrorCode.UserCannotPlay, 'under the minimum age');
    },
    /** Tier 1: the full name and birth date, declared once (staff correct them). */
    async declare(session: Session, input: { fullName: string; birthDate: string }) {
      const today = localDay(clock.now(), deps.projectById(session.projectId)?.timeZone ?? 'UTC');
      if (input.birthDate > today || ageOn(input.birthDate, today) > 120)
        throw badParameter('birthDate: not a possible birth date');
      if (!(await repo.declare(session.userId, input.fullName, input.birthDate, clock.now())))
        throw new AppError(ErrorCode.IdentityAlreadyDeclared);
      return view(session);
    },
  };
}
export type IdentityService = ReturnType<typeof createIdentityService>;

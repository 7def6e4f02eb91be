import { writeAudit } from '../../platform/audit/audit.repo.ts';
import type { SessionService } from '../../platform/auth/session.service.ts';
import { notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import type { ResponsibleService } from '../responsible/responsible.service.ts';
import type { IdentityService } from '../user/identity.service.ts';
import type { IdentityReviewService } from '../user/identity-review.service.ts';
import type { ConsoleRepo } from './console.repo.ts';
import type { Staff } from './console.service.ts';

/**
 * What the console's player page reads beyond profile and money (docs/console.md "Player page"): the
 * sessions service (list, sign one out), the responsible-play service (settings, read only) and the
 * user module's identity services — each through its service, handed in by app.ts, never its tables.
 */
export interface ConsolePlayersDeps {
  repo: Pick<ConsoleRepo, 'db'>;
  /** The player when they belong to the staff member's project, else null (404: ids reveal nothing). */
  profileForStaff: (projectId: number, userId: number) => Promise<{ userId: number } | null>;
  sessions: Pick<SessionService, 'list' | 'revokeById'>;
  responsible: Pick<ResponsibleService, 'settings'>;
  identity: Pick<IdentityService, 'view'>;
  identityReview: Pick<IdentityReviewService, 'playerDocuments'>;
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

export function createConsolePlayersService(deps: ConsolePlayersDeps) {
  /**
   * The player's own view, read only: their services answer for the session's user and project. The
   * staff member's token hash stays, so no session of the player is "current".
   */
  async function asPlayer(staff: Staff, base: Session, userId: number): Promise<Session> {
    if (!(await deps.profileForStaff(staff.projectId, userId))) throw notFound('player');
    return { ...base, userId, projectId: staff.projectId, staffRole: null };
  }

  async function liveSessions(player: Session) {
    return (await deps.sessions.list(player)).map((row) => ({
      id: row.id,
      device: row.device,
      ip: row.ip,
      createdAt: seconds(row.createdAt),
      lastSeenAt: seconds(row.lastSeenAt),
    }));
  }

  return {
    async sessions(staff: Staff, base: Session, userId: number) {
      return { items: await liveSessions(await asPlayer(staff, base, userId)) };
    },

    /**
     * Signs one of the player's sessions out (every node drops it from its cache through the bus). The
     * sessions service commits the revocation itself; the audit line follows it, and a session that
     * is not the player's or not live answers 404 with no line.
     */
    async revokeSession(staff: Staff, base: Session, userId: number, id: number) {
      const player = await asPlayer(staff, base, userId);
      const session = (await liveSessions(player)).find((row) => row.id === id);
      if (!session || !(await deps.sessions.revokeById(player, id))) throw notFound('session');
      await writeAudit(deps.repo.db, {
        projectId: staff.projectId,
        actorId: staff.userId,
        action: 'console.session.revoke',
        objectType: 'user',
        objectId: String(userId),
        before: { sessionId: id, device: session.device, ip: session.ip },
        ip: staff.ip,
      });
      return { ok: true as const };
    },

    /** Limits, pending changes and the exclusion as the player sees them; nothing here changes them. */
    async limits(staff: Staff, base: Session, userId: number) {
      return deps.responsible.settings(await asPlayer(staff, base, userId));
    },

    async identity(staff: Staff, base: Session, userId: number) {
      const player = await asPlayer(staff, base, userId);
      const [view, documents] = await Promise.all([
        deps.identity.view(player),
        deps.identityReview.playerDocuments(
          { userId: staff.userId, projectId: staff.projectId, ip: staff.ip },
          userId,
        ),
      ]);
      return {
        tier: view.tier,
        fullName: view.fullName,
        birthDate: view.birthDate,
        minimumAge: view.minimumAge,
        underAge: view.underAge,
        documents,
      };
    },
  };
}
export type ConsolePlayersService = ReturnType<typeof createConsolePlayersService>;

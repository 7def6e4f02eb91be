import { LOCALES, type Locale } from '@payhub/contracts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import type { Clock } from '../../platform/clock.ts';
import { noPermission } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import type { GuideRepo, GuideRow } from './guide.repo.ts';

function toWire(locale: Locale, row: GuideRow | undefined | null) {
  return {
    locale,
    steps: row ? row.steps : null,
    updatedBy: row ? row.updatedBy : null,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

/**
 * The player app's beginner guide (issue 19): the operator's steps per project and language, read by
 * the player app (public) and edited from the console through the admin entry points (a delegated
 * admin session the console hands over after its permission table allowed the call). Steps are plain
 * text: the app renders them as text, so no HTML allow-list is needed.
 */
export function createGuideService(deps: { repo: GuideRepo; clock: Clock }) {
  const { repo, clock } = deps;
  return {
    async text(projectId: number, locale: Locale) {
      const row = await repo.one(repo.db, projectId, locale);
      return { locale, steps: row ? row.steps : null };
    },

    async adminList(session: Session) {
      if (session.staffRole !== 'admin') throw noPermission();
      const rows = await repo.byProject(repo.db, session.projectId);
      return {
        items: LOCALES.map((locale) =>
          toWire(
            locale,
            rows.find((row) => row.locale === locale),
          ),
        ),
      };
    },

    async adminSave(session: Session, input: { locale: Locale; steps: string[] | null }, ip: string) {
      if (session.staffRole !== 'admin') throw noPermission();
      return repo.transaction(async (tx) => {
        const before = await repo.one(tx, session.projectId, input.locale, true);
        let after: GuideRow | null = null;
        if (input.steps === null) await repo.clear(tx, session.projectId, input.locale);
        else
          after = await repo.save(tx, {
            projectId: session.projectId,
            locale: input.locale,
            steps: input.steps,
            updatedBy: session.userId,
            at: clock.now(),
          });
        await writeAudit(tx, {
          projectId: session.projectId,
          actorId: session.userId,
          action: input.steps === null ? 'guide.clear' : 'guide.save',
          objectType: 'guide',
          objectId: input.locale,
          before: { steps: before?.steps ?? null },
          after: { steps: after?.steps ?? null },
          ip,
        });
        return toWire(input.locale, after);
      });
    },
  };
}
export type GuideService = ReturnType<typeof createGuideService>;

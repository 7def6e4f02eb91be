import { formatAmount, type ProjectConfig } from '@payhub/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import type { PayhubService } from '../payhub/payhub.service.ts';
import type { PayhubCards } from '../payhub/payhub-cards.service.ts';
import type { PromoService } from '../promo/promo.service.ts';
import type { QuotaService } from '../quota/quota.service.ts';
import type { UserProfiles } from '../user/user-profiles.service.ts';
import type { Staff } from './console.service.ts';

/** An app that reported within this window in the foreground counts as online. */
export const PRESENCE_ONLINE_MS = 5 * 60_000;
/** The most receiving cards the operator page lists (operators keep a handful). */
const CARDS_SHOWN = 100;

/**
 * The console's operator page and promoter list (docs/console.md "Operators and promoters"): the
 * payhub module's operator record and cards, the quota module's balances (the operator's own view),
 * the promo module's groups and presence, and the user module's profiles — each through its service,
 * handed in by app.ts, never its tables.
 */
export interface ConsolePeopleDeps {
  db: Executor;
  clock: Clock;
  projectById: (projectId: number) => ProjectConfig | undefined;
  payhub: Pick<PayhubService, 'operator'>;
  cards: Pick<PayhubCards, 'cards'>;
  quota: Pick<QuotaService, 'query'>;
  promo: Pick<PromoService, 'groupOf' | 'lastSeenAt' | 'promotersOfProject'>;
  users: Pick<UserProfiles, 'cards'>;
}

export function createConsolePeopleService(deps: ConsolePeopleDeps) {
  const status = (lastSeenAt: Date | null, foreground: boolean) =>
    lastSeenAt === null
      ? ('never' as const)
      : foreground && deps.clock.now().getTime() - lastSeenAt.getTime() <= PRESENCE_ONLINE_MS
        ? ('online' as const)
        : ('away' as const);

  return {
    async operator(staff: Staff, base: Session, userId: number) {
      const operator = await deps.payhub.operator(deps.db, userId);
      // Another project's operator answers 404 like an unknown id: ids reveal nothing.
      if (!operator || operator.projectId !== staff.projectId) throw notFound('operator');
      const project = deps.projectById(staff.projectId)!;
      const [profiles, cards, group, seen] = await Promise.all([
        deps.users.cards([userId]),
        deps.cards.cards(deps.db, userId, CARDS_SHOWN, 0),
        deps.promo.groupOf(userId),
        deps.promo.lastSeenAt([userId]),
      ]);
      const profile = profiles.get(userId);
      if (!profile) throw notFound('operator');
      const leader =
        group && group.leaderId !== userId
          ? (await deps.users.cards([group.leaderId])).get(group.leaderId)
          : null;
      // The quota module answers the operator's own balances (it refuses an operator that may not take orders).
      const quota = operator.spaPay
        ? await deps.quota.query({ ...base, userId, projectId: staff.projectId, staffRole: null })
        : null;
      return {
        userId,
        phone: profile.phone,
        nickname: profile.nickname,
        kycStatus: operator.kycStatus,
        verifiedName: operator.verifiedName,
        working: operator.working,
        perOrderMax: formatAmount(operator.perOrderMax, project.currency),
        dailyMax: formatAmount(operator.dailyMax, project.currency),
        commissionBps: operator.commissionBps,
        spaPay: operator.spaPay,
        paymentRole: operator.paymentRole,
        spaType: profile.spaType,
        cards: cards.items.map((card) => ({
          id: card.id,
          bankCode: card.bankCode,
          accountNo: card.accountNo,
          holderName: card.holderName,
          active: card.active,
          createdAt: card.createdAt.toISOString(),
        })),
        quota,
        group: group
          ? {
              id: group.id,
              name: group.name,
              leaderId: group.leaderId,
              leaderName: group.leaderId === userId ? profile.nickname : (leader?.nickname ?? null),
              leads: group.leaderId === userId,
            }
          : null,
        lastSeenAt: seen.get(userId)?.toISOString() ?? null,
      };
    },

    async promoters(
      staff: Staff,
      query: { groupId?: number | undefined; cursor?: string | undefined; count: number },
    ) {
      const rows = await deps.promo.promotersOfProject({
        projectId: staff.projectId,
        ...(query.groupId === undefined ? {} : { groupId: query.groupId }),
        ...(query.cursor ? { before: Number(query.cursor) } : {}),
        limit: query.count + 1,
      });
      const page = rows.slice(0, query.count);
      const profiles = await deps.users.cards([
        ...page.map((row) => row.userId),
        ...page.map((row) => row.leaderId),
      ]);
      return {
        items: page.flatMap((row) => {
          const profile = profiles.get(row.userId);
          if (!profile) return [];
          return [
            {
              userId: row.userId,
              phone: profile.phone,
              nickname: profile.nickname,
              spaType: profile.spaType,
              leaderLevel: profile.leaderLevel,
              spaPay: profile.spaPay,
              group: {
                id: row.groupId,
                name: row.groupName,
                leaderId: row.leaderId,
                leaderName: profiles.get(row.leaderId)?.nickname ?? null,
                leads: row.leads,
              },
              joinedAt: row.joinedAt.toISOString(),
              status: status(row.lastSeenAt, row.foreground),
              lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
            },
          ];
        }),
        nextCursor: rows.length > query.count ? String(page[page.length - 1]!.userId) : null,
      };
    },
  };
}
export type ConsolePeopleService = ReturnType<typeof createConsolePeopleService>;

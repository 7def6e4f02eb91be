import {
  ErrorCode,
  type LeaderLevel,
  maskNumber,
  type PaymentRole,
  type SpaInfo,
  type Tier,
} from '@payhub/contracts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { localDay, localDayStartMs, nextDay, unixSeconds } from '../../platform/local-day.ts';

import type { PromoContext, PromoServiceOptions } from './promo.context.ts';

/** The caller's programme profile and the groups: members, group info, mission statistics, renaming. */
export function createPromoGroups({ repo, clock }: PromoServiceOptions, context: PromoContext) {
  const { timeZoneOf, identity, readableGroup, groupView } = context;

  return {
    async spaInfo(session: Session): Promise<SpaInfo> {
      const profile = await repo.profile(session.userId);
      return {
        role: (profile?.leaderLevel ?? -1) as LeaderLevel,
        spaType: profile?.spaType ?? null,
        spaPay: profile?.spaPay ? 'yes' : 'no',
        tier: (profile?.tier ?? 'normal') as Tier,
      };
    },
    async paymentRole(session: Session): Promise<{ role: PaymentRole | null }> {
      const profile = await repo.profile(session.userId);
      const role = profile?.spaPay ? profile.paymentRole : null;
      return { role: role === 'Manage' || role === 'Handler' ? role : null };
    },
    async spaLogin(
      session: Session,
      input: { device: string; version: string; fingerprint: string; clientVersion: string },
      ip: string,
    ) {
      await repo.recordAppSession({ userId: session.userId, ...input, ip });
      return { ok: true as const };
    },

    // Groups.
    async members(session: Session, query: { groupId?: number | undefined; page: number; count: number }) {
      const reader = await readableGroup(session, query.groupId);
      const page = await repo.members(reader.groupId, query.page, query.count);
      return {
        total: page.total,
        items: page.items.map((member) => ({
          ...member,
          phone: member.userId === session.userId ? member.phone : maskNumber(member.phone),
          joinedAt: unixSeconds(member.joinedAt),
          lastSeenAt: member.lastSeenAt ? unixSeconds(member.lastSeenAt) : null,
        })),
      };
    },
    async groupInfo(session: Session, query: { groupId?: number | undefined }) {
      const groups = await repo.groupsOfProject(session.projectId);
      const groupViews = await Promise.all(groups.map((group) => groupView(group.id)));
      const groupId = query.groupId ?? (await identity(session)).groupId;
      const chosen = groupViews.find((group) => group.id === groupId) ?? null;
      if (query.groupId !== undefined && !chosen) throw notFound('group');
      return { group: chosen, groups: groupViews };
    },
    async missionStatistic(
      session: Session,
      applyAndDeposits: (
        groupId: number,
        day: string,
      ) => Promise<{
        applyCount: number;
        depositFirstCount: number;
      }>,
    ) {
      const me = await identity(session);
      if (me.groupId === null) throw notFound('group');
      const timeZone = timeZoneOf(session.projectId);
      const day = localDay(clock.now(), timeZone);
      const start = new Date(localDayStartMs(day, timeZone));
      const end = new Date(localDayStartMs(nextDay(day), timeZone));
      const counts = await repo.missionCounts(me.groupId, start, end);
      const events = await applyAndDeposits(me.groupId, day);
      return {
        groupId: me.groupId,
        date: day,
        memberCount: (await repo.memberCount(me.groupId)) + 1,
        openTaskCount: counts.openTasks,
        contactedToday: counts.contacted,
        completedToday: counts.completed,
        applyCount: events.applyCount,
        depositFirstCount: events.depositFirstCount,
      };
    },
    async rename(session: Session, name: string) {
      const me = await identity(session);
      if (me.ledGroupId === null) throw new AppError(ErrorCode.NoPermissionPromo);
      const before = await repo.groupById(me.ledGroupId);
      await repo.renameGroup(me.ledGroupId, name, {
        projectId: session.projectId,
        actorId: session.userId,
        action: 'promo.group.rename',
        objectType: 'spa_group',
        objectId: String(me.ledGroupId),
        before: { name: before?.name },
        after: { name },
      });
      return groupView(me.ledGroupId);
    },
  };
}

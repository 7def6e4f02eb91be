import { maskNumber } from '@payhub/contracts';
import type { Session } from '../../platform/http/request-context.ts';

import type { PromoContext, PromoServiceOptions } from './promo.context.ts';

/** What other modules ask of promo: who may mail whom, groups and their people, share codes, leads. */
export function createPromoDirectory({ repo }: PromoServiceOptions, context: PromoContext) {
  const { timeZoneOf, identityOf, identity, readableGroup } = context;

  return {
    // For the data center and the registration hook.
    readableGroup,
    timeZoneOf,
    /** The group a user works in (led or joined), or null. */
    groupOfUser: async (userId: number, projectId: number) => (await identityOf(userId, projectId)).groupId,
    /** Who may write to whom in the inbox: admin anyone of the project, a leader the members, HR promoters. */
    async mayMail(session: Session, targetId: number) {
      const target = await repo.user(targetId);
      if (!target || target.projectId !== session.projectId) return false;
      if (session.staffRole === 'admin') return true;
      const me = await identity(session);
      const them = await identityOf(targetId, session.projectId);
      if (me.ledGroupId !== null && them.groupId === me.ledGroupId && targetId !== session.userId)
        return true;
      return me.isHr && them.groupId !== null;
    },
    async isReviewer(session: Session) {
      const me = await identity(session);
      return me.ledGroupId !== null || me.isHr;
    },
    async groupPeople(groupId: number) {
      const group = await repo.groupById(groupId);
      if (!group) return [];
      const members = await repo.members(groupId, 1, 500);
      const leader = await repo.user(group.leaderId);
      return [
        ...(leader ? [{ userId: leader.id, nickname: leader.nickname }] : []),
        ...members.items.map((member) => ({ userId: member.userId, nickname: member.nickname })),
      ];
    },
    /** The group this user leads, else the one they joined, or null (the operator tools' group view). */
    async groupOf(userId: number): Promise<{ id: number; name: string; leaderId: number } | null> {
      const led = await repo.groupByLeader(userId);
      const membership = led ? null : await repo.membership(userId);
      const group = led ?? (membership ? await repo.groupById(membership.groupId) : null);
      return group ? { id: group.id, name: group.name, leaderId: group.leaderId } : null;
    },
    /** The project's promoters (leaders and members) with group and presence, keyset pages on user id. */
    promotersOfProject: (filter: { projectId: number; groupId?: number; before?: number; limit: number }) =>
      repo.promotersOfProject(filter),
    /** When each of these users' agent app last reported (the silence limit of payment operators). */
    lastSeenAt: (userIds: readonly number[]) => repo.lastSeenAt(userIds),
    /** The id of the group this user leads, or null. */
    async ledGroupId(userId: number): Promise<number | null> {
      return (await repo.groupByLeader(userId))?.id ?? null;
    },
    /** The ids of a group's leader and members (no names: for other modules' reports). */
    async groupMemberIds(groupId: number): Promise<number[]> {
      const group = await repo.groupById(groupId);
      const members = await repo.memberIds(groupId);
      return [...new Set([...(group ? [group.leaderId] : []), ...members])];
    },
    /** The promoter behind a share code of the project, with the group they work in. */
    async resolveShareCode(projectId: number, code: string) {
      const promoterId = await repo.ownerOfShareCode(projectId, code);
      if (promoterId === null) return null;
      const { groupId } = await identityOf(promoterId, projectId);
      return groupId === null ? null : { promoterId, groupId };
    },
    completeLeadTask: (projectId: number, promoterId: number, phone: string, at: Date) =>
      repo.completeTaskByPhone(projectId, promoterId, phone, at),
    /** Lead numbers for data center rows: full only where the viewer is the lead's promoter. */
    async leadsOf(leadIds: number[], viewerId: number) {
      const result = new Map<number, { phone: string; masked: boolean }>();
      for (const lead of await repo.leadsByIds(leadIds)) {
        const mine = lead.promoterIds.includes(viewerId);
        result.set(lead.id, { phone: mine ? lead.phone : maskNumber(lead.phone), masked: !mine });
      }
      return result;
    },
  };
}

import { DATA_RANGE_MAX_DAYS, ErrorCode } from '@payhub/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/database.ts';
import { AppError, badParameter } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import {
  dayDistance,
  daysBefore,
  localDay,
  localDayStartMs,
  nextDay,
  unixSeconds,
} from '../../platform/local-day.ts';
import type { PromoService } from '../promo/promo.service.ts';
import {
  addCounts,
  type CountingRule,
  type Counts,
  daysNewestFirst,
  groupRows,
  individualRows,
  type MemberDay,
  rowCounts,
  toWireRow,
  zeroCounts,
} from './completion-rule.ts';
import { type Bucket, type DatacenterRepo, EventKind } from './datacenter.repo.ts';

/** How far back the data center reaches. */
const HISTORY_DAYS = 180;

export interface DatacenterServiceOptions {
  repo: DatacenterRepo;
  promo: PromoService;
  clock: Clock;
}

interface Range {
  fromDay: string;
  toDay: string;
  startTime: number;
  endTime: number;
  explicit: boolean;
}

const memberDay = (bucket: Bucket): MemberDay => ({ ...bucket, day: bucket.key });

/**
 * The first-deposit feed from the payment hub (docs/promo.md "Interfaces"): called once a deposit
 * is credited; a replay with the same reference is counted once.
 */
export interface DepositEvent {
  userId: number;
  amount: bigint;
  at: Date;
  reference: string;
}

export function createDatacenterService({ repo, promo, clock }: DatacenterServiceOptions) {
  /** Local days of a range of unix seconds; today when none is given. Longer than the maximum: 3. */
  function rangeOf(
    session: Session,
    query: { startTime?: number | undefined; endTime?: number | undefined },
  ): Range {
    const timeZone = promo.timeZoneOf(session.projectId);
    const explicit = query.startTime !== undefined && query.endTime !== undefined;
    const fromDay = explicit ? localDay(query.startTime! * 1000, timeZone) : localDay(clock.now(), timeZone);
    const toDay = explicit ? localDay(query.endTime! * 1000, timeZone) : fromDay;
    if (dayDistance(fromDay, toDay) + 1 > DATA_RANGE_MAX_DAYS)
      throw badParameter(`query.endTime: a range covers at most ${DATA_RANGE_MAX_DAYS} days`);
    return {
      fromDay,
      toDay,
      startTime: unixSeconds(localDayStartMs(fromDay, timeZone)),
      endTime: unixSeconds(localDayStartMs(nextDay(toDay), timeZone)) - 1,
      explicit,
    };
  }

  async function phoneRows(buckets: Bucket[], viewerId: number) {
    const leadIds = buckets.filter((bucket) => bucket.key !== '').map((bucket) => Number(bucket.key));
    const leads = await promo.leadsOf(leadIds, viewerId);
    const summary = zeroCounts();
    const rows = buckets.map((bucket) => {
      addCounts(summary, bucket);
      const lead = bucket.key === '' ? null : leads.get(Number(bucket.key));
      return {
        ...toWireRow(bucket.key === '' ? 'share' : 'lead', bucket),
        leadId: bucket.key === '' ? null : Number(bucket.key),
        phone: lead?.phone ?? '',
        masked: lead?.masked ?? false,
      };
    });
    return [{ ...toWireRow('total', summary), leadId: null, phone: '', masked: false }, ...rows];
  }

  /** Group reading is for the group's leader and HR; members read their own figures. */
  async function groupReader(session: Session, groupId: number | undefined) {
    const reader = await promo.readableGroup(session, groupId);
    if (reader.as === 'member') throw new AppError(ErrorCode.NoPermissionPromo);
    return reader;
  }

  return {
    async taskData(
      session: Session,
      query: { startTime?: number | undefined; endTime?: number | undefined },
    ) {
      const range = rangeOf(session, query);
      const buckets = await repo.promoterDays(session.userId, range.fromDay, range.toDay);
      return {
        value: 0 as const,
        startTime: range.startTime,
        endTime: range.endTime,
        timeZone: promo.timeZoneOf(session.projectId),
        rows: individualRows(daysNewestFirst(range.fromDay, range.toDay), buckets.map(memberDay)),
      };
    },
    async taskDataDetail(session: Session, dayKey: number) {
      const text = String(dayKey);
      const day = `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
      if (
        Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ||
        new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day
      )
        throw badParameter('params.id: not a day (yyyymmdd)');
      return {
        date: day,
        rows: await phoneRows(await repo.promoterLeads(session.userId, day, day), session.userId),
      };
    },
    async taskDataGroup(
      session: Session,
      query: { startTime?: number | undefined; endTime?: number | undefined; groupId?: number | undefined },
    ) {
      const reader = await groupReader(session, query.groupId);
      const range = rangeOf(session, query);
      const rule: CountingRule = reader.as === 'leader' && range.explicit ? 'fullyComplete' : 'complete';
      const buckets = await repo.groupDays(reader.groupId, range.fromDay, range.toDay);
      return {
        value: 1 as const,
        groupId: reader.groupId,
        startTime: range.startTime,
        endTime: range.endTime,
        timeZone: promo.timeZoneOf(session.projectId),
        rows: groupRows(daysNewestFirst(range.fromDay, range.toDay), buckets.map(memberDay), rule),
      };
    },
    async groupDetailMember(
      session: Session,
      groupId: number,
      query: { startTime?: number | undefined; endTime?: number | undefined },
    ) {
      const reader = await groupReader(session, groupId);
      const range = rangeOf(session, query);
      const rule: CountingRule = reader.as === 'leader' && range.explicit ? 'fullyComplete' : 'complete';
      const buckets = await repo.groupDays(reader.groupId, range.fromDay, range.toDay);
      const people = await promo.groupPeople(reader.groupId);
      const byPromoter = new Map<number, { counts: Counts; complete: boolean }>();
      for (const bucket of buckets) {
        const entry = byPromoter.get(bucket.promoterId) ?? { counts: zeroCounts(), complete: true };
        if (rowCounts(bucket, rule)) addCounts(entry.counts, bucket);
        else entry.complete = false;
        byPromoter.set(bucket.promoterId, entry);
      }
      const label = `${range.fromDay}~${range.toDay}`;
      const summary = zeroCounts();
      const rows = people.map((person) => {
        const entry = byPromoter.get(person.userId) ?? { counts: zeroCounts(), complete: true };
        addCounts(summary, entry.counts);
        return {
          ...toWireRow(label, entry.counts),
          userId: person.userId,
          nickname: person.nickname,
          complete: entry.complete,
        };
      });
      return {
        rows: [
          {
            ...toWireRow('total', summary),
            userId: 0,
            nickname: '',
            complete: rows.every((row) => row.complete),
          },
          ...rows,
        ],
      };
    },
    async groupDetailPhone(
      session: Session,
      memberId: number,
      query: { startTime?: number | undefined; endTime?: number | undefined },
    ) {
      const range = rangeOf(session, query);
      if (memberId !== session.userId) {
        const groupId = await promo.groupOfUser(memberId, session.projectId);
        if (groupId === null) {
          if (!(await promo.isReviewer(session))) throw new AppError(ErrorCode.NoPermissionPromo);
          throw new AppError(ErrorCode.NotFound, 'member');
        }
        await groupReader(session, groupId);
      }
      return {
        rows: await phoneRows(await repo.promoterLeads(memberId, range.fromDay, range.toDay), session.userId),
      };
    },
    dateRange(session: Session) {
      const timeZone = promo.timeZoneOf(session.projectId);
      const today = localDay(clock.now(), timeZone);
      const start = (day: string) => unixSeconds(localDayStartMs(day, timeZone));
      const end = (day: string) => unixSeconds(localDayStartMs(nextDay(day), timeZone)) - 1;
      const preset = (key: string, from: string, to: string) => ({
        key,
        startTime: start(from),
        endTime: end(to),
      });
      return {
        timeZone,
        today,
        todayStart: start(today),
        todayEnd: end(today),
        minStartTime: start(daysBefore(today, HISTORY_DAYS)),
        maxRangeDays: DATA_RANGE_MAX_DAYS,
        presets: [
          preset('today', today, today),
          preset('yesterday', daysBefore(today, 1), daysBefore(today, 1)),
          preset('last7', daysBefore(today, 6), today),
          preset('last30', daysBefore(today, 29), today),
        ],
      };
    },
    /** Today's applications and first deposits of a group (the mission statistic). */
    async groupToday(groupId: number, day: string) {
      const buckets = await repo.groupDays(groupId, day, day);
      const total = buckets.reduce((sum, bucket) => addCounts(sum, bucket), zeroCounts());
      return { applyCount: total.applyCount, depositFirstCount: total.depositFirstCount };
    },

    // The registration hook (user service) and the deposit feed (payment hub).
    /** The promoter behind a share code, or 7003 (invalid invite code). */
    async checkShareCode(projectId: number, code: string) {
      const owner = await promo.resolveShareCode(projectId, code);
      if (!owner) throw new AppError(ErrorCode.InvalidInviteCode);
      return owner;
    },
    /** Counts a registration made with a share code: apply, and complete when it closes a lead task. */
    async recordRegistration(input: {
      projectId: number;
      playerId: number;
      phone: string;
      owner: { promoterId: number; groupId: number };
      at: Date;
    }) {
      const day = localDay(input.at, promo.timeZoneOf(input.projectId));
      const task = await promo.completeLeadTask(
        input.projectId,
        input.owner.promoterId,
        input.phone,
        input.at,
      );
      const base = {
        projectId: input.projectId,
        groupId: input.owner.groupId,
        promoterId: input.owner.promoterId,
        leadId: task?.leadId ?? null,
        playerId: input.playerId,
        at: input.at,
        localDay: day,
      };
      await repo.recordRegistration(
        {
          playerId: input.playerId,
          projectId: input.projectId,
          promoterId: input.owner.promoterId,
          groupId: input.owner.groupId,
          leadId: task?.leadId ?? null,
          registeredAt: input.at,
        },
        [
          { ...base, kind: EventKind.Apply, sourceRef: `apply:${input.playerId}` },
          ...(task ? [{ ...base, kind: EventKind.Complete, sourceRef: `complete:${input.playerId}` }] : []),
        ],
      );
    },
    /** See DepositEvent. Answers whether the deposit counted for a promoter and was the first. */
    async recordDeposit(event: DepositEvent) {
      if (event.amount <= 0n) throw new Error('a deposit amount is positive');
      const attribution = await repo.attribution(event.userId);
      if (!attribution) return { counted: false, first: false };
      return repo.recordDeposit({
        playerId: event.userId,
        amount: event.amount,
        at: event.at,
        localDay: localDay(event.at, promo.timeZoneOf(attribution.projectId)),
        reference: event.reference,
      });
    },
    /**
     * A credited deposit the bank took back, inside the reversal's transaction: no longer counted for
     * its promoter (datacenter.repo.ts `uncountDeposit`).
     */
    depositReversedIn(tx: Executor, event: { userId: number; reference: string }): Promise<boolean> {
      return repo.uncountDeposit(tx, { playerId: event.userId, reference: event.reference });
    },
  };
}
export type DatacenterService = ReturnType<typeof createDatacenterService>;

import {
  ErrorCode,
  type NoticeAudienceType,
  NoticeMarkBody,
  RealtimeRoute,
  type SiteNotice,
} from '@payhub/contracts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, badParameter, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { createOutbox } from '../../platform/outbox.ts';
import type { RealtimeGateway } from '../../realtime/realtime.gateway.ts';
import { sanitiseNoticeHtml } from './notice-html.ts';
import type { NoticeRow, NoticesRepo } from './notices.repo.ts';

/** A notice stays current (delivered to users who have not marked it) for this long after showAt. */
export const NOTICE_CURRENT_MS = 7 * 24 * 3_600_000;
/** At most this many pending notices are handed to one user at a time. */
export const NOTICE_PENDING_MAX = 20;
const STORED_CONTENT_MAX_CHARS = 40_000;

function toWire(row: NoticeRow): SiteNotice {
  return {
    noticeId: row.id,
    showAt: row.showAt.getTime(),
    content: row.content,
    showDuration: row.showDuration,
  };
}

/** The most scheduled notices one scheduler round publishes. */
export const NOTICE_PUBLISH_BATCH = 50;

function toConsoleWire(row: NoticeRow) {
  return {
    noticeId: row.id,
    content: row.content,
    showDuration: row.showDuration,
    showAt: row.showAt.getTime(),
    audience: (row.audience as NoticeAudienceType[] | null) ?? null,
    status: row.publishedAt === null ? ('scheduled' as const) : ('published' as const),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface NoticesServiceDeps {
  repo: NoticesRepo;
  clock: Clock;
  realtime: RealtimeGateway;
  /**
   * The audience types of a user, derived on the server from their promo profile (spaType, plus
   * `banker` when spaPay is yes). Targeting never relies on the types a client sends.
   */
  audienceTypesOf: (userId: number) => Promise<readonly NoticeAudienceType[]>;
}

/**
 * Site notices (spec §4): an admin creates one, it is stored and broadcast on the notice stream
 * to the signed-in agents of the project; each user marks it read once and is not shown it again.
 */
export function createNoticesService({ repo, clock, realtime, audienceTypesOf }: NoticesServiceDeps) {
  async function pendingFor(session: Session): Promise<SiteNotice[]> {
    const since = new Date(clock.now().getTime() - NOTICE_CURRENT_MS);
    const types = await audienceTypesOf(session.userId);
    const rows = await repo.unreadSince(session.projectId, session.userId, types, since, NOTICE_PENDING_MAX);
    return rows.map(toWire);
  }

  function broadcast(pushes: ReturnType<RealtimeGateway['pushesVia']>, row: NoticeRow): void {
    pushes.broadcast(RealtimeRoute.noticeBroadcast, toWire(row), {
      projectId: row.projectId,
      ...(row.audience ? { audience: row.audience } : {}),
    });
  }

  const service = {
    /**
     * Scheduler task: publishes every scheduled notice whose time has come (claimed once, audited)
     * and broadcasts each to the signed-in agents of its project after the claim committed.
     */
    async publishDue(limit = NOTICE_PUBLISH_BATCH): Promise<number> {
      const claimed = await repo.claimDue(clock.now(), limit);
      if (claimed.length === 0) return 0;
      const outbox = createOutbox();
      const pushes = realtime.pushesVia(outbox);
      for (const row of claimed) broadcast(pushes, row);
      await outbox.flush();
      return claimed.length;
    },

    /** The console's list: scheduled notices first (soonest first), then published ones (newest first). */
    async adminList(
      session: Session,
      query: { page: number; count: number; status?: 'scheduled' | 'published' | undefined },
    ) {
      if (session.staffRole !== 'admin') throw new AppError(ErrorCode.NoPermission);
      const result = await repo.list(session.projectId, query.status, {
        limit: query.count,
        offset: (query.page - 1) * query.count,
      });
      return { items: result.items.map(toConsoleWire), total: result.total };
    },

    /**
     * Moves a scheduled notice to another future time, or (showAt null) clears its schedule and
     * publishes it now. A notice already published answers 1042; another project's answers 404.
     */
    async adminSchedule(session: Session, id: number, showAt: number | null, ip: string) {
      if (session.staffRole !== 'admin') throw new AppError(ErrorCode.NoPermission);
      const now = clock.now();
      const publishNow = showAt === null || showAt <= now.getTime();
      const outbox = createOutbox();
      const pushes = realtime.pushesVia(outbox);
      const row = await repo.reschedule(
        {
          id,
          projectId: session.projectId,
          showAt: publishNow ? now : new Date(showAt!),
          publishAt: publishNow ? now : null,
        },
        (before, after) => {
          if (publishNow) broadcast(pushes, after);
          return {
            projectId: session.projectId,
            actorId: session.userId,
            action: publishNow ? 'notice.publish' : 'notice.reschedule',
            objectType: 'notice',
            objectId: String(id),
            before: { showAt: before.showAt.toISOString() },
            after: { showAt: after.showAt.toISOString(), published: publishNow },
            ip,
          };
        },
      );
      if (!row) {
        const found = await repo.byId(id);
        if (!found || found.projectId !== session.projectId) throw notFound('notice');
        throw new AppError(ErrorCode.NoticeAlreadyPublished);
      }
      await outbox.flush();
      return toConsoleWire(row);
    },

    async create(
      session: Session,
      input: {
        content: string;
        showDuration: number;
        audience?: readonly NoticeAudienceType[] | undefined;
        /** Epoch ms in the future: stored now, published by `publishDue` at that time. */
        showAt?: number | undefined;
      },
      ip: string,
    ): Promise<SiteNotice> {
      if (session.staffRole !== 'admin') throw new AppError(ErrorCode.NoPermission);
      const content = sanitiseNoticeHtml(input.content);
      if (content.length === 0) throw badParameter('content: nothing left after removing unsafe HTML');
      if (content.length > STORED_CONTENT_MAX_CHARS) throw badParameter('content: too long');
      // Absent or empty = everyone (stored as NULL); duplicates collapse.
      const audience = input.audience && input.audience.length > 0 ? [...new Set(input.audience)] : null;
      const now = clock.now();
      const scheduled = input.showAt !== undefined && input.showAt > now.getTime();
      const outbox = createOutbox();
      const pushes = realtime.pushesVia(outbox);
      const created = await repo.create(
        {
          projectId: session.projectId,
          content,
          showDuration: input.showDuration,
          showAt: scheduled ? new Date(input.showAt!) : now,
          publishedAt: scheduled ? null : now,
          audience,
          createdBy: session.userId,
        },
        (row) => {
          if (!scheduled) broadcast(pushes, row);
          return {
            projectId: session.projectId,
            actorId: session.userId,
            action: scheduled ? 'notice.schedule' : 'notice.create',
            objectType: 'notice',
            objectId: String(row.id),
            after: {
              showDuration: row.showDuration,
              contentChars: row.content.length,
              audience: row.audience,
              ...(scheduled ? { showAt: row.showAt.toISOString() } : {}),
            },
            ip,
          };
        },
      );
      // The broadcast leaves only now that the transaction has committed.
      await outbox.flush();
      return toWire(created);
    },

    /**
     * The current notices the caller has not marked (spec §7 notice/init, sent 3 s after the socket
     * starts). The `types` the shell sends are validated by the contract, but the audience match uses
     * the caller's types as the server knows them (a promoter cannot claim `banker`).
     */
    async init(session: Session): Promise<{ notices: SiteNotice[] }> {
      return { notices: await pendingFor(session) };
    },

    async mark(session: Session, body: unknown): Promise<{ noticeId: number; read: true }> {
      const parsed = NoticeMarkBody.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw badParameter(`${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
      }
      const notice = await repo.byId(parsed.data.noticeId);
      // Another project's notice, or a stale showAt, is answered as absent.
      if (!notice || notice.projectId !== session.projectId || notice.showAt.getTime() !== parsed.data.showAt)
        throw notFound('notice');
      await repo.markRead(notice.id, session.userId, clock.now());
      return { noticeId: notice.id, read: true };
    },

    /** Wires the notice stream and the mark request into the realtime gateway. */
    attach(): void {
      realtime.onStream(
        RealtimeRoute.noticeBroadcast,
        async (connection) => (connection.session ? pendingFor(connection.session) : []),
        async (connection) => (connection.session ? audienceTypesOf(connection.session.userId) : []),
      );
      realtime.onRequest(RealtimeRoute.noticeMark, async (body, connection) =>
        service.mark(await realtime.liveSession(connection), body),
      );
    },
  };
  return service;
}
export type NoticesService = ReturnType<typeof createNoticesService>;

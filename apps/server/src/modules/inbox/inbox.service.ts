import { ErrorCode, INBOX_NEW_ROUTE, type InboxNewPush, type MailItem } from '@payhub/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/database.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { unixSeconds } from '../../platform/local-day.ts';
import type { InboxRepo, MailRow } from './inbox.repo.ts';

/** Pushes a Notify message to every connection of a user (the realtime gateway's notifyUser). */
export type UserPush = (userId: number, route: string, payload: unknown) => Promise<void>;

export interface InboxServiceOptions {
  repo: InboxRepo;
  clock: Clock;
  /** Resolved at push time: the realtime gateway registers after the inbox. */
  push?: () => UserPush | undefined;
  /** Whether the caller may write to this user (admin: anyone of the project; leader: members; HR: promoters). */
  mayMail: (session: Session, userId: number) => Promise<boolean>;
}

/** A mail the platform or a staff member sends to one user. */
export interface OutgoingMail {
  projectId: number;
  userId: number;
  senderId: number | null;
  title: string;
  content: string;
}

export function createInboxService({ repo, clock, push, mayMail }: InboxServiceOptions) {
  const view = (row: MailRow): MailItem => ({
    mailId: row.id,
    title: row.title,
    content: row.content,
    read: row.readAt !== null,
    createdAt: unixSeconds(row.createdAt),
  });

  async function changed(userId: number, count: number) {
    return { changed: count, unreadCount: await repo.unreadCount(userId) };
  }

  /** Pushes a stored mail on /heracles/inbox/new to the user's sessions, with the unread count. */
  async function announce(row: MailRow): Promise<MailItem> {
    const item = view(row);
    const payload: InboxNewPush = { mail: item, unreadCount: await repo.unreadCount(row.userId) };
    // A failed push loses nothing: the mail is stored and the badge is read again on the next list.
    await push?.()?.(row.userId, INBOX_NEW_ROUTE, payload).catch(() => {});
    return item;
  }

  /**
   * Stores a mail inside the caller's transaction, so it stands or falls with what it tells; the
   * returned push is for after the commit (before it, the mail is not there to read).
   */
  async function deliverIn(tx: Executor, mail: OutgoingMail): Promise<() => Promise<MailItem>> {
    const row = await repo.insertIn(tx, { ...mail, createdAt: clock.now() });
    return () => announce(row);
  }

  /** Stores a mail and, once stored, pushes it to the user's sessions. */
  async function deliver(mail: OutgoingMail): Promise<MailItem> {
    return (await deliverIn(repo.db, mail))();
  }

  return {
    deliver,
    deliverIn,
    async list(session: Session, query: { page: number; count: number; unreadOnly: boolean }) {
      const page = await repo.list(session.userId, query.page, query.count, query.unreadOnly);
      return {
        items: page.items.map(view),
        total: page.total,
        unreadCount: await repo.unreadCount(session.userId),
      };
    },
    unreadCount: async (session: Session) => ({ unreadCount: await repo.unreadCount(session.userId) }),
    async read(session: Session, mailId: number) {
      if (!(await repo.exists(session.userId, mailId))) throw notFound('mail');
      return changed(session.userId, await repo.markRead(session.userId, mailId, clock.now()));
    },
    async remove(session: Session, mailId: number) {
      if (!(await repo.exists(session.userId, mailId))) throw notFound('mail');
      return changed(session.userId, await repo.markDeleted(session.userId, mailId, clock.now()));
    },
    readAll: async (session: Session) =>
      changed(session.userId, await repo.markRead(session.userId, null, clock.now())),
    deleteAllRead: async (session: Session) =>
      changed(session.userId, await repo.markDeleted(session.userId, null, clock.now())),
    async send(session: Session, body: { userId: number; title: string; content: string }) {
      if (!(await mayMail(session, body.userId))) throw new AppError(ErrorCode.NoPermission);
      return deliver({ projectId: session.projectId, senderId: session.userId, ...body });
    },
  };
}
export type InboxService = ReturnType<typeof createInboxService>;

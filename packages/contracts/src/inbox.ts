import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { NOTIFY_ROUTE_INBOX_NEW } from './realtime-routes.ts';
import { BooleanInput, Count, Id, Page } from './validation.ts';

/** The realtime Notify route that announces a new inbox mail (spec §7 Inbox); spelled in realtime-routes.ts. */
export const INBOX_NEW_ROUTE = NOTIFY_ROUTE_INBOX_NEW;

export const MailItem = z.object({
  mailId: z.number().int(),
  title: z.string(),
  content: z.string(),
  read: z.boolean(),
  /** Unix seconds. */
  createdAt: z.number().int(),
});
export type MailItem = z.infer<typeof MailItem>;

/** The content (a JSON string in the Notify message) pushed on INBOX_NEW_ROUTE. */
export const InboxNewPush = z.object({ mail: MailItem, unreadCount: z.number().int() });
export type InboxNewPush = z.infer<typeof InboxNewPush>;

const MailParams = z.object({ mailId: Id });
const Changed = z.object({ changed: z.number().int(), unreadCount: z.number().int() });

export const inbox = {
  list: endpoint({
    method: 'GET',
    path: '/heracles/inbox/mail',
    access: 'secure',
    summary: 'The caller’s mail, newest first, with the unread count',
    query: z.object({ page: Page, count: Count, unreadOnly: BooleanInput.default(false) }),
    response: z.object({ items: z.array(MailItem), total: z.number().int(), unreadCount: z.number().int() }),
  }),
  unreadCount: endpoint({
    method: 'GET',
    path: '/heracles/inbox/unread',
    access: 'secure',
    summary: 'The caller’s unread mail count (the badge)',
    response: z.object({ unreadCount: z.number().int() }),
  }),
  read: endpoint({
    method: 'POST',
    path: '/heracles/inbox/mail/:mailId/read',
    access: 'secure',
    summary: 'Mark one mail read',
    params: MailParams,
    response: Changed,
    errors: [404],
  }),
  delete: endpoint({
    method: 'POST',
    path: '/heracles/inbox/mail/:mailId/delete',
    access: 'secure',
    summary: 'Delete one mail',
    params: MailParams,
    response: Changed,
    errors: [404],
  }),
  readAll: endpoint({
    method: 'POST',
    path: '/heracles/inbox/readAll',
    access: 'secure',
    summary: 'Mark every mail read',
    response: Changed,
  }),
  deleteAllRead: endpoint({
    method: 'POST',
    path: '/heracles/inbox/deleteAllRead',
    access: 'secure',
    summary: 'Delete every read mail',
    response: Changed,
  }),
  send: endpoint({
    method: 'POST',
    path: '/heracles/inbox/send',
    access: 'secure',
    summary: 'Send a mail: an admin to any user of the project, a leader to a member, HR to a promoter',
    body: z
      .object({
        userId: Id,
        title: z.string().trim().min(1).max(120),
        content: z.string().trim().min(1).max(4000),
      })
      .strict(),
    response: MailItem,
    errors: [404, 1031],
  }),
};

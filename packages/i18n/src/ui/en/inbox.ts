import type { UiNamespace } from '../types.ts';

export const inbox: UiNamespace<'inbox'> = {
  title: 'Inbox',
  unread: '{{count}} unread',
  empty: 'No messages.',
  readAll: 'Mark all read',
  deleteAllRead: 'Delete read messages',
  markRead: 'Mark read',
  delete: 'Delete',
  newMail: 'New message: {{title}}',
};

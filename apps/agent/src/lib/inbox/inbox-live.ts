import { RealtimeState } from '@payhub/client/realtime/realtime-client.ts';
import { INBOX_NEW_ROUTE, type InboxNewPush } from '@payhub/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../api.ts';
import { i18next } from '../i18n.ts';
import { notify } from '../notify.ts';
import { realtimeClient } from '../realtime.ts';

/**
 * The inbox's query keys live here, not in the inbox feature: the unread badge (InboxBell) shows on
 * other features' pages, and a feature never imports another feature.
 */
export const inboxKeys = {
  all: ['inbox'] as const,
  unread: ['inbox', 'unread'] as const,
  list: ['inbox', 'list'] as const,
};

export const unreadCountQuery = () =>
  queryOptions({
    queryKey: inboxKeys.unread,
    queryFn: () => api.inbox.unreadCount(),
    select: (answer) => answer.unreadCount,
  });

export const useUnreadCount = () => useQuery(unreadCountQuery());

/**
 * Listens for /heracles/inbox/new on the app's realtime channel: the badge takes the pushed unread
 * count at once and the list reloads, without a page reload. Pushes reach only live connections, so
 * each time the channel (re)connects the inbox is read again: mail that arrived while the page was
 * loading or the socket was down is not missed.
 */
export function useInboxPush(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const channel = realtimeClient();
    const stopPushes = channel.onNotify(INBOX_NEW_ROUTE, (content) => {
      const push = content as InboxNewPush;
      queryClient.setQueryData(inboxKeys.unread, { unreadCount: push.unreadCount });
      void queryClient.invalidateQueries({ queryKey: inboxKeys.list });
      notify.info(i18next.t('inbox.newMail', { title: push.mail.title }));
    });
    const stopStates = channel.onStateChange((state) => {
      if (state === RealtimeState.CONNECTED) void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
    });
    return () => {
      stopPushes();
      stopStates();
    };
  }, [queryClient]);
}

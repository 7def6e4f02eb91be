import { useInboxPush, useUnreadCount } from '../../lib/inbox/inbox-live.ts';
import { QueryProvider } from '../query-provider.tsx';

function Badge() {
  const unread = useUnreadCount();
  useInboxPush();
  const count = unread.data ?? 0;
  if (count <= 0) return null;
  return (
    <span
      data-testid="inbox-badge"
      className="absolute top-1.5 left-1/2 ml-1 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-semibold text-white"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** The inbox tab's unread count, live by /heracles/inbox/new pushes (the one Query client of the app). */
export default function UnreadBadge() {
  return (
    <QueryProvider>
      <Badge />
    </QueryProvider>
  );
}

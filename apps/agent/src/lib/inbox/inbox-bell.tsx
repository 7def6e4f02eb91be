import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../paths.ts';
import { useInboxPush, useUnreadCount } from './inbox-live.ts';

/** The inbox button with its unread badge, kept live by /heracles/inbox/new pushes. */
export function InboxBell() {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  useInboxPush();
  const count = unread.data ?? 0;
  return (
    <Link
      to={paths.notice}
      aria-label={count > 0 ? `${t('inbox.title')} · ${t('inbox.unread', { count })}` : t('inbox.title')}
      className="relative inline-flex size-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
    >
      <Bell className="size-5" aria-hidden />
      {count > 0 ? (
        <span
          data-testid="inbox-badge"
          className="absolute top-1 right-1 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-semibold text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}

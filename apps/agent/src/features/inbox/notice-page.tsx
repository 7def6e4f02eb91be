import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { useGlobalStore } from '../../lib/stores/global.store.ts';
import { LoadError } from '../../shared/payment-ui.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Card } from '../../shared/ui/card.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { useInboxMutation, useInboxPush, useMail } from './api.ts';

/** /notice: the inbox; new mail arrives live over the realtime channel. */
export default function NoticePage() {
  const { t } = useTranslation();
  const language = useGlobalStore((state) => state.language);
  const mail = useMail();
  useInboxPush();
  const read = useInboxMutation((mailId: number) => api.inbox.read({ params: { mailId } }));
  const remove = useInboxMutation((mailId: number) => api.inbox.delete({ params: { mailId } }));
  const readAll = useInboxMutation(() => api.inbox.readAll());
  const deleteAllRead = useInboxMutation(() => api.inbox.deleteAllRead());
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  if (!mail.data)
    return mail.isError ? (
      <Page title={t('inbox.title')}>
        <LoadError query={mail} />
      </Page>
    ) : (
      <PageSpinner label={t('common.loading')} />
    );
  return (
    <Page title={t('inbox.title')}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700" data-testid="inbox-unread">
          {t('inbox.unread', { count: mail.data.unreadCount })}
        </p>
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="secondary"
            busy={readAll.isPending}
            onClick={() => readAll.mutate(undefined)}
          >
            {t('inbox.readAll')}
          </Button>
          <Button
            size="sm"
            variant="danger"
            busy={deleteAllRead.isPending}
            onClick={() => deleteAllRead.mutate(undefined)}
          >
            {t('inbox.deleteAllRead')}
          </Button>
        </div>
      </div>
      {mail.data.items.length === 0 ? (
        <Card>
          <p className="text-sm text-slate-600">{t('inbox.empty')}</p>
        </Card>
      ) : (
        mail.data.items.map((item) => (
          <Card key={item.mailId} className={item.read ? 'opacity-75' : 'ring-brand-200'}>
            <article className="flex flex-col gap-1.5" data-testid="inbox-mail">
              <div className="flex items-start justify-between gap-2">
                <h2 className={item.read ? 'font-medium text-slate-800' : 'font-semibold text-slate-900'}>
                  {item.title}
                </h2>
                <time className="shrink-0 text-xs text-slate-500">
                  {when.format(new Date(item.createdAt * 1000))}
                </time>
              </div>
              <p className="text-sm whitespace-pre-wrap text-slate-700">{item.content}</p>
              <div className="flex gap-2 pt-1">
                {!item.read ? (
                  <Button size="sm" variant="ghost" onClick={() => read.mutate(item.mailId)}>
                    {t('inbox.markRead')}
                  </Button>
                ) : null}
                <Button size="sm" variant="ghost" onClick={() => remove.mutate(item.mailId)}>
                  {t('inbox.delete')}
                </Button>
              </div>
            </article>
          </Card>
        ))
      )}
    </Page>
  );
}

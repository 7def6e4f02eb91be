import { NOTICE_AUDIENCE_TYPES, type NoticeAudienceType } from '@payhub/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { useCan } from '../../lib/staff.ts';
import { Button, Card, ErrorLine, Input } from '../../shared/ui.tsx';
import { GuideEditor } from './guide-editor.tsx';
import { NoticesList } from './notices-list.tsx';

/**
 * Site notices and maintenance mode. The preview renders the HTML in a sandboxed frame (no scripts,
 * no same origin); the server keeps only the allow-listed tags when it publishes.
 */
export function ContentPage() {
  const { t } = useTranslation();
  const [content, setContent] = useState('<p><b>Info</b></p>');
  const [duration, setDuration] = useState('3');
  const [audience, setAudience] = useState<NoticeAudienceType[]>([]);
  /** A local date-time (the browser's zone) to publish at; empty = now. */
  const [showAt, setShowAt] = useState('');
  const queryClient = useQueryClient();
  const toggle = (type: NoticeAudienceType, on: boolean) =>
    setAudience((current) =>
      on
        ? NOTICE_AUDIENCE_TYPES.filter((item) => item === type || current.includes(item))
        : current.filter((item) => item !== type),
    );
  const at = showAt ? new Date(showAt).getTime() : Number.NaN;
  const later = Number.isFinite(at) && at > Date.now();
  const publish = useMutation({
    mutationFn: () =>
      api.console.publishNotice({
        body: { content, showDuration: Number(duration) || 0, audience, ...(later ? { showAt: at } : {}) },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['console', 'notices'] }),
  });
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title={t('console.content.heading')}>
        <div className="flex flex-col gap-2 text-sm">
          <label htmlFor="notice-content" className="flex flex-col gap-1">
            {t('console.content.editor')}
            <textarea
              id="notice-content"
              className="h-48 rounded-md border border-slate-300 p-2 font-mono text-xs"
              value={content}
              onChange={(event) => setContent(event.target.value)}
            />
          </label>
          <label htmlFor="notice-duration" className="flex items-center gap-2">
            {t('console.content.duration')}
            <Input
              id="notice-duration"
              className="w-20"
              inputMode="numeric"
              value={duration}
              onChange={(event) => setDuration(event.target.value)}
            />
          </label>
          <fieldset className="flex flex-col gap-1">
            <legend>{t('console.content.audience')}</legend>
            <div className="flex flex-wrap gap-x-3 gap-y-1">
              {NOTICE_AUDIENCE_TYPES.map((type) => (
                <label key={type} className="flex items-center gap-1">
                  <input
                    type="checkbox"
                    checked={audience.includes(type)}
                    onChange={(event) => toggle(type, event.target.checked)}
                  />
                  {t(`console.content.audienceTypes.${type}`)}
                </label>
              ))}
            </div>
            <p className="text-xs text-slate-500">{t('console.content.audienceHint')}</p>
          </fieldset>
          <label htmlFor="notice-show-at" className="flex flex-col gap-1">
            {t('consoleOps.notices.schedule')}
            <Input
              id="notice-show-at"
              type="datetime-local"
              className="w-60"
              value={showAt}
              onChange={(event) => setShowAt(event.target.value)}
            />
            <span className="text-xs text-slate-500">{t('consoleOps.notices.scheduleHint')}</span>
          </label>
          <ErrorLine error={publish.error ? errorText(publish.error) : null} />
          {publish.data && (
            <p role="status" className="text-emerald-700">
              {publish.data.showAt > Date.now()
                ? t('consoleOps.notices.scheduledOk', { id: publish.data.noticeId })
                : t('console.content.published', { id: publish.data.noticeId })}
            </p>
          )}
          <Button disabled={!content.trim() || publish.isPending} onClick={() => publish.mutate()}>
            {later ? t('consoleOps.notices.publishLater') : t('console.content.publish')}
          </Button>
        </div>
      </Card>
      <Card title={t('console.content.preview')}>
        <iframe
          title={t('console.content.preview')}
          sandbox=""
          srcDoc={`<style>body{font-family:system-ui,sans-serif;font-size:14px;color:#0f172a;margin:12px}</style>${content}`}
          className="h-48 w-full rounded border border-slate-200 bg-white"
        />
      </Card>
      <Maintenance />
      <NoticesList />
      <GuideEditor />
    </div>
  );
}

function Maintenance() {
  const { t } = useTranslation();
  const may = useCan('maintenance');
  const [enabled, setEnabled] = useState(false);
  const [message, setMessage] = useState('');
  const save = useMutation({
    mutationFn: () =>
      api.console.maintenance({ body: { enabled, message: message.trim() ? message.trim() : null } }),
  });
  if (!may) return null;
  return (
    <Card title={t('console.content.maintenance')}>
      <div className="flex flex-col gap-2 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
          {t('console.content.maintenanceOn')}
        </label>
        <Input
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          placeholder={t('console.content.maintenanceMessage')}
        />
        <ErrorLine error={save.error ? errorText(save.error) : null} />
        {save.isSuccess && <p className="text-emerald-700">{t('console.content.maintenanceSaved')}</p>}
        <Button onClick={() => save.mutate()} disabled={save.isPending}>
          {t('console.common.save')}
        </Button>
      </div>
    </Card>
  );
}

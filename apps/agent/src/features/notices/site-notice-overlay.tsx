import { RealtimeRoute } from '@payhub/contracts';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { realtimeClient, useRealtimeConnection } from '../../lib/realtime.ts';
import { useGlobalStore } from '../../lib/stores/global.store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { noticeTypes } from './notice-queue.ts';
import { noticeTexts } from './notice-texts.ts';
import {
  acknowledgeNotice,
  clearNotices,
  noticeQueue,
  receiveNotice,
  setPageHidden,
  useNoticeStore,
} from './notices.store.ts';

/** notice/init goes out this long after the socket starts (spec §7, §9). */
const NOTICE_INIT_DELAY_MS = 3_000;
const COUNTDOWN_TICK_MS = 250;

/** Subscribes to the notice stream while signed in and asks for pending notices 3 s after the start. */
function useNoticeChannel(): void {
  const status = useGlobalStore((state) => state.status);
  useEffect(() => {
    if (status !== 'signedIn') {
      clearNotices();
      return;
    }
    const unsubscribe = realtimeClient().subscribe(RealtimeRoute.noticeBroadcast, receiveNotice);
    const timer = setTimeout(() => {
      const types = noticeTypes(useGlobalStore.getState().spaInfo);
      api.notices
        .init({ body: { types } })
        .then(({ notices }) => {
          for (const notice of notices) receiveNotice(notice);
        })
        .catch(() => undefined);
    }, NOTICE_INIT_DELAY_MS);
    return () => {
      clearTimeout(timer);
      unsubscribe();
      clearNotices();
    };
  }, [status]);
}

/** The countdown pauses while the page is hidden; notices arriving then wait until it is visible. */
function usePageVisibility(): void {
  useEffect(() => {
    const update = () => setPageHidden(document.hidden);
    update();
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
}

/** Re-renders while a countdown runs. */
function useCountdown(active: boolean): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setTick((tick) => tick + 1), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [active]);
}

/**
 * The full-screen site notice overlay (spec §4): one notice at a time from the queue; the
 * acknowledge button stays disabled for showDuration + 1 s, counting down only while the page is
 * visible; acknowledging marks the notice read over the socket and shows the next one. Also owns
 * the realtime connection's lifetime (opened after login, closed on logout).
 */
export function SiteNoticeOverlay() {
  useRealtimeConnection();
  useNoticeChannel();
  usePageVisibility();
  useNoticeStore((state) => state.revision);
  const language = useGlobalStore((state) => state.language);
  const notice = noticeQueue.current();
  const remainingMs = noticeQueue.remainingMs();
  useCountdown(notice !== null && remainingMs > 0);
  if (!notice) return null;

  const texts = noticeTexts[language] ?? noticeTexts['id-ID'];
  const seconds = Math.ceil(remainingMs / 1_000);
  const acknowledge = () => {
    const done = acknowledgeNotice();
    if (!done) return;
    void realtimeClient()
      .request(RealtimeRoute.noticeMark, { noticeId: done.noticeId, showAt: done.showAt })
      .catch(() => undefined);
  };
  return (
    <div
      className="fixed inset-0 z-[1990] flex items-center justify-center bg-slate-900/70 p-4"
      role="dialog"
      aria-modal="true"
      aria-labelledby="site-notice-title"
      data-testid="site-notice"
      data-notice-id={notice.noticeId}
    >
      <div className="flex max-h-[80vh] w-full max-w-[466px] flex-col rounded-2xl bg-white shadow-xl">
        <h2 id="site-notice-title" className="px-5 pt-5 text-lg font-semibold text-slate-900">
          {texts.title}
        </h2>
        <div
          className="notice-content overflow-y-auto px-5 py-3 text-[15px] leading-relaxed text-slate-700 [&_a]:text-brand-700 [&_a]:underline [&_img]:max-w-full [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc"
          data-testid="site-notice-content"
          // The server sanitised this HTML on the way in (allow-listed tags, no scripts or handlers).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: notice content is server-sanitised HTML
          dangerouslySetInnerHTML={{ __html: notice.content }}
        />
        <div className="px-5 pt-2 pb-5">
          <Button block disabled={remainingMs > 0} onClick={acknowledge} data-testid="site-notice-ack">
            {remainingMs > 0 ? texts.wait(seconds) : texts.acknowledge}
          </Button>
        </div>
      </div>
    </div>
  );
}

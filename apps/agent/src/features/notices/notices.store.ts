import type { SiteNotice } from '@payhub/contracts';
import { create } from 'zustand';
import { NoticeQueue } from './notice-queue.ts';

/** The queue itself lives outside React; the store only tells components that it changed. */
export const noticeQueue = new NoticeQueue(() => Date.now());

interface NoticeState {
  /** Bumped on every change of the queue. */
  revision: number;
}

export const useNoticeStore = create<NoticeState>()(() => ({ revision: 0 }));

const changed = () => useNoticeStore.setState((state) => ({ revision: state.revision + 1 }));

function isSiteNotice(value: unknown): value is SiteNotice {
  if (!value || typeof value !== 'object') return false;
  const item = value as Record<string, unknown>;
  return (
    Number.isInteger(item.noticeId) &&
    Number.isInteger(item.showAt) &&
    typeof item.content === 'string' &&
    Number.isInteger(item.showDuration)
  );
}

/** Queues a notice from the stream or from notice/init (repeats are ignored). */
export function receiveNotice(value: unknown): void {
  if (isSiteNotice(value) && noticeQueue.receive(value)) changed();
}

export function setPageHidden(hidden: boolean): void {
  noticeQueue.setHidden(hidden);
  changed();
}

/** Removes the notice on screen when its countdown has ended; answers it so it can be marked read. */
export function acknowledgeNotice(): SiteNotice | null {
  const notice = noticeQueue.acknowledge();
  if (notice) changed();
  return notice;
}

export function clearNotices(): void {
  noticeQueue.clear();
  changed();
}

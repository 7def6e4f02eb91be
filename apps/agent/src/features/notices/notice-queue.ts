import type { SiteNotice, SpaType } from '@payhub/contracts';

/** A notice audience type of notice/init. */
export type NoticeAudience = SpaType | 'banker';

/** The acknowledge button unlocks after showDuration plus this much (spec §4, §9). */
const NOTICE_EXTRA_MS = 1_000;
/** Notices remembered as already queued or acknowledged, so a repeat delivery is ignored. */
const SEEN_MAX = 500;

interface Entry {
  notice: SiteNotice;
  /** Countdown left, not counting the run in progress. */
  remainingMs: number;
}

/**
 * The site-notice queue of spec §4, without React or timers: notices are shown one at a time;
 * the head's countdown (showDuration + 1 s) runs only while the page is visible; notices that
 * arrive while the page is hidden wait until it is visible again; acknowledging removes the
 * head once its countdown has ended. Time comes from `now` so tests can move it.
 */
export class NoticeQueue {
  private readonly entries: Entry[] = [];
  private readonly heldWhileHidden: SiteNotice[] = [];
  private readonly seen = new Set<number>();
  private hidden = false;
  /** When the head's countdown last (re)started; null while paused or empty. */
  private runningSince: number | null = null;

  constructor(private readonly now: () => number) {}

  get length(): number {
    return this.entries.length;
  }

  get waitingWhileHidden(): number {
    return this.heldWhileHidden.length;
  }

  /** Queues a notice unless it is already queued, held or acknowledged. Answers whether it was new. */
  receive(notice: SiteNotice): boolean {
    if (this.seen.has(notice.noticeId)) return false;
    this.remember(notice.noticeId);
    if (this.hidden) this.heldWhileHidden.push(notice);
    else this.enqueue(notice);
    return true;
  }

  setHidden(hidden: boolean): void {
    if (hidden === this.hidden) return;
    if (hidden) {
      this.pause();
      this.hidden = true;
      return;
    }
    this.hidden = false;
    for (const notice of this.heldWhileHidden.splice(0)) this.enqueue(notice);
    this.resume();
  }

  /** The notice on screen, or null. */
  current(): SiteNotice | null {
    return this.entries[0]?.notice ?? null;
  }

  /** Countdown left on the notice on screen, in ms (0 when it may be acknowledged). */
  remainingMs(): number {
    const head = this.entries[0];
    if (!head) return 0;
    const running = this.runningSince === null ? 0 : this.now() - this.runningSince;
    return Math.max(0, head.remainingMs - running);
  }

  canAcknowledge(): boolean {
    return this.entries.length > 0 && !this.hidden && this.remainingMs() === 0;
  }

  /** Removes the notice on screen when its countdown has ended; answers it (to mark it read). */
  acknowledge(): SiteNotice | null {
    if (!this.canAcknowledge()) return null;
    const head = this.entries.shift()!;
    this.runningSince = null;
    this.resume();
    return head.notice;
  }

  /** Empties everything (logout). */
  clear(): void {
    this.entries.length = 0;
    this.heldWhileHidden.length = 0;
    this.seen.clear();
    this.runningSince = null;
  }

  private enqueue(notice: SiteNotice): void {
    this.entries.push({ notice, remainingMs: notice.showDuration * 1_000 + NOTICE_EXTRA_MS });
    this.resume();
  }

  private pause(): void {
    const head = this.entries[0];
    if (head && this.runningSince !== null) head.remainingMs = this.remainingMs();
    this.runningSince = null;
  }

  private resume(): void {
    if (this.hidden || this.entries.length === 0 || this.runningSince !== null) return;
    this.runningSince = this.now();
  }

  private remember(noticeId: number): void {
    this.seen.add(noticeId);
    if (this.seen.size > SEEN_MAX) this.seen.delete(this.seen.values().next().value as number);
  }
}

/** The audience types sent with notice/init (spec §7): the spaType, plus banker when spaPay is yes. */
export function noticeTypes(spaInfo: { spaType: string | null; spaPay: string } | null): NoticeAudience[] {
  if (!spaInfo) return [];
  const types: NoticeAudience[] = spaInfo.spaType ? [spaInfo.spaType as SpaType] : [];
  if (spaInfo.spaPay === 'yes') types.push('banker');
  return types;
}

// Proves the site-notice queue rules of spec §4: one at a time, countdown of showDuration + 1 s
// paused while hidden, notices received while hidden held until visible, acknowledge removes.
import { describe, expect, it } from 'vitest';
import { NoticeQueue, noticeTypes } from './notice-queue.ts';

const notice = (noticeId: number, showDuration = 3) => ({
  noticeId,
  showAt: 1_700_000_000_000 + noticeId,
  content: `<p>${noticeId}</p>`,
  showDuration,
});

function queueAt(start = 0) {
  let time = start;
  const queue = new NoticeQueue(() => time);
  return { queue, advance: (ms: number) => (time += ms) };
}

describe('NoticeQueue', () => {
  it('locks acknowledge for showDuration + 1 s, then removes the notice and starts the next', () => {
    const { queue, advance } = queueAt();
    queue.receive(notice(1, 3));
    queue.receive(notice(2, 0));
    expect(queue.current()?.noticeId).toBe(1);
    expect(queue.remainingMs()).toBe(4_000);
    advance(3_999);
    expect(queue.canAcknowledge()).toBe(false);
    expect(queue.acknowledge()).toBeNull();
    advance(1);
    expect(queue.canAcknowledge()).toBe(true);
    expect(queue.acknowledge()?.noticeId).toBe(1);
    expect(queue.current()?.noticeId).toBe(2);
    // The next notice's countdown starts when it comes on screen, not when it arrived.
    expect(queue.remainingMs()).toBe(1_000);
    advance(1_000);
    expect(queue.acknowledge()?.noticeId).toBe(2);
    expect(queue.current()).toBeNull();
  });

  it('pauses the countdown while the page is hidden', () => {
    const { queue, advance } = queueAt();
    queue.receive(notice(1, 2));
    advance(1_000);
    queue.setHidden(true);
    advance(60_000);
    expect(queue.remainingMs()).toBe(2_000);
    expect(queue.canAcknowledge()).toBe(false);
    queue.setHidden(false);
    advance(1_999);
    expect(queue.canAcknowledge()).toBe(false);
    advance(1);
    expect(queue.canAcknowledge()).toBe(true);
  });

  it('holds notices received while hidden until the page is visible', () => {
    const { queue, advance } = queueAt();
    queue.setHidden(true);
    queue.receive(notice(5, 1));
    expect(queue.current()).toBeNull();
    expect(queue.waitingWhileHidden).toBe(1);
    advance(10_000);
    queue.setHidden(false);
    expect(queue.current()?.noticeId).toBe(5);
    expect(queue.remainingMs()).toBe(2_000);
  });

  it('ignores a notice delivered twice (stream and init) and one already acknowledged', () => {
    const { queue, advance } = queueAt();
    expect(queue.receive(notice(1, 0))).toBe(true);
    expect(queue.receive(notice(1, 0))).toBe(false);
    expect(queue.length).toBe(1);
    advance(1_000);
    queue.acknowledge();
    expect(queue.receive(notice(1, 0))).toBe(false);
    expect(queue.current()).toBeNull();
    queue.clear();
    expect(queue.receive(notice(1, 0))).toBe(true);
  });
});

describe('noticeTypes', () => {
  it('sends the spaType, plus banker when spaPay is yes', () => {
    expect(noticeTypes({ spaType: 'New', spaPay: 'yes' })).toEqual(['New', 'banker']);
    expect(noticeTypes({ spaType: 'CS', spaPay: 'no' })).toEqual(['CS']);
    expect(noticeTypes({ spaType: null, spaPay: 'yes' })).toEqual(['banker']);
    expect(noticeTypes(null)).toEqual([]);
  });
});

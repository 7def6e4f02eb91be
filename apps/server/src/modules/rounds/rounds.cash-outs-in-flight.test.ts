import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type CashOutsInFlight,
  createCashOutsInFlight,
  isCashOutsInFlightMessage,
} from './rounds.cash-outs-in-flight.ts';

const OPTIONS = { idleMs: 200, heartbeatMs: 1_000, staleMs: 5_000 };

describe('cash-outs in flight', () => {
  let said: Array<[number, boolean]>;
  let tracker: CashOutsInFlight;

  beforeEach(() => {
    vi.useFakeTimers();
    said = [];
    tracker = createCashOutsInFlight({
      ...OPTIONS,
      announce: (projectId, inFlight) => said.push([projectId, inFlight]),
    });
  });
  afterEach(() => {
    tracker.close();
    vi.useRealTimers();
  });

  it('announces a project busy once, then idle only after it stayed at zero for idleMs', () => {
    const first = tracker.add(12, performance.now());
    const second = tracker.add(12, performance.now());
    expect(said).toEqual([[12, true]]);
    first();
    second();
    second(); // done twice counts once
    vi.advanceTimersByTime(199);
    expect(said).toEqual([[12, true]]);
    vi.advanceTimersByTime(1);
    expect(said).toEqual([
      [12, true],
      [12, false],
    ]);
  });

  it('says nothing for a count that flaps through zero within idleMs, and repeats "busy" after heartbeatMs', () => {
    tracker.add(12, performance.now())();
    vi.advanceTimersByTime(100);
    const again = tracker.add(12, performance.now());
    vi.advanceTimersByTime(500);
    expect(said).toEqual([[12, true]]);
    vi.advanceTimersByTime(500);
    tracker.add(12, performance.now());
    expect(said).toEqual([
      [12, true],
      [12, true],
    ]);
    again();
    vi.advanceTimersByTime(1_000);
    // One cash-out is still settling: not idle.
    expect(said.filter(([, inFlight]) => !inFlight)).toEqual([]);
  });

  it('says "settled" for every busy project when the node closes, once', () => {
    tracker.add(12, performance.now());
    tracker.add(10, performance.now())();
    tracker.close();
    vi.advanceTimersByTime(1_000);
    expect(said).toEqual([
      [12, true],
      [10, true],
      [12, false],
      [10, false],
    ]);
  });

  it('knows its own cash-outs by project and arrival', () => {
    const arrived = Date.now();
    const done = tracker.add(12, performance.now());
    tracker.add(10, performance.now());
    expect(tracker.receivedBefore(12, arrived + 1)).toBe(true);
    expect(tracker.receivedBefore(12, arrived - 1)).toBe(false);
    expect(tracker.receivedBefore(16, arrived + 1)).toBe(false);
    done();
    expect(tracker.receivedBefore(12, arrived + 1)).toBe(false);
    expect(tracker.receivedBefore(10, arrived + 1)).toBe(true);
  });

  it('holds for another node until it says idle, and forgets an announcement older than staleMs', () => {
    tracker.noteRemote({ node: 'b', projectId: 12, inFlight: true });
    tracker.noteRemote({ node: 'c', projectId: 12, inFlight: true });
    expect(tracker.elsewhere(12)).toBe(true);
    expect(tracker.elsewhere(10)).toBe(false);
    tracker.noteRemote({ node: 'b', projectId: 12, inFlight: false });
    expect(tracker.elsewhere(12)).toBe(true);
    tracker.noteRemote({ node: 'c', projectId: 12, inFlight: false });
    expect(tracker.elsewhere(12)).toBe(false);
    // A node that died saying "in flight" holds no round for longer than staleMs.
    tracker.noteRemote({ node: 'd', projectId: 12, inFlight: true });
    vi.advanceTimersByTime(5_000);
    expect(tracker.elsewhere(12)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(tracker.elsewhere(12)).toBe(false);
  });

  it('reads only well-formed announcements off the bus', () => {
    expect(isCashOutsInFlightMessage({ node: 'b', projectId: 12, inFlight: true })).toBe(true);
    expect(isCashOutsInFlightMessage({ node: 'b', projectId: '12', inFlight: true })).toBe(false);
    expect(isCashOutsInFlightMessage({ node: 'b', projectId: 12.5, inFlight: false })).toBe(false);
    expect(isCashOutsInFlightMessage({ node: 7, projectId: 12, inFlight: true })).toBe(false);
    expect(isCashOutsInFlightMessage({ node: 'b', projectId: 12, inFlight: 'yes' })).toBe(false);
    expect(isCashOutsInFlightMessage(null)).toBe(false);
    expect(isCashOutsInFlightMessage('{"node":"b"}')).toBe(false);
  });
});

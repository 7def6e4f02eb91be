import type { RoundBetChange, RoundBetState } from '@payhub/contracts';
import { describe, expect, it } from 'vitest';
import { broadcastRank, framed, type QueuedChange } from './rounds.broadcast.ts';

function queued(id: string, state: RoundBetState, stake: bigint): QueuedChange {
  const change: RoundBetChange = [id, 'p***1', 'YEC', '1.00', state, null, null];
  return { change, rank: broadcastRank({ state, stake }) };
}

describe('a bets frame', () => {
  it('carries every change, in queue order, when they fit', () => {
    const items = [queued('a', 'open', 5n), queued('b', 'won', 1n), queued('c', 'lost', 9n)];
    expect(framed(items, 3).map((change) => change[0])).toEqual(['a', 'b', 'c']);
  });

  it('keeps wins, then open bets, then the rest, larger stakes first, and sends them in queue order', () => {
    const items = [
      queued('lost-big', 'lost', 1_000n),
      queued('open-small', 'open', 100n),
      queued('won-small', 'won', 100n),
      queued('open-big', 'open', 900n),
      queued('won-big', 'won', 500n),
      queued('voided', 'voided', 5_000n),
    ];
    expect(framed(items, 3).map((change) => change[0])).toEqual(['won-small', 'open-big', 'won-big']);
    expect(framed(items, 1).map((change) => change[0])).toEqual(['won-big']);
  });

  it('picks equal ranks by queue order', () => {
    const items = Array.from({ length: 10 }, (_, index) => queued(`b${index}`, 'open', 100n));
    expect(framed(items, 4).map((change) => change[0])).toEqual(['b0', 'b1', 'b2', 'b3']);
  });
});

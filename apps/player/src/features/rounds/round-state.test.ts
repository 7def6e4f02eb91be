import { RECENT_ROUNDS, type RoundLiveBet, type RoundStateResponse, type RoundWire } from '@payhub/contracts';
import { describe, expect, it } from 'vitest';
import {
  clockText,
  liveBetsShown,
  summaryCounts,
  withEndedRound,
  withLiveTally,
  withRoundEvent,
  withTally,
} from './round-state.ts';

function round(id: string, state: RoundWire['state']): RoundWire {
  return { id, state } as RoundWire;
}

function stateWith(live: RoundWire | null, recent: RoundWire[]): RoundStateResponse {
  return {
    round: live,
    bets: [{ id: 'b1' } as RoundStateResponse['bets'][number]],
    tally: { bets: 1, won: 0 },
    recent,
    fairness: null,
    stakes: [],
  };
}

describe('a game state after a round event', () => {
  it('takes a new round in its betting window with no bets yet', () => {
    const next = withRoundEvent(stateWith(null, []), round('8', 'betting'));
    expect(next.round?.id).toBe('8');
    expect(next.bets).toEqual([]);
    expect(next.tally).toEqual({ bets: 0, won: 0 });
  });

  it('replaces the live round when it starts running and keeps its bets', () => {
    const next = withRoundEvent(stateWith(round('8', 'betting'), []), round('8', 'running'));
    expect(next.round?.state).toBe('running');
    expect(next.bets).toHaveLength(1);
  });

  it('moves an ended round to the head of the recent results, which grow up to the number the server lists', () => {
    const recent = [round('7', 'ended'), round('6', 'ended'), round('5', 'voided')];
    const next = withRoundEvent(stateWith(round('8', 'running'), recent), round('8', 'ended'));
    expect(next.round).toBeNull();
    expect(next.recent.map((item) => item.id)).toEqual(['8', '7', '6', '5']);
    // The same event twice (two nodes' sockets, a replay) leaves it once.
    expect(withRoundEvent(next, round('8', 'ended')).recent.map((item) => item.id)).toEqual([
      '8',
      '7',
      '6',
      '5',
    ]);
    // A full list keeps its length: the oldest leaves.
    const full = Array.from({ length: RECENT_ROUNDS }, (_, index) => round(String(100 - index), 'ended'));
    const after = withRoundEvent(stateWith(round('101', 'running'), full), round('101', 'ended'));
    expect(after.recent).toHaveLength(RECENT_ROUNDS);
    expect(after.recent[0]?.id).toBe('101');
    expect(after.recent.at(-1)?.id).toBe(String(100 - RECENT_ROUNDS + 2));
  });

  it('leaves another live round in place when an older one ends', () => {
    const next = withRoundEvent(stateWith(round('9', 'betting'), []), round('8', 'voided'));
    expect(next.round?.id).toBe('9');
    expect(next.recent.map((item) => item.id)).toEqual(['8']);
  });
});

describe("the draw's clock", () => {
  it('shows minutes and seconds, two digits each, never below zero', () => {
    expect(clockText(8)).toBe('00:08');
    expect(clockText(59)).toBe('00:59');
    expect(clockText(60)).toBe('01:00');
    expect(clockText(105)).toBe('01:45');
    expect(clockText(0)).toBe('00:00');
    expect(clockText(-3)).toBe('00:00');
  });
});

describe("a round's live bets as the crash screen lists them", () => {
  const bet = (id: string, roundId = '8', state: RoundLiveBet['state'] = 'open') =>
    ({ id, roundId, state }) as RoundLiveBet;

  it("shows the player's own bet first, then the others in arrival order, at most the limit", () => {
    const bets = [bet('a'), bet('b', '8', 'won'), bet('c'), bet('mine', '8', 'won'), bet('d')];
    const { shown, total, won } = liveBetsShown(bets, '8', 'mine', 3);
    expect(shown.map((item) => item.id)).toEqual(['mine', 'a', 'b']);
    expect({ total, won }).toEqual({ total: 5, won: 2 });
  });

  it("counts and shows only the shown round's bets; without a bet of the player's, the first ones", () => {
    const bets = [bet('old', '7'), bet('a'), bet('b'), bet('c')];
    const { shown, total } = liveBetsShown(bets, '8', null, 2);
    expect(shown.map((item) => item.id)).toEqual(['a', 'b']);
    expect(total).toBe(3);
    expect(liveBetsShown(bets, undefined, 'c', 10).shown.map((item) => item.id)).toEqual([
      'c',
      'old',
      'a',
      'b',
    ]);
  });

  it('keeps 2,000 bets to the limit', () => {
    const bets = Array.from({ length: 2_000 }, (_, index) => bet(`b${index}`));
    const { shown, total } = liveBetsShown(bets, '8', 'b1999');
    expect(shown).toHaveLength(50);
    expect(shown[0]!.id).toBe('b1999');
    expect(total).toBe(2_000);
  });
});

describe("a round's tally", () => {
  it("keeps each count's largest value within a round (events of two nodes out of order)", () => {
    let tally = withTally(null, '8', { bets: 120, won: 0 });
    tally = withTally(tally, '8', { bets: 2_000, won: 40 });
    tally = withTally(tally, '8', { bets: 1_900, won: 35 });
    expect(tally).toEqual({ roundId: '8', bets: 2_000, won: 40 });
    expect(withTally(tally, '9', { bets: 3, won: 0 })).toEqual({ roundId: '9', bets: 3, won: 0 });
  });

  it("counts the shown round by the server's tally, or the list's when it knows more", () => {
    const tally = { roundId: '8', bets: 2_000, won: 700 };
    expect(summaryCounts({ total: 60, won: 30 }, tally, '8')).toEqual({ total: 2_000, won: 700 });
    expect(summaryCounts({ total: 3, won: 1 }, { roundId: '8', bets: 2, won: 0 }, '8')).toEqual({
      total: 3,
      won: 1,
    });
    // Another round's tally (the next round opened) is not this one's.
    expect(summaryCounts({ total: 4, won: 0 }, tally, '9')).toEqual({ total: 4, won: 0 });
    expect(summaryCounts({ total: 4, won: 0 }, null, '8')).toEqual({ total: 4, won: 0 });
  });
});

describe("a game's history after a round event", () => {
  it('puts an ended or voided round first, once, at most the limit long; other states change nothing', () => {
    const history = { items: [round('7', 'ended'), round('6', 'ended')] };
    expect(withEndedRound(history, round('8', 'ended'), 2).items.map((item) => item.id)).toEqual(['8', '7']);
    expect(withEndedRound(history, round('8', 'voided'), 5).items.map((item) => item.id)).toEqual([
      '8',
      '7',
      '6',
    ]);
    expect(withEndedRound(history, round('7', 'ended'), 5).items.map((item) => item.id)).toEqual(['7', '6']);
    expect(withEndedRound(history, round('8', 'running'), 5)).toBe(history);
  });
});

describe('withLiveTally', () => {
  const live = (tally: { bets: number; won: number }) =>
    ({ round: { id: '7' }, bets: [], tally, recent: [], fairness: null }) as unknown as RoundStateResponse;

  it("keeps each count of the live round's tally at its largest, and ignores another round's", () => {
    expect(withLiveTally(live({ bets: 3, won: 1 }), '7', { bets: 5, won: 0 }).tally).toEqual({
      bets: 5,
      won: 1,
    });
    const state = live({ bets: 3, won: 1 });
    expect(withLiveTally(state, '6', { bets: 9, won: 9 })).toBe(state);
  });

  it('is zeros once the live round ended (none is live until the next one opens)', () => {
    const ended = { id: '7', state: 'ended' } as RoundWire;
    expect(withRoundEvent(live({ bets: 3, won: 1 }), ended).tally).toEqual({ bets: 0, won: 0 });
  });
});

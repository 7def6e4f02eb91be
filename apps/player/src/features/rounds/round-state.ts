import {
  NO_BETS_TALLY,
  RECENT_ROUNDS,
  type RoundLiveBet,
  type RoundStateResponse,
  type RoundTally,
  type RoundWire,
} from '@payhub/contracts';

/**
 * A game's state after a `round` event, without asking the server: a round that opens replaces the
 * live one with no bets yet, one that starts running replaces it, one that ends leaves the live slot
 * (the next round's event fills it) and heads the recent results, at most RECENT_ROUNDS of them (as
 * the server lists them).
 */
export function withRoundEvent(state: RoundStateResponse, round: RoundWire): RoundStateResponse {
  if (round.state === 'betting') return { ...state, round, bets: [], tally: NO_BETS_TALLY };
  if (round.state === 'running') return { ...state, round };
  const recent = [round, ...state.recent.filter((item) => item.id !== round.id)];
  const leaves = state.round?.id === round.id;
  return {
    ...state,
    round: leaves ? null : state.round,
    // The tally is the live round's: none is live until the next round's event.
    tally: leaves ? NO_BETS_TALLY : state.tally,
    recent: recent.slice(0, RECENT_ROUNDS),
  };
}

/**
 * A game's state after a tally the server sent for `roundId` (with a `bets` event): the live
 * round's counts, each kept at its largest (events of two nodes may cross; within a round both only
 * grow); a tally of another round leaves the state as it is.
 */
export function withLiveTally(
  state: RoundStateResponse,
  roundId: string,
  tally: RoundTally,
): RoundStateResponse {
  if (state.round?.id !== roundId) return state;
  return {
    ...state,
    tally: { bets: Math.max(state.tally.bets, tally.bets), won: Math.max(state.tally.won, tally.won) },
  };
}

/**
 * A game's history after a `round` event: an ended or voided round heads it (once), at most `limit`
 * long; other events leave it as it is. Keeps the wingo trend and the fairness page current without
 * a read at every round's end.
 */
export function withEndedRound(
  history: { items: RoundWire[] },
  round: RoundWire,
  limit: number,
): { items: RoundWire[] } {
  if (round.state !== 'ended' && round.state !== 'voided') return history;
  return { items: [round, ...history.items.filter((item) => item.id !== round.id)].slice(0, limit) };
}

/** Seconds as the draw's clock shows them, mm:ss ("00:08", "01:45"). */
export function clockText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** Rows the crash screen's live list shows at most: a round of 2,000 bets would be 2,000 rows on a phone. */
export const LIVE_BETS_SHOWN = 50;

/**
 * The live list of a round's bets as the screen shows it: the player's own bet first, then the
 * others in the order they arrived, at most `limit` rows; with the counts of all of them (every bet,
 * those cashed out) for the summary line.
 */
export function liveBetsShown(
  bets: Iterable<RoundLiveBet>,
  roundId: string | undefined,
  mineId: string | null,
  limit = LIVE_BETS_SHOWN,
): { shown: RoundLiveBet[]; total: number; won: number } {
  const shown: RoundLiveBet[] = [];
  let mine: RoundLiveBet | undefined;
  let total = 0;
  let won = 0;
  for (const bet of bets) {
    if (roundId !== undefined && bet.roundId !== roundId) continue;
    total += 1;
    if (bet.state === 'won') won += 1;
    if (bet.id === mineId) mine = bet;
    else if (shown.length < limit) shown.push(bet);
  }
  if (mine) {
    shown.unshift(mine);
    if (shown.length > limit) shown.pop();
  }
  return { shown, total, won };
}

/** The tally the screen shows: the round's, as the server counted it, with the round it is of. */
export interface ShownTally extends RoundTally {
  roundId: string;
}

/**
 * The shown tally after one the server sent for `roundId`. Within a round both counts only grow,
 * and events from different nodes may arrive out of order, so each count keeps its largest value;
 * another round's tally replaces it.
 */
export function withTally(current: ShownTally | null, roundId: string, tally: RoundTally): ShownTally {
  if (current?.roundId !== roundId) return { roundId, ...tally };
  return { roundId, bets: Math.max(current.bets, tally.bets), won: Math.max(current.won, tally.won) };
}

/**
 * The summary line's counts for the shown round: the server's tally (a full round's frames carry a
 * sample of its changes, so the list alone counts fewer), or the list's own count when it knows more
 * (a change that arrived before the tally that includes it).
 */
export function summaryCounts(
  listed: { total: number; won: number },
  tally: ShownTally | null,
  roundId: string | undefined,
): { total: number; won: number } {
  if (!tally || tally.roundId !== roundId) return listed;
  return { total: Math.max(listed.total, tally.bets), won: Math.max(listed.won, tally.won) };
}

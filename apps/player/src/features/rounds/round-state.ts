import type { RoundStateResponse, RoundWire } from '@payhub/contracts';

/**
 * A game's state after a `round` event, without asking the server: a round that opens replaces the
 * live one with no bets yet, one that starts running replaces it, one that ends leaves the live slot
 * (the next round's event fills it) and heads the recent results, which keep their length.
 */
export function withRoundEvent(state: RoundStateResponse, round: RoundWire): RoundStateResponse {
  if (round.state === 'betting') return { ...state, round, bets: [] };
  if (round.state === 'running') return { ...state, round };
  const recent = [round, ...state.recent.filter((item) => item.id !== round.id)];
  return {
    ...state,
    round: state.round?.id === round.id ? null : state.round,
    recent: recent.slice(0, Math.max(1, state.recent.length)),
  };
}

/** Seconds as the draw's clock shows them, mm:ss ("00:08", "01:45"). */
export function clockText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

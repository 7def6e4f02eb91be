import { randomInt, randomUUID } from 'node:crypto';
import type { ProviderRecord } from './record.ts';
import type { WalletClient } from './wallet-client.ts';
import { type MoveContext, payWin, takeBet } from './wallet-moves.ts';

/**
 * "Roulette Langsung": a live-style European roulette table, one shared round after another, as a
 * live-casino studio streams it — a betting window, the ball spinning, the result; every player's bet
 * is a signed `transaction/bet` when placed and a `transaction/win` (0 for a loss, closing the round)
 * at the result. The studio's wheel is our random draw (`crypto.randomInt`), not a provably fair one:
 * a third-party live table proves itself by its stream and licence, not by seeds.
 */
export const LIVE_GAME_CODE = 'demo-live-roulette';
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
const HISTORY = 15;
const BETS_PER_ROUND = 20;

/** Bets of the table: the even chances (2×), the dozens (3×) and a single number `n<0-36>` (36×). */
const KIND = /^(?:red|black|odd|even|low|high|dozen[123]|n(?:[0-9]|[12][0-9]|3[0-6]))$/;

/** What a bet returns for a pocket, stake included: its multiplier, or 0 when it lost. */
export function liveMultiplier(kind: string, pocket: number): number {
  if (kind.startsWith('n')) return Number(kind.slice(1)) === pocket ? 36 : 0;
  if (kind.startsWith('dozen')) {
    const dozen = Number(kind.slice(5));
    return pocket >= dozen * 12 - 11 && pocket <= dozen * 12 ? 3 : 0;
  }
  if (pocket === 0) return 0;
  const wins = {
    red: RED.has(pocket),
    black: !RED.has(pocket),
    odd: pocket % 2 === 1,
    even: pocket % 2 === 0,
    low: pocket <= 18,
    high: pocket >= 19,
  }[kind as 'red'];
  return wins ? 2 : 0;
}

export type LivePhase = 'betting' | 'spinning' | 'result';

export interface LiveState {
  round: number;
  roundId: string;
  phase: LivePhase;
  /** Epoch ms when the phase began and ends, and the provider's clock when this state was sent (clients keep the offset). */
  startedAt: number;
  endsAt: number;
  now: number;
  /** The pocket, only once the ball has landed (never during the betting window or the spin). */
  result: number | null;
  history: number[];
  /** Set once every bet of the round has been paid (wins sent), so pages re-read their bets and balance. */
  settled: boolean;
}

export interface LiveBet {
  kind: string;
  amount: number;
  transaction_uuid: string;
  /** Paid amount after the result, null before. */
  payout: number | null;
}

export interface LiveTiming {
  bettingMs: number;
  spinMs: number;
  resultMs: number;
}

export const DEFAULT_LIVE_TIMING: LiveTiming = { bettingMs: 15_000, spinMs: 6_000, resultMs: 5_000 };

interface Seat {
  context: MoveContext;
  bets: LiveBet[];
  /** Bets asked for, taken or still in flight (the per-round cap counts these). */
  placed: number;
}

export type LiveBetAnswer =
  | { ok: true; bet: LiveBet; balance: number | null }
  | { ok: false; error: string; balance: number | null };

export function createLiveTable(deps: {
  wallet: WalletClient;
  record: ProviderRecord;
  timing?: LiveTiming;
  draw?: () => number;
  log?: (line: string) => void;
}) {
  const timing = deps.timing ?? DEFAULT_LIVE_TIMING;
  const draw = deps.draw ?? (() => randomInt(37));
  const listeners = new Set<(state: LiveState) => void>();
  const history: number[] = [];
  /** Seats of the open round and of the last settled one (by session token: a player sees only theirs). */
  let seats = new Map<string, Seat>();
  let lastSeats = new Map<string, Seat>();
  let state: Omit<LiveState, 'now'> = {
    round: 0,
    roundId: randomUUID(),
    phase: 'betting',
    startedAt: 0,
    endsAt: 0,
    result: null,
    history: [],
    settled: false,
  };
  let timer: NodeJS.Timeout | null = null;
  /** Bets of the open round still waiting for the wallet: the round settles after them. */
  let inFlight: Promise<unknown>[] = [];

  const snapshot = (): LiveState => ({ ...state, history: [...history], now: Date.now() });
  const publish = () => {
    const current = snapshot();
    for (const listener of listeners) listener(current);
  };
  const after = (ms: number, next: () => void) => {
    timer = setTimeout(next, ms);
  };

  function openRound() {
    lastSeats = seats;
    seats = new Map();
    inFlight = [];
    state = {
      round: state.round + 1,
      roundId: randomUUID(),
      phase: 'betting',
      startedAt: Date.now(),
      endsAt: Date.now() + timing.bettingMs,
      result: null,
      history: [],
      settled: false,
    };
    publish();
    after(timing.bettingMs, spin);
  }

  function spin() {
    state = { ...state, phase: 'spinning', startedAt: Date.now(), endsAt: Date.now() + timing.spinMs };
    publish();
    after(timing.spinMs, land);
  }

  function land() {
    const pocket = draw();
    history.unshift(pocket);
    history.length = Math.min(history.length, HISTORY);
    state = {
      ...state,
      phase: 'result',
      result: pocket,
      startedAt: Date.now(),
      endsAt: Date.now() + timing.resultMs,
    };
    publish();
    const roundId = state.roundId;
    const waiting = inFlight;
    const round = [...seats.values()];
    void Promise.allSettled(waiting)
      .then(() => settle(pocket, round))
      .then(() => {
        if (state.roundId !== roundId) return;
        state = { ...state, settled: true };
        publish();
      });
    after(timing.resultMs, openRound);
  }

  /** Pays every bet of the round (a win of 0 for a loss); the wallet is idempotent, so retries are safe. */
  async function settle(pocket: number, round: Seat[]) {
    await Promise.all(
      round.map(async (seat) => {
        for (const bet of seat.bets) {
          const payout = bet.amount * liveMultiplier(bet.kind, pocket);
          const answer = await payWin(deps.wallet, deps.record, seat.context, bet.transaction_uuid, payout);
          if (answer?.status === 'RS_OK') bet.payout = payout;
          else
            deps.log?.(
              `live table: win of ${bet.transaction_uuid} not taken (${answer?.status ?? 'no answer'})`,
            );
        }
      }),
    );
  }

  return {
    start() {
      if (timer === null) openRound();
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
    state: snapshot,
    subscribe(listener: (state: LiveState) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** A bet in the open betting window: taken from the player's wallet at once. */
    async bet(input: {
      token: string;
      user: string;
      currency: string;
      kind: string;
      amount: number;
    }): Promise<LiveBetAnswer> {
      if (!KIND.test(input.kind) || !Number.isSafeInteger(input.amount) || input.amount <= 0)
        return { ok: false, error: 'BAD_BET', balance: null };
      if (state.phase !== 'betting' || Date.now() >= state.endsAt)
        return { ok: false, error: 'BETTING_CLOSED', balance: null };
      const seat = seats.get(input.token) ?? {
        context: {
          user: input.user,
          token: input.token,
          currency: input.currency,
          round: `live-${state.roundId}`,
          game_code: LIVE_GAME_CODE,
        },
        bets: [],
        placed: 0,
      };
      if (seat.context.user !== input.user || seat.context.currency !== input.currency)
        return { ok: false, error: 'BAD_BET', balance: null };
      if (seat.placed >= BETS_PER_ROUND) return { ok: false, error: 'TOO_MANY_BETS', balance: null };
      seat.placed += 1;
      seats.set(input.token, seat);
      const work = (async (): Promise<LiveBetAnswer> => {
        const taken = await takeBet(deps.wallet, deps.record, seat.context, input.amount);
        if (!taken.ok) return { ok: false, error: taken.status, balance: taken.balance };
        const bet: LiveBet = {
          kind: input.kind,
          amount: input.amount,
          transaction_uuid: taken.transaction_uuid,
          payout: null,
        };
        // A bet whose answer came after the window closed still rides on the round it was placed in.
        seat.bets.push(bet);
        return { ok: true, bet, balance: taken.answer.balance ?? null };
      })();
      inFlight.push(work);
      return work;
    },
    /** The caller's bets of the open round and of the last finished one. */
    mine(token: string) {
      return {
        round: (seats.get(token)?.bets ?? []).map((bet) => ({ ...bet })),
        last: (lastSeats.get(token)?.bets ?? []).map((bet) => ({ ...bet })),
      };
    },
  };
}
export type LiveTable = ReturnType<typeof createLiveTable>;

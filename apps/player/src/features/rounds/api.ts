import type { RoundEvent, RoundGame, RoundWire } from '@payhub/contracts';
import { RoundsRealtimeRoute } from '@payhub/contracts';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { QUERY_KEYS } from '../../lib/query-keys.ts';
import { realtimeClient } from '../../lib/realtime.ts';
import { withEndedRound, withLiveTally, withRoundEvent } from './round-state.ts';

/**
 * The game's live round, its bets, recent results and the chain's fairness data. Round events keep
 * it current in the cache (`withRoundEvent`); the slow refetch only repairs what a dropped socket
 * missed.
 */
export const roundStateQuery = (game: RoundGame) =>
  queryOptions({
    queryKey: ['rounds', game, 'state'],
    queryFn: () => api.rounds.state({ params: { game } }),
    staleTime: 5_000,
    refetchInterval: STATE_REPAIR_MS,
  });

/** How often a shown game's state is read again although round events keep it current. */
const STATE_REPAIR_MS = 60_000;

export const roundHistoryQuery = (game: RoundGame, limit = 50) =>
  queryOptions({
    queryKey: ['rounds', game, 'history', limit],
    queryFn: () => api.rounds.history({ params: { game }, query: { limit } }),
  });

export const myRoundBetsQuery = (game: RoundGame) =>
  queryOptions({
    queryKey: ['rounds', game, 'mine'],
    queryFn: () => api.rounds.myBets({ params: { game }, query: { limit: 20 } }),
  });

/**
 * The rounds broadcast (every round event of the project, from whichever node clocks it): each
 * event goes to `onEvent`, and a `round` event updates the game's cached state in place
 * (`withRoundEvent`). Nothing is read from the server for another player's round: with 5,000 players
 * watching, a read per event was 5,000 requests at every round change. When a round ends in which
 * the player's cached bets still show an open one, their bets and balances are read again.
 */
export function useRoundEvents(games: readonly RoundGame[], onEvent: (event: RoundEvent) => void): void {
  const queryClient = useQueryClient();
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const key = games.join(',');
  useEffect(() => {
    const wanted = new Set(key.split(','));
    return realtimeClient().subscribe(RoundsRealtimeRoute.broadcast, (item) => {
      const event = item as RoundEvent;
      const game = event.type === 'round' ? event.round.game : event.type === 'bets' ? event.game : 'crash';
      if (!wanted.has(game)) return;
      handler.current(event);
      if (event.type === 'bets' && event.tally) {
        const { roundId, tally } = event;
        queryClient.setQueryData(roundStateQuery(game).queryKey, (state) =>
          state ? withLiveTally(state, roundId, tally) : state,
        );
      }
      if (event.type !== 'round') return;
      const round = event.round;
      queryClient.setQueryData(roundStateQuery(game).queryKey, (state) =>
        state ? withRoundEvent(state, round) : state,
      );
      if (round.state === 'ended' || round.state === 'voided') {
        // Every cached history of the game (its limit is the key's last part) takes the ended round.
        for (const [queryKey, history] of queryClient.getQueriesData<{ items: RoundWire[] }>({
          queryKey: ['rounds', game, 'history'],
        }))
          if (history)
            queryClient.setQueryData(queryKey, withEndedRound(history, round, Number(queryKey[3])));
        const mine = queryClient.getQueryData(myRoundBetsQuery(game).queryKey);
        if (mine?.items.some((bet) => bet.roundId === round.id && bet.state === 'open')) {
          void queryClient.invalidateQueries({ queryKey: myRoundBetsQuery(game).queryKey });
          void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.walletBalances });
        }
      }
    });
  }, [key, queryClient]);
}

/** Offset between the server's clock and this device's (server − local, ms), from a round's serverTime. */
export function serverOffset(serverTime: string, receivedAt: number): number {
  return Date.parse(serverTime) - receivedAt;
}

export function formatCents(cents: number, language?: string): string {
  const text = (cents / 100).toFixed(2);
  return `${language === 'id-ID' ? text.replace('.', ',') : text}×`;
}

/** `formatCents` in the player's language: 2,05× on an Indonesian page (as the games write it), 2.05× else. */
export function useFormatCents(): (cents: number) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback((cents: number) => formatCents(cents, language), [language]);
}

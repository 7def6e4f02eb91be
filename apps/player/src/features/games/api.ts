/**
 * The games feature's server calls (contracts/games.ts): the lobby's configuration, the seed pair,
 * bets, moves and cash-outs, the open game to resume, my bets, a bet's detail and the live feed.
 */
import type { BetWire, GameIdWire, GameMoveInput, GameParamsInput } from '@payhub/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { QUERY_KEYS } from '../../lib/query-keys.ts';

export const GAMES_KEYS = {
  lobby: ['games', 'lobby'] as const,
  seeds: ['games', 'seeds'] as const,
  myBets: (game: GameIdWire | undefined) => ['games', 'myBets', game ?? 'all'] as const,
  allMyBets: ['games', 'myBets'] as const,
  open: (game: GameIdWire) => ['games', 'open', game] as const,
  feed: (game: GameIdWire | undefined) => ['games', 'feed', game ?? 'all'] as const,
  bet: (id: string) => ['games', 'bet', id] as const,
};

export const lobbyQuery = () =>
  queryOptions({ queryKey: GAMES_KEYS.lobby, queryFn: () => api.games.lobby(), staleTime: 30_000 });

export const seedsQuery = () =>
  queryOptions({ queryKey: GAMES_KEYS.seeds, queryFn: () => api.games.seeds(), staleTime: 0 });

export const myBetsQuery = (game?: GameIdWire) =>
  queryOptions({
    queryKey: GAMES_KEYS.myBets(game),
    queryFn: () => api.games.myBets({ query: { game, count: 20 } }),
    staleTime: 0,
  });

export const openGameQuery = (game: GameIdWire) =>
  queryOptions({
    queryKey: GAMES_KEYS.open(game),
    queryFn: () => api.games.open({ params: { game } }),
    staleTime: 0,
    gcTime: 0,
  });

export const feedQuery = (game?: GameIdWire) =>
  queryOptions({
    queryKey: GAMES_KEYS.feed(game),
    queryFn: () => api.games.feed({ query: { game } }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const betDetailQuery = (id: string) =>
  queryOptions({
    queryKey: GAMES_KEYS.bet(id),
    queryFn: () => api.games.betDetail({ params: { betId: id } }),
  });

/** A v4 UUID for a bet id (the server refuses anything else); getRandomValues works without HTTPS. */
export function newBetId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function placeBet(input: { asset: string; stake: string; params: GameParamsInput }): Promise<BetWire> {
  return api.games.bet({ body: { id: newBetId(), ...input } as Parameters<typeof api.games.bet>[0]['body'] });
}

export function moveBet(betId: string, move: GameMoveInput): Promise<BetWire> {
  return api.games.move({ params: { betId }, body: move });
}

export function cashOutBet(betId: string): Promise<BetWire> {
  return api.games.cashOut({ params: { betId } });
}

/** After a bet settles: the balances, my bets and the seed pair's nonce are read again. */
export function afterSettled(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.walletBalances });
  void queryClient.invalidateQueries({ queryKey: GAMES_KEYS.allMyBets });
  void queryClient.invalidateQueries({ queryKey: GAMES_KEYS.seeds });
}

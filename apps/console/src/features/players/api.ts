import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const playersQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: ['console', 'players', q],
    queryFn: ({ pageParam }) =>
      api.console.players({
        query: { ...(q ? { q } : {}), ...(pageParam ? { cursor: pageParam } : {}), count: 25 },
      }),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const playerQuery = (userId: number) =>
  queryOptions({
    queryKey: ['console', 'player', userId],
    queryFn: () => api.console.player({ params: { userId } }),
  });

export const historyQuery = (userId: number) =>
  infiniteQueryOptions({
    queryKey: ['console', 'history', userId],
    queryFn: ({ pageParam }) =>
      api.console.playerHistory({
        params: { userId },
        query: { ...(pageParam ? { cursor: pageParam } : {}), count: 25 },
      }),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const notesQuery = (userId: number) =>
  queryOptions({
    queryKey: ['console', 'notes', userId],
    queryFn: () => api.console.notes({ params: { userId } }),
  });

export const sessionsQuery = (userId: number) =>
  queryOptions({
    queryKey: ['console', 'player-sessions', userId],
    queryFn: () => api.console.playerSessions({ params: { userId } }),
  });

export const limitsQuery = (userId: number) =>
  queryOptions({
    queryKey: ['console', 'player-limits', userId],
    queryFn: () => api.console.playerLimits({ params: { userId } }),
  });

export const identityQuery = (userId: number) =>
  queryOptions({
    queryKey: ['console', 'player-identity', userId],
    queryFn: () => api.console.playerIdentity({ params: { userId } }),
  });

import type { Asset, HistoryType } from '@payhub/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { QUERY_KEYS } from '../../lib/query-keys.ts';

export interface HistoryFilter {
  asset?: Asset | undefined;
  type?: HistoryType | undefined;
  /** ISO instants with the project's offset: the start of the first day, the start of the day after the last. */
  from?: string | undefined;
  to?: string | undefined;
}

/** Movements 20 at a time, newest first; the next page starts after the last row (keyset cursor). */
export const historyQuery = (filter: HistoryFilter) =>
  infiniteQueryOptions({
    queryKey: [...QUERY_KEYS.history, filter],
    queryFn: ({ pageParam }) =>
      api.wallet.history({
        query: {
          count: 20,
          ...(filter.asset ? { asset: filter.asset } : {}),
          ...(filter.type ? { type: filter.type } : {}),
          ...(filter.from ? { from: filter.from } : {}),
          ...(filter.to ? { to: filter.to } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

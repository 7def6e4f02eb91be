import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { QUERY_KEYS } from '../../lib/query-keys.ts';

/** Records load 20 at a time, newest first. */
const RECORDS_COUNT = 20;

/** The next page to ask for while fewer records are loaded than the server has. */
function nextPage<Page extends { items: unknown[]; total: number }>(
  last: Page,
  pages: Page[],
): number | undefined {
  const loaded = pages.reduce((count, page) => count + page.items.length, 0);
  return loaded < last.total ? pages.length + 1 : undefined;
}

export const balanceQuery = () =>
  queryOptions({ queryKey: QUERY_KEYS.balance, queryFn: () => api.withdraw.balance(), staleTime: 0 });

export const depositRecordsQuery = () =>
  infiniteQueryOptions({
    queryKey: QUERY_KEYS.deposits,
    queryFn: ({ pageParam }) => api.payhub.playerOrders({ query: { page: pageParam, count: RECORDS_COUNT } }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 0,
  });

export const withdrawalRecordsQuery = () =>
  infiniteQueryOptions({
    queryKey: QUERY_KEYS.withdrawals,
    queryFn: ({ pageParam }) => api.withdraw.orders({ query: { page: pageParam, count: RECORDS_COUNT } }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 0,
  });

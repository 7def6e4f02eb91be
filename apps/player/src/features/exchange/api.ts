import type { Asset } from '@payhub/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** The rate of one pair (exact fraction, display text, spread) and how long quotes hold. */
export const rateQuery = (from: Asset, to: Asset) =>
  queryOptions({
    queryKey: ['exchange', 'rate', from, to],
    queryFn: () => api.exchange.rate({ query: { from, to } }),
    staleTime: 15_000,
  });

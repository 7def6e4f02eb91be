import type { IdentityReviewStatus } from '@payhub/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { QUEUE_REFRESH_MS } from '../../lib/query-client.ts';

/** The queue of tier-2 identity submissions of one status (keyset pages). */
export const kycQueueQuery = (status: IdentityReviewStatus) =>
  infiniteQueryOptions({
    queryKey: ['console', 'kyc', status],
    queryFn: ({ pageParam }) =>
      api.console.kycQueue({ query: { status, ...(pageParam ? { cursor: pageParam } : {}), count: 25 } }),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: status === 'pending' ? QUEUE_REFRESH_MS : false,
  });

/** Both images of one submission (each view is an audit line on the server). */
export const kycImagesQuery = (id: number) =>
  queryOptions({
    queryKey: ['console', 'kyc', 'images', id],
    queryFn: () => api.console.kycImages({ params: { id } }),
    staleTime: Number.POSITIVE_INFINITY,
  });

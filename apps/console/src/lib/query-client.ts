import { QueryClient } from '@tanstack/react-query';

/**
 * How often a work queue (pending adjustments, identity reviews, open cases) reads itself again while
 * its page is open and visible: another staff member's request or decision shows without a reload.
 */
export const QUEUE_REFRESH_MS = 20_000;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
    mutations: { retry: false },
  },
});

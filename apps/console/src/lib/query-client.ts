import { QueryClient, type QueryKey } from '@tanstack/react-query';

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

/**
 * Shows at once what a save returned. A page reads its data again when it opens (after the 10 s of
 * `staleTime`), and that read can still be on its way when the save answers: answering from before
 * the save, it would put the old state back on the page. So a read in flight is cancelled first.
 */
export async function showSaved<T>(queryKey: QueryKey, saved: T): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  queryClient.setQueryData<T>(queryKey, saved);
}

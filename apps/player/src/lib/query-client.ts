import { QueryClient, type QueryKey, type Updater } from '@tanstack/react-query';

/** Failures already raised their dialog through the API error listener; queries do not retry them. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

/**
 * Shows at once what a saved change made of a query's data. A screen reads its data again when it
 * opens, and that read can still be on its way when the change is saved: answering from before the
 * change, it would put the old state back on the screen. So a read in flight is cancelled first.
 */
export async function showSaved<T>(
  queryKey: QueryKey,
  saved: Updater<T | undefined, T | undefined>,
): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  queryClient.setQueryData<T>(queryKey, saved);
}

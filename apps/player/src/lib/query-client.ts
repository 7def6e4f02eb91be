import { QueryClient } from '@tanstack/react-query';

/** Failures already raised their dialog through the API error listener; queries do not retry them. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

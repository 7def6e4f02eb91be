import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** The games of the project's enabled providers (the lobby). */
export const providerGamesQuery = () =>
  queryOptions({ queryKey: ['providers', 'games'], queryFn: () => api.providers.games(), staleTime: 60_000 });

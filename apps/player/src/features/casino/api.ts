import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** The games of the project's enabled providers (the lobby). */
export const providerGamesQuery = () =>
  queryOptions({ queryKey: ['providers', 'games'], queryFn: () => api.providers.games(), staleTime: 60_000 });

const FAVOURITES_KEY = 'payhub.casino.favourites';

/** Favourite games, kept on this device (`providerId:code`). */
export function readFavourites(): Set<string> {
  try {
    const parsed = JSON.parse(localStorage.getItem(FAVOURITES_KEY) ?? '[]') as unknown;
    return new Set(
      Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [],
    );
  } catch {
    return new Set();
  }
}

export function writeFavourites(favourites: Set<string>): void {
  localStorage.setItem(FAVOURITES_KEY, JSON.stringify([...favourites]));
}

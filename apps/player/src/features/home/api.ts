import type { Locale } from '@payhub/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** The beginner guide's steps as the operator edited them in the console (null: the built-in text). */
export const guideQuery = (locale: Locale) =>
  queryOptions({
    queryKey: ['guide', locale],
    queryFn: () => api.guide.text({ query: { locale } }),
    staleTime: 5 * 60_000,
  });

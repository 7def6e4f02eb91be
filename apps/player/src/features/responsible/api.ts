import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Responsible play (issue 14): the player's limits and exclusion, the statement, the reality check. */
export const settingsQuery = () =>
  queryOptions({
    queryKey: ['responsible', 'settings'],
    queryFn: () => api.responsible.settings(),
    staleTime: 0,
  });

export const statementQuery = () =>
  queryOptions({
    queryKey: ['responsible', 'statement'],
    queryFn: () => api.responsible.statement({ query: { months: 12 } }),
    staleTime: 0,
  });

/** Read every minute while signed in: the dialog shows when another interval has been played. */
export const realityCheckQuery = () =>
  queryOptions({
    queryKey: ['responsible', 'realityCheck'],
    queryFn: () => api.responsible.realityCheck(),
    refetchInterval: 60_000,
    staleTime: 0,
  });

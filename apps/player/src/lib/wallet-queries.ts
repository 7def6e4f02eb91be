import { queryOptions } from '@tanstack/react-query';
import { api } from './api.ts';
import { QUERY_KEYS } from './query-keys.ts';

/** Queries several features and the shell read: the balances of every asset and the maintenance flag. */
/** Every asset's balance (balance, held, available) and the asset games are played in. */
export const walletBalancesQuery = () =>
  queryOptions({ queryKey: QUERY_KEYS.walletBalances, queryFn: () => api.wallet.balances(), staleTime: 0 });

/** The public maintenance flag of the project; checked again every minute. */
export const maintenanceQuery = () =>
  queryOptions({
    queryKey: ['site', 'maintenance'],
    queryFn: async () => {
      const answer = await api.site.listConfig({ body: { keys: ['maintenance'] } });
      const value = answer.items.find((item) => item.key === 'maintenance')?.value as
        | { enabled?: boolean; message?: string | null }
        | undefined;
      return { enabled: value?.enabled === true, message: value?.message ?? null };
    },
    refetchInterval: 60_000,
  });

import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { QUERY_KEYS } from '../../lib/query-keys.ts';

export const withdrawInfoQuery = () =>
  queryOptions({ queryKey: QUERY_KEYS.withdrawInfo, queryFn: () => api.withdraw.info(), staleTime: 0 });

export const bankAccountsQuery = () =>
  queryOptions({ queryKey: QUERY_KEYS.bankAccounts, queryFn: () => api.withdraw.bankList() });

export const supportedBanksQuery = () =>
  queryOptions({ queryKey: ['withdraw', 'bankSupport'], queryFn: () => api.withdraw.bankSupport() });

/** The fee of a withdrawal of `amount` (a wire amount), asked once typing pauses. */
export const feeQuery = (amount: string | null) =>
  queryOptions({
    queryKey: ['withdraw', 'fee', amount],
    queryFn: () => api.withdraw.fee({ body: { amount: amount ?? '0' } }),
    enabled: amount !== null,
  });

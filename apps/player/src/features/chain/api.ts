import { ErrorCode } from '@payhub/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { QUERY_KEYS } from '../../lib/query-keys.ts';

/** The calls of the chain screens (contracts/chain.ts). */
export const depositAddressQuery = () =>
  queryOptions({
    queryKey: ['chain', 'depositAddress'],
    queryFn: () => api.chain.depositAddress(),
    // 10001 (excluded, cooling off, under age) is an answer, not a hiccup: asked again on the next visit.
    retry: (count, error) =>
      (error as { errCode?: number }).errCode !== ErrorCode.UserCannotPlay && count < 2,
  });

/** The player's exclusion (its end date), shown instead of the address while deposits are paused. */
export const responsibleSettingsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: ['responsible', 'settings'],
    queryFn: () => api.responsible.settings(),
    enabled,
  });

export const chainDepositsQuery = () =>
  queryOptions({
    queryKey: QUERY_KEYS.chainDeposits,
    queryFn: () => api.chain.deposits({ query: { page: 1, count: 20 } }),
  });

export const chainWithdrawalsQuery = () =>
  queryOptions({
    queryKey: QUERY_KEYS.chainWithdrawals,
    queryFn: () => api.chain.withdrawals({ query: { page: 1, count: 20 } }),
  });

export const addressBookQuery = () =>
  queryOptions({ queryKey: ['chain', 'addresses'], queryFn: () => api.chain.addresses() });

/** The fee and limits of a withdrawal of `amount` (a wire amount), asked once typing pauses. */
export const withdrawQuoteQuery = (amount: string | null) =>
  queryOptions({
    queryKey: ['chain', 'quote', amount],
    queryFn: () => api.chain.withdrawQuote({ body: { amount: amount ?? '0' } }),
    enabled: amount !== null,
    retry: false,
  });

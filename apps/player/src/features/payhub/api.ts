import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { QUERY_KEYS } from '../../lib/query-keys.ts';

export const portsQuery = () =>
  queryOptions({ queryKey: ['payhub', 'ports'], queryFn: () => api.payhub.ports() });

export const payingBanksQuery = () =>
  queryOptions({ queryKey: ['payhub', 'heraclesBanks'], queryFn: () => api.payhub.heraclesBanks() });

/**
 * One deposit order. It is read once; afterwards its state arrives by push (lib/deposit-live.ts
 * applies each pushed version), so the screen does not poll.
 */
export const depositOrderQuery = (id: number) =>
  queryOptions({
    queryKey: QUERY_KEYS.depositOrder(id),
    queryFn: () => api.payhub.orderState({ params: { id } }),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 0,
  });

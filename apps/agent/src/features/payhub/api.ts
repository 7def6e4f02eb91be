import type { PayOrder, Topup, WithdrawOrder } from '@payhub/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Query keys of the payment hub; a push or a mutation invalidates the group it touches. */
export const payhubKeys = {
  all: ['payhub'] as const,
  quota: ['payhub', 'quota'] as const,
  status: ['payhub', 'status'] as const,
  unprocessed: ['payhub', 'unprocessed'] as const,
  orders: (scope: string) => ['payhub', 'orders', scope] as const,
  topups: (scope: string) => ['payhub', 'topups', scope] as const,
  withdrawals: (scope: string) => ['payhub', 'withdrawals', scope] as const,
};

/** Lists ask for the spec's page: count 500, page 1 (spec §7). */
export const LIST_PAGE = { page: 1, count: 500 } as const;

export function useQuota() {
  return useQuery({ queryKey: payhubKeys.quota, queryFn: () => api.quota.query() });
}
export function useOperatorStatus() {
  return useQuery({ queryKey: payhubKeys.status, queryFn: () => api.payhub.operatorStatus() });
}
export function useUnprocessed() {
  return useQuery({ queryKey: payhubKeys.unprocessed, queryFn: () => api.payhub.unprocessed() });
}

/** The operator's own deposit orders in the given states (shell filter: wait and checking). */
export function useOperatorOrders(states: readonly number[]) {
  return useQuery({
    queryKey: payhubKeys.orders(`mine:${states.join(',')}`),
    queryFn: () => api.payhub.ordersQuery({ query: { ...LIST_PAGE, state: states.join(',') } }),
  });
}

/** Manage role: the project's exceptional and canceled orders nobody has taken (handleState 0). */
export function useManagerOrders(states: readonly number[]) {
  return useQuery({
    queryKey: payhubKeys.orders(`manage:${states.join(',')}`),
    queryFn: () =>
      api.payhub.handlerOrders({ query: { ...LIST_PAGE, state: states.join(','), handleState: 0 } }),
  });
}
export function useLeaderOrders() {
  return useQuery({
    queryKey: payhubKeys.orders('leader'),
    queryFn: () => api.payhub.leaderOrders({ query: LIST_PAGE }),
  });
}

export function useTopups(kind: 'bank' | 'indodax') {
  return useQuery({
    queryKey: payhubKeys.topups(kind),
    queryFn: () =>
      kind === 'indodax'
        ? api.quota.indodaxOrders({ query: LIST_PAGE })
        : api.quota.topups({ query: LIST_PAGE }),
  });
}

export function useLeaderWithdrawals(type: 0 | 1 | 2) {
  return useQuery({
    queryKey: payhubKeys.withdrawals(`leader:${type}`),
    queryFn: () => api.withdraw.leaderHandles({ query: { ...LIST_PAGE, type } }),
  });
}

/** A mutation that refreshes everything of the payment hub once it succeeds. */
export function usePayhubMutation<Input, Output extends PayOrder | WithdrawOrder | Topup | object>(
  run: (input: Input) => Promise<Output>,
  onDone?: (output: Output) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (output) => {
      onDone?.(output);
      await queryClient.invalidateQueries({ queryKey: payhubKeys.all });
    },
  });
}

import { applyPushed, type Membership, VersionRegister } from '@payhub/client/versioned.ts';
import {
  type OperatorMovementType,
  type PayOrder,
  type Topup,
  type WithdrawOrder,
  WithdrawOrderState,
} from '@payhub/contracts';
import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { useGlobalStore } from '../../lib/stores/global.store.ts';

/** Which deposit orders a cached list holds: its query key carries the filter it was asked with. */
type OrderScope =
  | { scope: 'mine'; states: readonly number[] }
  | { scope: 'manage'; states: readonly number[] }
  | { scope: 'leader' };

/** The /transaction filter: a movement type and a range of instants [from, to), each optional. */
export interface TransactionFilter {
  type?: OperatorMovementType;
  from?: string;
  to?: string;
}

/** Rows per page of /transaction (a keyset page: "more" asks for the next one). */
export const TRANSACTION_PAGE_SIZE = 20;

/** Query keys of the payment hub; the list keys carry their filter so a pushed order finds its lists. */
export const payhubKeys = {
  all: ['payhub'] as const,
  quota: ['payhub', 'quota'] as const,
  status: ['payhub', 'status'] as const,
  unprocessed: ['payhub', 'unprocessed'] as const,
  orderLists: ['payhub', 'orders'] as const,
  orders: (filter: OrderScope) => ['payhub', 'orders', filter] as const,
  topups: (scope: string) => ['payhub', 'topups', scope] as const,
  withdrawalLists: ['payhub', 'withdrawals'] as const,
  withdrawals: (type: 0 | 1 | 2) => ['payhub', 'withdrawals', { scope: 'leader', type }] as const,
  transactionLists: ['payhub', 'transactions'] as const,
  transactions: (filter: TransactionFilter) => ['payhub', 'transactions', filter] as const,
};

/** Lists ask for the spec's page: count 500, page 1 (spec §7). */
export const LIST_PAGE = { page: 1, count: 500 } as const;

export const quotaQuery = () =>
  queryOptions({ queryKey: payhubKeys.quota, queryFn: () => api.quota.query() });
export const operatorStatusQuery = () =>
  queryOptions({ queryKey: payhubKeys.status, queryFn: () => api.payhub.operatorStatus() });
export const unprocessedQuery = () =>
  queryOptions({ queryKey: payhubKeys.unprocessed, queryFn: () => api.payhub.unprocessed() });

/** The operator's own deposit orders in the given states (shell filter: wait and checking). */
export const operatorOrdersQuery = (states: readonly number[]) =>
  queryOptions({
    queryKey: payhubKeys.orders({ scope: 'mine', states }),
    queryFn: () => api.payhub.ordersQuery({ query: { ...LIST_PAGE, state: states.join(',') } }),
  });

/** Manage role: the project's exceptional and canceled orders nobody has taken (handleState 0). */
export const managerOrdersQuery = (states: readonly number[]) =>
  queryOptions({
    queryKey: payhubKeys.orders({ scope: 'manage', states }),
    queryFn: () =>
      api.payhub.handlerOrders({ query: { ...LIST_PAGE, state: states.join(','), handleState: 0 } }),
  });

export const leaderOrdersQuery = () =>
  queryOptions({
    queryKey: payhubKeys.orders({ scope: 'leader' }),
    queryFn: () => api.payhub.leaderOrders({ query: LIST_PAGE }),
  });

export const topupsQuery = (kind: 'bank' | 'indodax') =>
  queryOptions({
    queryKey: payhubKeys.topups(kind),
    queryFn: () =>
      kind === 'indodax'
        ? api.quota.indodaxOrders({ query: LIST_PAGE })
        : api.quota.topups({ query: LIST_PAGE }),
  });

export const leaderWithdrawalsQuery = (type: 0 | 1 | 2) =>
  queryOptions({
    queryKey: payhubKeys.withdrawals(type),
    queryFn: () => api.withdraw.leaderHandles({ query: { ...LIST_PAGE, type } }),
  });

/** The manager's quota top-up bank and the top-up range (recharge, va-bank, usdt, indodax pages). */
export const rechargeBankQuery = () =>
  queryOptions({ queryKey: ['payhub', 'recharge-bank'], queryFn: () => api.quota.rechargeBank() });
export const topupRangeQuery = () =>
  queryOptions({ queryKey: ['payhub', 'topup-range'], queryFn: () => api.quota.topupRange() });
/** The operator's money movements (quota and commission), newest first, a keyset page at a time. */
export const transactionsQuery = (filter: TransactionFilter) =>
  infiniteQueryOptions({
    queryKey: payhubKeys.transactions(filter),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      api.quota.transactions({
        query: { ...filter, count: TRANSACTION_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const quotaHistoryQuery = () =>
  queryOptions({
    queryKey: ['payhub', 'quota-history'],
    queryFn: () => api.quota.history({ query: { page: 1, count: 100 } }),
  });

export const useQuota = () => useQuery(quotaQuery());
export const useOperatorStatus = () => useQuery(operatorStatusQuery());
export const useUnprocessed = () => useQuery(unprocessedQuery());
export const useOperatorOrders = (states: readonly number[]) => useQuery(operatorOrdersQuery(states));
export const useManagerOrders = (states: readonly number[]) => useQuery(managerOrdersQuery(states));
export const useLeaderOrders = () => useQuery(leaderOrdersQuery());
export const useTopups = (kind: 'bank' | 'indodax') => useQuery(topupsQuery(kind));
export const useLeaderWithdrawals = (type: 0 | 1 | 2) => useQuery(leaderWithdrawalsQuery(type));

/** The leader's withdraw queues by type (withdraw.leaderHandles on the server). */
const LEADER_WITHDRAW_STATES: Record<0 | 1 | 2, readonly number[]> = {
  0: [WithdrawOrderState.WAIT, WithdrawOrderState.CONFIRM],
  1: [WithdrawOrderState.FINISH, WithdrawOrderState.FAILED],
  2: [WithdrawOrderState.EXCEPTIONAL],
};

/** Whether a deposit order belongs in the list cached under `key` (the server's filters, read back). */
export function orderBelongs(
  key: readonly unknown[],
  order: PayOrder,
  userId: number | undefined,
): Membership {
  const filter = key[2] as OrderScope | undefined;
  if (!filter) return undefined;
  if (filter.scope === 'mine') return order.operatorId === userId && filter.states.includes(order.state);
  if (filter.scope === 'manage') return order.handleState === 0 && filter.states.includes(order.state);
  return order.handlerId === userId;
}

const orderVersions = new VersionRegister();
const withdrawVersions = new VersionRegister();

/**
 * Applies a deposit order (pushed, or answered by an action) to every cached list of the payment hub
 * by its version: no request. Answers false for a copy older than the one already applied.
 */
export function applyPayOrder(queryClient: QueryClient, order: PayOrder): boolean {
  const userId = useGlobalStore.getState().user?.id;
  return applyPushed(queryClient, orderVersions, order, {
    families: [{ queryKey: payhubKeys.orderLists, belongs: (key, item) => orderBelongs(key, item, userId) }],
  });
}

/** Applies a withdrawal to the leader's withdraw queues of the payment hub by its version. */
export function applyWithdrawOrder(queryClient: QueryClient, order: WithdrawOrder): boolean {
  return applyPushed(queryClient, withdrawVersions, order, {
    families: [
      {
        queryKey: payhubKeys.withdrawalLists,
        belongs: (key, item) => {
          const filter = key[2] as { type?: 0 | 1 | 2 } | undefined;
          return filter?.type === undefined
            ? undefined
            : LEADER_WITHDRAW_STATES[filter.type].includes(item.state);
        },
      },
    ],
  });
}

/**
 * A mutation of the payment hub. An action on a deposit or withdraw order applies the answered order
 * in place (its push then arrives as a stale copy and is dropped) and marks stale only what no push
 * carries (the operator's daily volume and commission); any other action refreshes the hub's queries.
 */
export function usePayhubMutation<Input, Output extends PayOrder | WithdrawOrder | Topup | object>(
  run: (input: Input) => Promise<Output>,
  onDone?: (output: Output) => void,
  applies?: 'payOrder' | 'withdrawOrder',
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (output) => {
      onDone?.(output);
      if (applies === 'payOrder') applyPayOrder(queryClient, output as PayOrder);
      else if (applies === 'withdrawOrder') applyWithdrawOrder(queryClient, output as WithdrawOrder);
      else {
        await queryClient.invalidateQueries({ queryKey: payhubKeys.all });
        return;
      }
      await queryClient.invalidateQueries({ queryKey: payhubKeys.status, refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: payhubKeys.quota, refetchType: 'none' });
    },
  });
}

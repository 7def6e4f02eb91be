import { applyPushed, type Membership, VersionRegister } from '@payhub/client/versioned.ts';
import { PayhubPushRoute, type WithdrawOrder, WithdrawOrderState } from '@payhub/contracts';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api.ts';
import { realtimeClient, useRealtimeConnection } from '../../lib/realtime.ts';
import { useGlobalStore } from '../../lib/stores/global.store.ts';

type HandleType = 0 | 1 | 2;

export const withdrawKeys = {
  all: ['withdraw'] as const,
  handleLists: ['withdraw', 'handles'] as const,
  handles: (type: HandleType) => ['withdraw', 'handles', type] as const,
};
const LIST_PAGE = { page: 1, count: 500 } as const;

/** Withdraw handles of the operator: 0 open (pool + mine), 1 settled, 2 exceptional (spec §7). */
export const withdrawHandlesQuery = (type: HandleType) =>
  queryOptions({
    queryKey: withdrawKeys.handles(type),
    queryFn: () => api.withdraw.handles({ query: { ...LIST_PAGE, type } }),
  });

export const useWithdrawHandles = (type: HandleType) => useQuery(withdrawHandlesQuery(type));

/** Whether a withdrawal belongs in the operator's handle list `type` (withdraw.handles on the server). */
export function withdrawBelongs(
  type: HandleType,
  order: WithdrawOrder,
  userId: number | undefined,
): Membership {
  const mine = order.operatorId === userId;
  if (type === 0)
    return order.state === WithdrawOrderState.WAIT || (mine && order.state === WithdrawOrderState.CONFIRM);
  if (type === 1)
    return mine && (order.state === WithdrawOrderState.FINISH || order.state === WithdrawOrderState.FAILED);
  return mine && order.state === WithdrawOrderState.EXCEPTIONAL;
}

const versions = new VersionRegister();

/** Applies a withdrawal (pushed, or answered by an action) to the cached handle lists by its version. */
export function applyWithdrawal(queryClient: QueryClient, order: WithdrawOrder): boolean {
  const userId = useGlobalStore.getState().user?.id;
  return applyPushed(queryClient, versions, order, {
    families: [
      {
        queryKey: withdrawKeys.handleLists,
        belongs: (key, item) => withdrawBelongs(key[2] as HandleType, item, userId),
      },
    ],
  });
}

/** An action on a withdrawal: the answered order is applied in place, nothing is refetched. */
export function useWithdrawMutation<Input>(
  run: (input: Input) => Promise<WithdrawOrder>,
  onDone?: (output: WithdrawOrder) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (output) => {
      onDone?.(output);
      applyWithdrawal(queryClient, output);
    },
  });
}

/**
 * Keeps the withdraw lists live: a pushed withdrawal is applied by version; a change of the project's
 * waiting pool arrives as a count (no order), so only then the open list is read again.
 */
export function useWithdrawLive(): void {
  useRealtimeConnection();
  const queryClient = useQueryClient();
  useEffect(() => {
    const client = realtimeClient();
    const stops = [
      client.onNotify(PayhubPushRoute.withdrawOrder, (content) => {
        applyWithdrawal(queryClient, content as WithdrawOrder);
      }),
      client.onNotify(PayhubPushRoute.unprocessed, (content) => {
        if ((content as { withdrawOrders?: number }).withdrawOrders !== undefined)
          void queryClient.invalidateQueries({ queryKey: withdrawKeys.handles(0), exact: true });
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient]);
}

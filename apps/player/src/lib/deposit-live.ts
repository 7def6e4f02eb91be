import { RealtimeState } from '@payhub/client/realtime/realtime-client.ts';
import { applyPushed, VersionRegister } from '@payhub/client/versioned.ts';
import { PayhubPushRoute, type PayOrder } from '@payhub/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { QUERY_KEYS } from './query-keys.ts';
import { realtimeClient } from './realtime.ts';

const versions = new VersionRegister();

/**
 * Applies a deposit order (pushed, or answered by a call) by its version: the cached order takes it
 * at once and an older copy is dropped; the records and the balance it may have moved are marked
 * stale (read again only where a screen shows them).
 */
export function applyDepositOrder(queryClient: QueryClient, order: PayOrder): void {
  if (
    !applyPushed(queryClient, versions, order, { families: [], entityKey: QUERY_KEYS.depositOrder(order.id) })
  )
    return;
  // A screen that has not read this order yet takes the copy in hand instead of asking for it.
  if (queryClient.getQueryData(QUERY_KEYS.depositOrder(order.id)) === undefined)
    queryClient.setQueryData(QUERY_KEYS.depositOrder(order.id), order);
  void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.deposits });
  void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.balance });
}

/**
 * The player's deposit orders arrive by push (/payhub/order, sent after every state change): each
 * is applied by version. Pushes reach only live connections, so after each (re)connect the order on
 * screen is read once again: a change made while the socket was down is not missed. No polling.
 */
export function useDepositPushes(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const channel = realtimeClient();
    const stopPushes = channel.onNotify(PayhubPushRoute.payOrder, (content) =>
      applyDepositOrder(queryClient, content as PayOrder),
    );
    const stopStates = channel.onStateChange((state) => {
      if (state === RealtimeState.CONNECTED)
        void queryClient.invalidateQueries({ queryKey: ['payhub', 'order'] });
    });
    return () => {
      stopPushes();
      stopStates();
    };
  }, [queryClient]);
}

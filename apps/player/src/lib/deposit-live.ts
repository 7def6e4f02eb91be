import { applyPushed, VersionRegister } from '@payhub/client/versioned.ts';
import type { PayOrder } from '@payhub/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { QUERY_KEYS } from './query-keys.ts';

const versions = new VersionRegister();

/**
 * Applies a deposit order (pushed over lib/realtime.ts, or answered by a call) by its version: the
 * cached order takes it at once and an older copy is dropped; the records and the balance it may
 * have moved are marked stale (read again only where a screen shows them).
 */
export function applyDepositOrder(queryClient: QueryClient, order: PayOrder): void {
  const key = QUERY_KEYS.depositOrder(order.id);
  if (!applyPushed(queryClient, versions, order, { families: [], entityKey: key })) return;
  // A screen that has not read this order yet (the one a new order opens) takes the copy in hand.
  if (queryClient.getQueryData(key) === undefined) queryClient.setQueryData(key, order);
  void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.deposits });
  void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.balance });
}

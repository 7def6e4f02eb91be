import { PayhubPushRoute, type PayOrder, type WithdrawOrder } from '@payhub/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify.ts';
import { realtimeClient, useRealtimeConnection } from '../../lib/realtime.ts';
import { usePaymentStore } from '../../lib/stores/payment.store.ts';
import { applyPayOrder, applyWithdrawOrder, payhubKeys } from './api.ts';

type QuotaPush = { version?: number } & Record<string, unknown>;
type CountsPush = { orders?: number; withdrawOrders?: number };

/** Merges a quota push into the cached quota; a versioned push older than the cached one is dropped. */
function applyQuota(queryClient: QueryClient, push: QuotaPush): void {
  queryClient.setQueryData(payhubKeys.quota, (held: QuotaPush | undefined) => {
    if (!held) return held;
    if (push.version !== undefined && typeof held.version === 'number' && held.version > push.version)
      return held;
    return { ...held, ...push };
  });
}

/**
 * Keeps the payment hub's screens live without refetching: a pushed order (it carries its version)
 * is applied to the cached lists it belongs to and a stale one dropped, the quota and unprocessed
 * counts are written into their cached answers and the payment store, and a new order raises a toast.
 * Only a change no push describes (a new withdrawal in the project's pool: a count, not an order)
 * refetches, and only the leader's waiting withdraw queue.
 */
export function usePayhubLive(): void {
  useRealtimeConnection();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  useEffect(() => {
    const client = realtimeClient();
    const stops = [
      client.onNotify(PayhubPushRoute.payOrder, (content) => {
        const order = content as PayOrder;
        if (!applyPayOrder(queryClient, order)) return;
        if (order.state === 0 && order.version <= 2) notify.info(t('payhub.orders.newOrder'));
      }),
      client.onNotify(PayhubPushRoute.withdrawOrder, (content) => {
        applyWithdrawOrder(queryClient, content as WithdrawOrder);
      }),
      client.onNotify(PayhubPushRoute.quota, (content) => {
        usePaymentStore.setState({ quota: content });
        applyQuota(queryClient, content as QuotaPush);
        // The quota moved: the movements list (/transaction) has a new first row.
        void queryClient.invalidateQueries({ queryKey: payhubKeys.transactionLists });
      }),
      client.onNotify(PayhubPushRoute.unprocessed, (content) => {
        const counts = content as CountsPush;
        usePaymentStore.setState((state) => ({
          unprocessedOrders: counts.orders ?? state.unprocessedOrders,
          unprocessedWithdrawOrders: counts.withdrawOrders ?? state.unprocessedWithdrawOrders,
        }));
        queryClient.setQueryData(payhubKeys.unprocessed, (held: Required<CountsPush> | undefined) =>
          held ? { ...held, ...counts } : held,
        );
        if (counts.withdrawOrders !== undefined)
          void queryClient.invalidateQueries({ queryKey: payhubKeys.withdrawals(0), exact: true });
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient, t]);
}

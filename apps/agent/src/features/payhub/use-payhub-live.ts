import type { PayOrder } from '@payhub/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify.ts';
import { realtimeClient, useRealtimeConnection } from '../../lib/realtime.ts';
import { usePaymentStore } from '../../lib/stores/payment.store.ts';
import { payhubKeys } from './api.ts';

/** Push routes of the payment hub (server: payhub.notify.ts). */
const ROUTES = {
  payOrder: '/payhub/order',
  withdrawOrder: '/payhub/withdraw/order',
  quota: '/payhub/quota',
  unprocessed: '/payhub/unprocessed',
} as const;

/**
 * Keeps the payment hub's screens live: every push refreshes the queries it concerns (orders appear
 * without reloading), the quota and unprocessed counts land in the payment store, and a new order
 * raises a toast.
 */
export function usePayhubLive(): void {
  useRealtimeConnection();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  useEffect(() => {
    const client = realtimeClient();
    const refresh = () => void queryClient.invalidateQueries({ queryKey: payhubKeys.all });
    const stops = [
      client.onNotify(ROUTES.payOrder, (content) => {
        const order = content as PayOrder;
        if (order?.state === 0 && order.version <= 2) notify.info(t('payhub.orders.newOrder'));
        refresh();
      }),
      client.onNotify(ROUTES.withdrawOrder, refresh),
      client.onNotify(ROUTES.quota, (content) => {
        usePaymentStore.setState({ quota: content });
        void queryClient.invalidateQueries({ queryKey: payhubKeys.quota });
      }),
      client.onNotify(ROUTES.unprocessed, (content) => {
        const counts = content as { orders?: number; withdrawOrders?: number };
        usePaymentStore.setState((state) => ({
          unprocessedOrders: counts.orders ?? state.unprocessedOrders,
          unprocessedWithdrawOrders: counts.withdrawOrders ?? state.unprocessedWithdrawOrders,
        }));
        refresh();
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient, t]);
}

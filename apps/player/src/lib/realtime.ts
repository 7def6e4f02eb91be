import {
  createRealtimeClient,
  type RealtimeClient,
  RealtimeState,
  reactToSocketError,
  realtimeUrl,
} from '@payhub/client/realtime/realtime-client.ts';
import { ensureClientId, TOKEN_KEY } from '@payhub/client/storage.ts';
import { PayhubPushRoute, type PayOrder } from '@payhub/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { applyDepositOrder } from './deposit-live.ts';
import { showDialog } from './dialog.store.ts';
import { QUERY_KEYS } from './query-keys.ts';
import { tokenStore } from './session.store.ts';
import { endSession } from './session.ts';

let client: RealtimeClient | null = null;

/**
 * The player app's one realtime connection (RSocket over WebSocket at /api/main/ws on this origin,
 * docs/realtime.md). Socket failures react as spec §8 says; a code that ends the session sends the
 * player to sign in (RequireSession follows the token).
 */
export function realtimeClient(): RealtimeClient {
  client ??= createRealtimeClient({
    url: realtimeUrl(window.location.origin),
    clientId: ensureClientId(tokenStore),
    onError: (error) =>
      reactToSocketError(error, {
        logout: endSession,
        reloadToken: () =>
          void realtimeClient()
            .setToken(tokenStore.get(TOKEN_KEY))
            .catch(() => undefined),
        showDialog,
      }),
  });
  return client;
}

/**
 * Opens the connection for a signed-in player (SETUP carries the token) and lands the deposit
 * orders' pushes in the cache by version. Pushes reach only live connections, so after each
 * (re)connect the deposit order on screen is read once again: a change made while the socket was
 * down is not missed. No polling. Answers the function that closes it all.
 */
export function openRealtime(token: string, queryClient: QueryClient): () => void {
  const connection = realtimeClient();
  const stops = [
    connection.onNotify(PayhubPushRoute.payOrder, (content) =>
      applyDepositOrder(queryClient, content as PayOrder),
    ),
    connection.onStateChange((state) => {
      if (state === RealtimeState.CONNECTED)
        void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.depositOrders });
    }),
  ];
  void connection.setToken(token).catch(() => undefined);
  connection.start();
  return () => {
    for (const stop of stops) stop();
    connection.stop();
  };
}

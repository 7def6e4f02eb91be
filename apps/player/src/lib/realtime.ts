import {
  createRealtimeClient,
  type RealtimeClient,
  reactToSocketError,
  realtimeUrl,
} from '@payhub/client/realtime/realtime-client.ts';
import { ensureClientId, TOKEN_KEY } from '@payhub/client/storage.ts';
import { useEffect } from 'react';
import { showDialog } from './dialog.store.ts';
import { tokenStore, useSession } from './session.store.ts';
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

/** Holds the connection open while a player is signed in (SETUP carries the token); closes it after. */
export function useRealtimeConnection(): void {
  const token = useSession((state) => state.token);
  useEffect(() => {
    if (!token) return;
    const connection = realtimeClient();
    void connection.setToken(token).catch(() => undefined);
    connection.start();
    return () => connection.stop();
  }, [token]);
}

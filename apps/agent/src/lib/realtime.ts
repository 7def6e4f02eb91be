import {
  createRealtimeClient,
  type RealtimeClient,
  type RealtimeError,
  reactToSocketError,
  realtimeUrl,
} from '@payhub/client/realtime/realtime-client.ts';
import { browserStore, ensureClientId, TOKEN_KEY } from '@payhub/client/storage.ts';
import { useEffect } from 'react';
import { logout } from './session.ts';
import { useGlobalStore } from './stores/global.store.ts';
import { showDialog } from './stores/layout.store.ts';

const store = browserStore();
let client: RealtimeClient | null = null;

/** Socket-layer reactions (spec §8): 707 and 1 log out, 703 reloads the token, others a dialog. */
function react(error: RealtimeError): void {
  reactToSocketError(error, {
    logout: () => void logout(),
    reloadToken: () =>
      void realtimeClient()
        .setToken(store.get(TOKEN_KEY))
        .catch(() => undefined),
    showDialog,
  });
}

/** The app's one realtime connection (RSocket over WebSocket at /api/main/ws on this origin). */
export function realtimeClient(): RealtimeClient {
  if (!client) {
    client = createRealtimeClient({
      url: realtimeUrl(window.location.origin),
      clientId: ensureClientId(store),
      onError: react,
    });
  }
  return client;
}

/** Opens the channel after login (SETUP carries the token) and closes it on logout. */
export function useRealtimeConnection(): void {
  const status = useGlobalStore((state) => state.status);
  const token = useGlobalStore((state) => state.token);
  useEffect(() => {
    if (status !== 'signedIn' || !token) return;
    const connection = realtimeClient();
    void connection.setToken(token).catch(() => undefined);
    connection.start();
    return () => connection.stop();
  }, [status, token]);
}

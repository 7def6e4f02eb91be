import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from './session.store.ts';

/**
 * Holds the realtime connection while a player is signed in. The socket library loads with the first
 * signed-in screen, not with the sign-in screens' first paint.
 */
export function useLiveSession(): void {
  const token = useSession((state) => state.token);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    let stop: (() => void) | null = null;
    let left = false;
    void import('./realtime.ts').then(({ openRealtime }) => {
      if (!left) stop = openRealtime(token, queryClient);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [token, queryClient]);
}

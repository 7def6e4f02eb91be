import { Navigate, Outlet } from 'react-router';
import { RealityCheckDialog } from '../../features/responsible/reality-check.tsx';
import { useLiveSession } from '../../lib/live-session.ts';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.store.ts';

/**
 * Screens for a signed-in player; without a token the player goes to sign in. A signed-in player
 * holds the realtime connection, and the deposit orders' pushes land in the cache; the reality check
 * (features/responsible) watches the play session.
 */
export function RequireSession() {
  const token = useSession((state) => state.token);
  useLiveSession();
  return token ? (
    <>
      <Outlet />
      <RealityCheckDialog />
    </>
  ) : (
    <Navigate to={paths.login} replace />
  );
}

/** Sign-in screens; a signed-in player goes to the wallet. */
export function GuestOnly() {
  const token = useSession((state) => state.token);
  return token ? <Navigate to={paths.wallet} replace /> : <Outlet />;
}

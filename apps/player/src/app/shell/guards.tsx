import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../lib/session.store.ts';

/** Screens for a signed-in player; without a token the player goes to sign in. */
export function RequireSession() {
  const token = useSession((state) => state.token);
  return token ? <Outlet /> : <Navigate to="/login" replace />;
}

/** Sign-in screens; a signed-in player goes to the wallet. */
export function GuestOnly() {
  const token = useSession((state) => state.token);
  return token ? <Navigate to="/wallet" replace /> : <Outlet />;
}

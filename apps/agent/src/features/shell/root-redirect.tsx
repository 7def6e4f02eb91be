import { Navigate } from 'react-router';
import { landingPath } from '../../lib/access/landing.ts';
import { useIdentity } from '../../lib/access/use-identity.ts';

/** `/`: sends the signed-in user to their landing route by promo info (spec §2). */
export default function RootRedirect() {
  const identity = useIdentity();
  return <Navigate to={landingPath(identity)} replace />;
}

import { type AppPath, paths } from '../paths.ts';
import { type Identity, SUPPORT_SPA_TYPES } from './identity.ts';

/**
 * Where the root route sends a signed-in user (spec §2): no spaType -> wait; CS or HR -> account;
 * spaPay yes -> payhub; everything else -> telephone.
 */
export function landingPath(identity: Identity): AppPath {
  if (!identity.spaType) return paths.wait;
  if (SUPPORT_SPA_TYPES.includes(identity.spaType)) return paths.account;
  if (identity.spaPay === 'yes') return paths.payhub;
  return paths.telephone;
}

import { type AppPath, paths } from '../paths.ts';
import { type Identity, SUPPORT_SPA_TYPES } from './identity.ts';

/**
 * Where the root route sends a signed-in user (spec §2): staff without spaType -> account; no spaType -> wait; CS or HR -> account;
 * spaPay yes -> payhub; everything else -> telephone.
 */
export function landingPath(identity: Identity): AppPath {
  // Staff (admin) have no programme to join: the account page, which points to the back office.
  if (!identity.spaType && identity.staff) return paths.account;
  if (!identity.spaType) return paths.wait;
  if (SUPPORT_SPA_TYPES.includes(identity.spaType)) return paths.account;
  if (identity.spaPay === 'yes') return paths.payhub;
  return paths.telephone;
}

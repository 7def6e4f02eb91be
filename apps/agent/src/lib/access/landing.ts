import { type Identity, SUPPORT_SPA_TYPES } from './identity.ts';

/**
 * Where the root route sends a signed-in user (spec §2): no spaType -> wait; CS or HR -> account;
 * spaPay yes -> payhub; everything else -> telephone.
 */
export function landingPath(identity: Identity): '/wait' | '/account' | '/payhub' | '/telephone' {
  if (!identity.spaType) return '/wait';
  if (SUPPORT_SPA_TYPES.includes(identity.spaType)) return '/account';
  if (identity.spaPay === 'yes') return '/payhub';
  return '/telephone';
}

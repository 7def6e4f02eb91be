import { useGlobalStore } from '../stores/global.store.ts';
import { type Identity, identityOf } from './identity.ts';

/** The signed-in identity the permission rules read (spec §6), from the global store. */
export function useIdentity(): Identity {
  const spaInfo = useGlobalStore((state) => state.spaInfo);
  const paymentRole = useGlobalStore((state) => state.paymentRole);
  const staffRole = useGlobalStore((state) => state.user?.staffRole ?? null);
  return identityOf(spaInfo, paymentRole, staffRole);
}

import type { LeaderLevel, PaymentRole, SpaInfo, SpaPay } from '@payhub/contracts';

/** Who the signed-in user is, as the gates and redirects see it (spec §6). */
export interface Identity {
  role: LeaderLevel | null;
  spaType: string | null;
  spaPay: SpaPay | null;
  paymentRole: PaymentRole | null;
}

export function identityOf(spaInfo: SpaInfo | null, paymentRole: PaymentRole | null): Identity {
  return {
    role: spaInfo?.role ?? null,
    spaType: spaInfo?.spaType ?? null,
    spaPay: spaInfo?.spaPay ?? null,
    paymentRole,
  };
}

export const SUPPORT_SPA_TYPES: readonly string[] = ['CS', 'HR'];

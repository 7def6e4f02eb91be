import type { LeaderLevel, PaymentRole, SpaInfo, SpaPay } from '@payhub/contracts';

/** Who the signed-in user is, as the gates and redirects see it (spec §6). */
export interface Identity {
  role: LeaderLevel | null;
  spaType: string | null;
  spaPay: SpaPay | null;
  paymentRole: PaymentRole | null;
  /** Platform staff (an admin): no programme to join; their home is the back office (/console/). */
  staff?: boolean;
}

export function identityOf(
  spaInfo: SpaInfo | null,
  paymentRole: PaymentRole | null,
  staffRole: string | null = null,
): Identity {
  return {
    role: spaInfo?.role ?? null,
    spaType: spaInfo?.spaType ?? null,
    spaPay: spaInfo?.spaPay ?? null,
    paymentRole,
    staff: staffRole !== null,
  };
}

export const SUPPORT_SPA_TYPES: readonly string[] = ['CS', 'HR'];

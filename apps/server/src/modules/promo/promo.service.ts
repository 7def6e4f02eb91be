import type { LeaderLevel, PaymentRole, SpaInfo, Tier } from '@payhub/contracts';
import type { Session } from '../../platform/http/request-context.ts';
import type { PromoRepo } from './promo.repo.ts';

export function createPromoService(repo: PromoRepo) {
  return {
    async spaInfo(session: Session): Promise<SpaInfo> {
      const profile = await repo.profile(session.userId);
      return {
        role: (profile?.leaderLevel ?? -1) as LeaderLevel,
        spaType: profile?.spaType ?? null,
        spaPay: profile?.spaPay ? 'yes' : 'no',
        tier: (profile?.tier ?? 'normal') as Tier,
      };
    },
    async paymentRole(session: Session): Promise<{ role: PaymentRole | null }> {
      const profile = await repo.profile(session.userId);
      const role = profile?.spaPay ? profile.paymentRole : null;
      return { role: role === 'Manage' || role === 'Handler' ? role : null };
    },
    async spaLogin(
      session: Session,
      input: { device: string; version: string; fingerprint: string; clientVersion: string },
      ip: string,
    ) {
      await repo.recordAppSession({ userId: session.userId, ...input, ip });
      return { ok: true as const };
    },
  };
}
export type PromoService = ReturnType<typeof createPromoService>;

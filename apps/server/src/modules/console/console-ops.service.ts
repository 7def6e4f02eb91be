import type { Locale } from '@payhub/contracts';
import { notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import type { ChainAdmin } from '../chain/chain.plugin.ts';
import type { GuideService } from '../guide/guide.service.ts';
import type { NoticesService } from '../notices/notices.service.ts';
import type { PayhubService } from '../payhub/payhub.service.ts';
import type { PayhubToolsService } from '../payhub-tools/payhub-tools.service.ts';
import type { PromoService } from '../promo/promo.service.ts';
import type { ProvidersService } from '../providers/providers.service.ts';
import type { WithdrawService } from '../withdraw/withdraw.service.ts';
import type { Staff } from './console.service.ts';

/**
 * What the console's operations screens call in other modules (docs/console.md "Operations"): their
 * admin entry points, handed in at composition (app.ts). Each takes the delegated session the console
 * builds only after its own permission table allowed the call; the module writes its own audit line
 * naming the staff member (provider switches: the line the console names, in the switch's transaction).
 */
export interface ConsoleOpsDeps {
  payhub: Pick<PayhubService, 'adminResolve' | 'adminReverse'>;
  withdraw: Pick<WithdrawService, 'adminResolve'>;
  /** The chain capability when a chain is configured (absent: the screens say so). */
  chain: () => ChainAdmin | undefined;
  notices: Pick<NoticesService, 'adminList' | 'adminSchedule'>;
  guide: Pick<GuideService, 'adminList' | 'adminSave'>;
  tools: Pick<PayhubToolsService, 'adminAgreements' | 'adminReview'>;
  promo: Pick<PromoService, 'adminApplications' | 'adminDecide'>;
  providers: Pick<ProvidersService, 'settings' | 'setEnabled' | 'report' | 'reconcile'>;
}

interface ChainQuery {
  page: number;
  count: number;
  state?: string | undefined;
  playerId?: number | undefined;
  txHash?: string | undefined;
}

export function createConsoleOpsService(deps: ConsoleOpsDeps) {
  function delegated(staff: Staff, base: Session): Session {
    return { ...base, userId: staff.userId, projectId: staff.projectId, staffRole: 'admin' };
  }

  return {
    resolveDeposit: (
      staff: Staff,
      session: Session,
      id: number,
      input: { resolution: 'complete' | 'cancel' | 'fail'; reason: string },
    ) => deps.payhub.adminResolve(delegated(staff, session), id, input, staff.ip),

    reverseDeposit: (staff: Staff, session: Session, id: number, input: { reason: string }) =>
      deps.payhub.adminReverse(delegated(staff, session), id, input.reason, staff.ip),

    resolveWithdrawal: (
      staff: Staff,
      session: Session,
      id: number,
      input: { resolution: 'complete' | 'fail'; reason: string },
    ) => deps.withdraw.adminResolve(delegated(staff, session), id, input, staff.ip),

    async chainDeposits(staff: Staff, query: ChainQuery) {
      const chain = deps.chain();
      if (!chain) return { enabled: false, items: [], total: 0 };
      return { enabled: true, ...(await chain.deposits({ projectId: staff.projectId, ...query })) };
    },

    async chainWithdrawals(staff: Staff, query: ChainQuery) {
      const chain = deps.chain();
      if (!chain) return { enabled: false, items: [], total: 0 };
      return { enabled: true, ...(await chain.withdrawals({ projectId: staff.projectId, ...query })) };
    },

    /** The AML blocklist through the chain module's admin entry points (they write the audit lines). */
    async chainBlocklist(staff: Staff, session: Session) {
      const chain = deps.chain();
      if (!chain) return { enabled: false, items: [] };
      return { enabled: true, ...(await chain.blocklist.list(delegated(staff, session))) };
    },
    blockChainAddress(staff: Staff, session: Session, input: { address: string; reason: string }) {
      const chain = deps.chain();
      if (!chain) throw notFound('chain');
      return chain.blocklist.add(delegated(staff, session), input, staff.ip);
    },
    unblockChainAddress(staff: Staff, session: Session, address: string) {
      const chain = deps.chain();
      if (!chain) throw notFound('chain');
      return chain.blocklist.remove(delegated(staff, session), address, staff.ip);
    },

    notices: (
      staff: Staff,
      session: Session,
      query: { page: number; count: number; status?: 'scheduled' | 'published' | undefined },
    ) => deps.notices.adminList(delegated(staff, session), query),

    scheduleNotice: (staff: Staff, session: Session, id: number, showAt: number | null) =>
      deps.notices.adminSchedule(delegated(staff, session), id, showAt, staff.ip),

    guides: (staff: Staff, session: Session) => deps.guide.adminList(delegated(staff, session)),

    saveGuide: (staff: Staff, session: Session, input: { locale: Locale; steps: string[] | null }) =>
      deps.guide.adminSave(delegated(staff, session), input, staff.ip),

    agreements: (staff: Staff, session: Session) => deps.tools.adminAgreements(delegated(staff, session)),

    reviewAgreement: (
      staff: Staff,
      session: Session,
      id: number,
      input: { decision: 'approve' | 'reject'; note: string },
    ) => deps.tools.adminReview(delegated(staff, session), id, input, staff.ip),

    promoApplications: (
      staff: Staff,
      session: Session,
      query: { page: number; count: number; status?: number | undefined },
    ) => deps.promo.adminApplications(delegated(staff, session), query),

    decideApplication: (
      staff: Staff,
      session: Session,
      id: number,
      input: { decision: 'approve' | 'reject' | 'remove'; note: string },
    ) => deps.promo.adminDecide(delegated(staff, session), id, input),

    providers: (staff: Staff, session: Session) => deps.providers.settings(delegated(staff, session)),

    /**
     * The providers module writes the `console.provider.switch` line the console asks for in the
     * switch's own transaction (before read under the row's lock): no switch without its line.
     */
    async switchProvider(staff: Staff, session: Session, input: { providerId: string; enabled: boolean }) {
      const result = await deps.providers.setEnabled(delegated(staff, session), input, {
        action: 'console.provider.switch',
        ip: staff.ip,
      });
      // Only the provider's name: the adapters' list, fixed at start.
      const { items } = await deps.providers.settings(delegated(staff, session));
      return {
        providerId: result.providerId,
        name: items.find((item) => item.providerId === result.providerId)?.name ?? result.providerId,
        enabled: result.enabled,
      };
    },

    providerReport: (staff: Staff, session: Session, query: { providerId: string; day: string }) =>
      deps.providers.report(delegated(staff, session), query),

    providerReconcile: (staff: Staff, session: Session, query: { providerId: string; day: string }) =>
      deps.providers.reconcile(delegated(staff, session), query),
  };
}
export type ConsoleOpsService = ReturnType<typeof createConsoleOpsService>;

import { create } from 'zustand';

/** A report check item (spec §3): status 0 means pending. */
export interface ReportCheckItem {
  id: number;
  status: number;
}

const REPORT_CHECK_PENDING = 0;

interface PemState {
  reportChecks: ReportCheckItem[];
  /** Set by the promo feature: reloads the check list (called on telephone, account, permohonan). */
  refreshReportChecks: (() => Promise<void>) | null;
}

/** The pem (report check) store; not persisted. */
export const usePemStore = create<PemState>()(() => ({ reportChecks: [], refreshReportChecks: null }));

export function hasPendingReportCheck(items: readonly ReportCheckItem[]): boolean {
  return items.some((item) => item.status === REPORT_CHECK_PENDING);
}

export function resetPem(): void {
  usePemStore.setState({ reportChecks: [] });
}

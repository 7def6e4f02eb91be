import { api } from '../../lib/api.ts';
import { useGlobalStore } from '../../lib/stores/global.store.ts';
import { usePemStore } from '../../lib/stores/pem.store.ts';

/** Reloads the caller's report checks into the pem store (the banner shows while one is pending). */
export async function refreshReportChecks(): Promise<void> {
  if (useGlobalStore.getState().status !== 'signedIn') return;
  const { items } = await api.promo.spaReportCheck();
  usePemStore.setState({ reportChecks: items.map((item) => ({ id: item.id, status: item.status })) });
}

let installed = false;

/**
 * Hands the shell's pem banner its refresh (spec §2: on entering telephone, account, permohonan).
 * A page opened directly enters its route while the session is still being restored, so the checks
 * are also loaded once the session is signed in.
 */
export function installPemRefresh(): void {
  if (installed) return;
  installed = true;
  usePemStore.setState({ refreshReportChecks });
  if (useGlobalStore.getState().status === 'signedIn') void refreshReportChecks().catch(() => undefined);
  useGlobalStore.subscribe((state, previous) => {
    if (state.status === 'signedIn' && previous.status !== 'signedIn')
      void refreshReportChecks().catch(() => undefined);
  });
}

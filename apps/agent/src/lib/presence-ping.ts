import { useEffect } from 'react';
import { api } from './api.ts';
import { nativeBridge } from './native-bridge.ts';
import { PRESENCE_PING_INTERVAL_MS, shouldPing } from './presence-rule.ts';
import { useGlobalStore } from './stores/global.store.ts';

/**
 * POST /main/promo/spaStatus at once and every 60 s with the foreground flag while the app runs in
 * the wrapper for a payment operator; the server stops assigning orders to operators silent for
 * longer than the project's limit (docs/payments.md).
 */
export function usePresencePing(): void {
  const signedIn = useGlobalStore((state) => state.status === 'signedIn');
  const spaPay = useGlobalStore((state) => state.spaInfo?.spaPay);
  useEffect(() => {
    if (!shouldPing({ inNativeApp: nativeBridge() !== null, signedIn, spaPay })) return;
    const ping = () =>
      void api.promo
        .spaStatusPing({ body: { foreground: document.visibilityState === 'visible' ? 1 : 0 } })
        .catch(() => {});
    ping();
    const timer = setInterval(ping, PRESENCE_PING_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [signedIn, spaPay]);
}

import { lazy, Suspense, useEffect } from 'react';
import { api } from '../../lib/api.ts';
import { requireUpdate, useLayoutStore } from '../../lib/stores/layout.store.ts';
import { isNewerVersion } from '../version.ts';

/** The version is polled every 60 s (spec §4, §9). */
const VERSION_POLL_MS = 60_000;

export async function checkVersion(): Promise<void> {
  try {
    const { version } = await api.shell.version({ query: { _: String(Date.now()) } });
    if (isNewerVersion(version, __APP_VERSION__)) requireUpdate('newVersion');
  } catch {
    // Offline or the server restarting: the next poll tries again.
  }
}

export function useVersionPoll(): void {
  useEffect(() => {
    const timer = setInterval(() => void checkVersion(), VERSION_POLL_MS);
    return () => clearInterval(timer);
  }, []);
}

const UpdateDialogView = lazy(() => import('./update-dialog-view.tsx'));

/** Shows the non-closable update dialog once an update is required. */
export function UpdateDialog() {
  const reason = useLayoutStore((state) => state.forcedUpdate);
  if (!reason) return null;
  return (
    <Suspense fallback={null}>
      <UpdateDialogView reason={reason} />
    </Suspense>
  );
}

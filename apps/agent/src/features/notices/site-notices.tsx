import { lazy, Suspense } from 'react';
import { useGlobalStore } from '../../lib/stores/global.store.ts';

/** The overlay and the realtime client are their own chunk, loaded only once someone signs in. */
const SiteNoticeOverlay = lazy(() =>
  import('./site-notice-overlay.tsx').then((module) => ({ default: module.SiteNoticeOverlay })),
);

/** Mounted by the shell: the site notices (and the realtime channel) of a signed-in session. */
export function SiteNotices() {
  const signedIn = useGlobalStore((state) => state.status === 'signedIn');
  if (!signedIn) return null;
  return (
    <Suspense fallback={null}>
      <SiteNoticeOverlay />
    </Suspense>
  );
}

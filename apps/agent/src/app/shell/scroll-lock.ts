import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useLayoutStore } from '../../lib/stores/layout.store.ts';
import { routeKeys } from '../routes.tsx';

/** Locks page scrolling on the transaction route while the layout flag is true (spec §2). */
export function useScrollLock(): void {
  const { pathname } = useLocation();
  const locked = useLayoutStore((state) => state.scrollLocked);
  useEffect(() => {
    if (pathname !== routeKeys.transaction || !locked) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [pathname, locked]);
}

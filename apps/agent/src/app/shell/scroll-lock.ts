import { useEffect } from 'react';
import { paths } from '../../lib/paths.ts';
import { useLayoutStore } from '../../lib/stores/layout.store.ts';

/** Spec §2: page scrolling is locked on /transaction (and only there) while the layout flag is true. */
export function scrollLockedOn(pathname: string, flag: boolean): boolean {
  return flag && pathname === paths.transaction;
}

/**
 * Applies the lock to the document: no scrolling of the page and a `data-scroll-locked` mark (what
 * the e2e journey reads); both undone when the flag drops or the route changes.
 */
export function useScrollLock(pathname: string): void {
  const flag = useLayoutStore((state) => state.scrollLocked);
  const locked = scrollLockedOn(pathname, flag);
  useEffect(() => {
    if (!locked) return;
    const root = document.documentElement;
    const before = root.style.overflow;
    root.style.overflow = 'hidden';
    root.dataset.scrollLocked = 'true';
    return () => {
      root.style.overflow = before;
      delete root.dataset.scrollLocked;
    };
  }, [locked]);
}

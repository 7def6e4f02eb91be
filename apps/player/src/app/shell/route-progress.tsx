import { useEffect, useState, useSyncExternalStore } from 'react';

/** Route bar timings of DESIGN.md §9: start after 50 ms, end after 300 ms. */
const START_DELAY_MS = 50;
const END_AFTER_MS = 300;

/**
 * Route chunks being loaded. A navigation renders the next screen in a transition, so the current
 * screen stays until the next one's chunk is in; the bar shows meanwhile, from the loads themselves.
 */
let loading = 0;
const listeners = new Set<() => void>();
const setLoading = (next: number) => {
  loading = next;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Counts `load` as a route chunk in flight until it settles (the router's lazy pages call it). */
export function trackRouteLoad<T>(load: Promise<T>): Promise<T> {
  // React starts a lazy page's load while rendering: the bar's store changes after that render.
  queueMicrotask(() => setLoading(loading + 1));
  return load.finally(() => setLoading(loading - 1));
}

/** A thin progress bar while a route's code chunk loads. */
export function RouteProgress() {
  const busy = useSyncExternalStore(subscribe, () => loading > 0);
  const [phase, setPhase] = useState<'idle' | 'running' | 'ending'>('idle');

  useEffect(() => {
    if (busy) {
      const timer = setTimeout(() => setPhase('running'), START_DELAY_MS);
      return () => clearTimeout(timer);
    }
    setPhase((current) => (current === 'running' ? 'ending' : 'idle'));
    const timer = setTimeout(() => setPhase('idle'), END_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  if (phase === 'idle') return null;
  return (
    <div
      aria-hidden
      className="route-progress fixed top-0 left-0 z-[3000] h-0.5 bg-brand-500"
      style={{ width: phase === 'running' ? '70%' : '100%', opacity: phase === 'running' ? 1 : 0 }}
    />
  );
}

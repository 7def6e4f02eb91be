import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

/** Route bar timings of DESIGN.md §9: start after 50 ms, end after 300 ms. */
const START_DELAY_MS = 50;
const END_AFTER_MS = 300;

/** A thin progress bar while a route's code chunk loads. */
export function RouteProgress() {
  const loading = useNavigation().state !== 'idle';
  const [phase, setPhase] = useState<'idle' | 'running' | 'ending'>('idle');

  useEffect(() => {
    if (loading) {
      const timer = setTimeout(() => setPhase('running'), START_DELAY_MS);
      return () => clearTimeout(timer);
    }
    setPhase((current) => (current === 'running' ? 'ending' : 'idle'));
    const timer = setTimeout(() => setPhase('idle'), END_AFTER_MS);
    return () => clearTimeout(timer);
  }, [loading]);

  if (phase === 'idle') return null;
  return (
    <div
      aria-hidden
      className="route-progress fixed top-0 left-0 z-[3000] h-0.5 bg-brand-500"
      style={{ width: phase === 'running' ? '70%' : '100%', opacity: phase === 'running' ? 1 : 0 }}
    />
  );
}

import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/** The route bar starts 50 ms into a navigation and ends 300 ms after it (spec §2). */
const PROGRESS_START_DELAY_MS = 50;
export const PROGRESS_END_DELAY_MS = 300;

type Phase = 'idle' | 'running' | 'done';

export function RouteProgress() {
  const location = useLocation();
  const [phase, setPhase] = useState<Phase>('idle');

  // biome-ignore lint/correctness/useExhaustiveDependencies: every new location is a navigation.
  useEffect(() => {
    const start = setTimeout(() => setPhase('running'), PROGRESS_START_DELAY_MS);
    const end = setTimeout(() => setPhase('done'), PROGRESS_END_DELAY_MS);
    return () => {
      clearTimeout(start);
      clearTimeout(end);
    };
  }, [location.key]);

  useEffect(() => {
    if (phase !== 'done') return;
    const hide = setTimeout(() => setPhase('idle'), PROGRESS_END_DELAY_MS);
    return () => clearTimeout(hide);
  }, [phase]);

  if (phase === 'idle') return null;
  return (
    <div
      data-testid="route-progress"
      aria-hidden
      className="route-progress pointer-events-none fixed top-0 left-0 z-[3000] h-[3px] bg-brand-500 shadow-[0_0_8px_var(--color-brand-500)]"
      style={{ width: phase === 'running' ? '70%' : '100%', opacity: phase === 'done' ? 0 : 1 }}
    />
  );
}

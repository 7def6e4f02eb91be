import { clsx } from 'clsx';
import type { ReactNode } from 'react';

const TONES = {
  dark: 'bg-slate-900 text-white ring-slate-900',
  brand: 'bg-brand-600 text-white ring-brand-600',
  amber: 'bg-amber-400 text-amber-950 ring-amber-400',
} as const;

/** One choice of a game's option row (a preset, a direction, a side): pressed or not, never a link. */
export function ToggleButton({
  pressed,
  disabled,
  testId,
  onClick,
  tone = 'dark',
  className,
  children,
}: {
  pressed: boolean;
  disabled: boolean;
  testId: string;
  onClick: () => void;
  tone?: keyof typeof TONES;
  className: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      disabled={disabled}
      data-testid={testId}
      onClick={onClick}
      className={clsx('ring-1', className, pressed ? TONES[tone] : 'bg-white text-slate-700 ring-slate-200')}
    >
      {children}
    </button>
  );
}

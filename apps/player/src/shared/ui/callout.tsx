import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

const TONES = {
  /** Something the player cannot do right now (a pause, a hold). */
  danger: { box: 'bg-rose-50 text-rose-900 ring-rose-200', icon: 'text-rose-600' },
  /** Something to know before going on (a bonus forfeited). */
  warning: { box: 'bg-amber-50 text-amber-900 ring-amber-200', icon: 'text-amber-600' },
} as const;

/** A boxed message beside a form or in place of one: its icon, then its lines. */
export function Callout({
  tone,
  icon: Icon,
  role = 'note',
  testId,
  children,
}: {
  tone: keyof typeof TONES;
  icon: LucideIcon;
  role?: 'note' | 'status';
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div
      role={role}
      data-testid={testId}
      className={clsx('flex gap-3 rounded-2xl px-4 py-3 text-[13.5px] ring-1', TONES[tone].box)}
    >
      <Icon className={clsx('mt-0.5 size-5 shrink-0', TONES[tone].icon)} />
      <div className="flex flex-col gap-1">{children}</div>
    </div>
  );
}

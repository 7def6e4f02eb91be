import { clsx } from 'clsx';

export type StateTone = 'pending' | 'success' | 'danger' | 'neutral';

const tones: Record<StateTone, string> = {
  pending: 'bg-amber-50 text-amber-700',
  success: 'bg-emerald-50 text-emerald-700',
  danger: 'bg-rose-50 text-rose-700',
  neutral: 'bg-slate-100 text-slate-600',
};

export function StateChip({ tone, label }: { tone: StateTone; label: string }) {
  return (
    <span
      className={clsx(
        'inline-flex shrink-0 rounded-full px-2 py-0.5 text-[11.5px] font-semibold',
        tones[tone],
      )}
    >
      {label}
    </span>
  );
}

/** Deposit order states (spec §4): waiting and checking are pending, paid and check-success are done. */
export function depositTone({ state, reversedAt }: { state: number; reversedAt: string | null }): StateTone {
  // A credited deposit the bank took back keeps its state: it reads as failed.
  if (reversedAt) return 'danger';
  if (state === 1 || state === 9) return 'success';
  if (state === 2) return 'neutral';
  if (state === 7 || state === 8) return 'danger';
  return 'pending';
}

/** Withdrawal order states (spec §4, second set). */
export function withdrawTone(state: number): StateTone {
  if (state === 2) return 'success';
  if (state === 7) return 'neutral';
  if (state === 3 || state === 6) return 'danger';
  return 'pending';
}

import { clsx } from 'clsx';
import { Dice5 } from 'lucide-react';

/**
 * The dice track 0–100: the winning zone in green, the target line, and a marker that slides to the
 * roll (a transform transition, no layout work per frame). `roll` in hundredths; null before a bet.
 */
export function DiceBoard({
  roll,
  target,
  direction,
  won,
  rolling,
  max = 10_000,
  label,
}: {
  roll: number | null;
  target: number;
  direction: 'under' | 'over';
  won: boolean | null;
  rolling: boolean;
  /** The largest outcome (10 000 hundredths for dice, 99 999 for the roller). */
  max?: number;
  label: (value: number) => string;
}) {
  const targetShare = (target / max) * 100;
  const rollShare = roll === null ? 50 : (roll / max) * 100;
  return (
    <div
      className="flex flex-col items-center gap-4 overflow-hidden rounded-2xl bg-slate-900 px-4 pt-5 pb-6 text-white"
      data-testid="game-board"
    >
      <div className="flex h-16 items-center gap-3">
        <Dice5 className={clsx('size-10 text-brand-200', rolling && 'game-shake')} aria-hidden />
        <output
          key={roll ?? 'none'}
          data-testid="game-result"
          className={clsx(
            'game-pop text-[40px] leading-none font-extrabold tabular-nums',
            won === true && 'text-emerald-400',
            won === false && 'text-rose-400',
          )}
        >
          {roll === null ? '—' : label(roll)}
        </output>
      </div>
      <div className="relative h-3 w-full rounded-full bg-rose-500/80">
        <div
          className="absolute inset-y-0 rounded-full bg-emerald-500"
          style={
            direction === 'under'
              ? { left: 0, width: `${targetShare}%` }
              : { left: `${targetShare}%`, right: 0 }
          }
        />
        <div className="absolute -top-1 h-5 w-0.5 bg-white" style={{ left: `${targetShare}%` }} aria-hidden />
        <div
          className="pointer-events-none absolute inset-0 transition-transform duration-500 ease-out"
          style={{ transform: `translateX(${rollShare}%)` }}
          aria-hidden
        >
          <span
            className={clsx(
              'absolute -top-3 -ml-3 block size-6 rotate-45 rounded-md border-2 border-white shadow',
              won === null ? 'bg-slate-400' : won ? 'bg-emerald-400' : 'bg-rose-400',
            )}
          />
        </div>
      </div>
      <div className="flex w-full justify-between text-[11px] text-slate-400 tabular-nums">
        <span>{label(0)}</span>
        <span>{label(Math.round(max / 2))}</span>
        <span>{label(max)}</span>
      </div>
    </div>
  );
}

import { clsx } from 'clsx';

const DIGITS = Array.from({ length: 20 }, (_, index) => index % 10);

/**
 * The roller's five digit reels: each is a strip of digits that slides (transform) to the drawn
 * digit, the reels stopping one after another like a slot counter. `spin` changes on every bet so
 * the reels travel a full turn even when a digit repeats.
 */
export function RollerReels({
  value,
  spin,
  won,
}: {
  value: number | null;
  spin: number;
  won: boolean | null;
}) {
  const digits = value === null ? [0, 0, 0, 0, 0] : String(value).padStart(5, '0').split('').map(Number);
  return (
    <div
      className="flex justify-center gap-1.5 rounded-2xl bg-slate-900 px-4 py-5"
      data-testid="game-board"
      aria-live="polite"
    >
      <output data-testid="game-result" className="sr-only">
        {value ?? ''}
      </output>
      {digits.map((digit, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: the reels are fixed positions
          key={index}
          className={clsx(
            'h-14 w-11 overflow-hidden rounded-xl bg-slate-800 ring-1',
            won === true ? 'ring-emerald-400' : won === false ? 'ring-rose-400' : 'ring-slate-700',
          )}
        >
          <div
            className="flex flex-col text-center text-[34px] leading-[56px] font-extrabold text-white tabular-nums"
            style={{
              transform: `translateY(-${((spin % 2 === 0 ? 0 : 10) + digit) * 56}px)`,
              transition: `transform ${500 + index * 140}ms cubic-bezier(0.2, 0.8, 0.3, 1)`,
            }}
          >
            {DIGITS.map((shown, position) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed strip of digits
              <span key={position}>{shown}</span>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

import { RED_NUMBERS } from '@payhub/games';
import { clsx } from 'clsx';

/** The pockets of a European wheel in their order around it, from 0 clockwise. */
export const WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
] as const;
const STEP_DEG = 360 / WHEEL_ORDER.length;

export function pocketColour(pocket: number): 'green' | 'red' | 'black' {
  if (pocket === 0) return 'green';
  return RED_NUMBERS.includes(pocket) ? 'red' : 'black';
}

const COLOURS = { green: '#059669', red: '#e11d48', black: '#1e293b' } as const;

/** The wheel's face as one conic gradient: 37 slices, no image. */
const WHEEL_BACKGROUND = `conic-gradient(from ${-STEP_DEG / 2}deg, ${WHEEL_ORDER.map(
  (pocket, index) => `${COLOURS[pocketColour(pocket)]} ${index * STEP_DEG}deg ${(index + 1) * STEP_DEG}deg`,
).join(', ')})`;

/**
 * The wheel turns forward to the drawn pocket (under the pointer at the top): `turns` is the total
 * rotation so far, which only grows, so every spin goes the same way. A transform transition.
 */
export function wheelRotation(previousDeg: number, pocket: number): number {
  const index = WHEEL_ORDER.indexOf(pocket as (typeof WHEEL_ORDER)[number]);
  const target = (360 - index * STEP_DEG) % 360;
  const base = previousDeg - (previousDeg % 360) + 360 * 4;
  return base + target;
}

export function RouletteWheel({ rotationDeg, pocket }: { rotationDeg: number; pocket: number | null }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl bg-slate-900 py-5" data-testid="game-board">
      <div className="relative size-52">
        <div
          className="absolute inset-0 rounded-full ring-4 ring-amber-300"
          style={{
            background: WHEEL_BACKGROUND,
            transform: `rotate(${rotationDeg}deg)`,
            transition: 'transform 2400ms cubic-bezier(0.15, 0.75, 0.25, 1)',
          }}
        >
          {WHEEL_ORDER.map((number, index) => (
            <span
              key={number}
              className="absolute top-0 left-1/2 h-1/2 w-5 -ml-2.5 origin-bottom pt-1 text-center text-[9px] font-bold text-white"
              style={{ transform: `rotate(${index * STEP_DEG}deg)` }}
            >
              {number}
            </span>
          ))}
          <div className="absolute inset-[30%] rounded-full bg-slate-800 ring-2 ring-amber-300/70" />
        </div>
        <div
          aria-hidden
          className="absolute -top-1 left-1/2 -ml-2 h-0 w-0 border-x-8 border-t-[14px] border-x-transparent border-t-amber-300"
        />
        <output
          key={pocket ?? 'none'}
          data-testid="game-result"
          className={clsx(
            'game-pop absolute inset-0 m-auto flex size-16 items-center justify-center rounded-full text-[26px] font-extrabold text-white',
            pocket === null
              ? 'bg-transparent'
              : { green: 'bg-emerald-600', red: 'bg-rose-600', black: 'bg-slate-950' }[pocketColour(pocket)],
          )}
          style={{ animationDelay: pocket === null ? undefined : '2300ms', animationFillMode: 'both' }}
        >
          {pocket ?? ''}
        </output>
      </div>
    </div>
  );
}

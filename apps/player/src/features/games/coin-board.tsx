import { clsx } from 'clsx';

/**
 * The coin: two faces back to back, turned on the Y axis by a CSS animation that ends on the side
 * drawn (five turns for heads, five and a half for tails). `flip` keys the animation so each call
 * plays it again.
 */
export function CoinBoard({
  side,
  flip,
  labels,
  history,
}: {
  side: 'heads' | 'tails' | null;
  flip: number;
  labels: { heads: string; tails: string; history: string };
  history: { side: 'heads' | 'tails'; won: boolean }[];
}) {
  return (
    <div
      className="flex flex-col items-center gap-4 rounded-2xl bg-slate-900 px-4 py-5"
      data-testid="game-board"
    >
      <div className="[perspective:600px]">
        <div
          key={flip}
          className={clsx('relative size-32', side !== null && flip > 0 && 'game-coin')}
          style={
            {
              '--coin-turn': side === 'tails' ? '1980deg' : '1800deg',
              transform: side === 'tails' ? 'rotateY(180deg)' : undefined,
            } as React.CSSProperties
          }
        >
          <div className="game-face absolute inset-0 flex items-center justify-center rounded-full bg-gradient-to-br from-amber-300 to-amber-500 text-[15px] font-extrabold text-amber-900 ring-4 ring-amber-200">
            {labels.heads}
          </div>
          <div className="game-face absolute inset-0 flex items-center justify-center rounded-full bg-gradient-to-br from-slate-200 to-slate-400 text-[15px] font-extrabold text-slate-800 ring-4 ring-slate-100 [transform:rotateY(180deg)]">
            {labels.tails}
          </div>
        </div>
      </div>
      <output data-testid="game-result" className="sr-only">
        {side ?? ''}
      </output>
      <ol className="flex min-h-6 flex-wrap justify-center gap-1" aria-label={labels.history}>
        {history.map((item, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: flips in order, never reordered
            key={index}
            className={clsx(
              'flex size-6 items-center justify-center rounded-full text-[10px] font-bold',
              item.side === 'heads' ? 'bg-amber-400 text-amber-900' : 'bg-slate-300 text-slate-800',
              !item.won && 'opacity-40',
            )}
          >
            {(item.side === 'heads' ? labels.heads : labels.tails).slice(0, 1)}
          </li>
        ))}
      </ol>
    </div>
  );
}

import { CARD_RANKS, CARD_SUITS } from '@payhub/games';
import { clsx } from 'clsx';

/** Card index 0–51 (♦2 ♥2 ♠2 ♣2 ♦3 … ♣A) as a face; a new card flips in (rotateY, CSS). */
export function PlayingCard({
  index,
  size = 'large',
  flipKey,
}: {
  index: number | null;
  size?: 'large' | 'small';
  flipKey?: number;
}) {
  const suit = index === null ? null : CARD_SUITS[index % 4]!;
  const rank = index === null ? null : CARD_RANKS[Math.floor(index / 4)]!;
  const red = suit === '♦' || suit === '♥';
  const large = size === 'large';
  return (
    <div className="[perspective:800px]">
      <div
        key={flipKey}
        className={clsx(
          'game-pop flex flex-col justify-between rounded-xl bg-white shadow-md ring-1 ring-slate-200',
          large ? 'h-36 w-24 p-2.5' : 'h-14 w-10 p-1',
          red ? 'text-rose-600' : 'text-slate-900',
        )}
        data-card={index ?? ''}
      >
        {index === null ? (
          <div className="m-auto size-full rounded-lg bg-[repeating-linear-gradient(45deg,#4f46e5_0_6px,#6366f1_6px_12px)]" />
        ) : (
          <>
            <span className={clsx('leading-none font-extrabold', large ? 'text-[22px]' : 'text-[13px]')}>
              {rank}
            </span>
            <span className={clsx('self-center leading-none', large ? 'text-[40px]' : 'text-[15px]')}>
              {suit}
            </span>
            {large && (
              <span className="self-end text-[22px] leading-none font-extrabold rotate-180">{rank}</span>
            )}
          </>
        )}
      </div>
    </div>
  );
}

import type { Fruit } from '@payhub/games';
import { Bomb, Cherry, Citrus, Grape } from 'lucide-react';
import type { ReactElement } from 'react';

/** A watermelon slice (lucide has none): a half disc with rind and seeds. */
function Watermelon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden>
      <path d="M2 8a10 10 0 0 0 20 0Z" fill="#16a34a" />
      <path d="M4 8a8 8 0 0 0 16 0Z" fill="#f43f5e" />
      <circle cx="9" cy="11" r="0.9" fill="#1f2937" />
      <circle cx="12" cy="13" r="0.9" fill="#1f2937" />
      <circle cx="15" cy="11" r="0.9" fill="#1f2937" />
    </svg>
  );
}

const ICONS: Record<Fruit, ReactElement> = {
  cherry: <Cherry className="size-7 text-rose-400" />,
  lemon: <Citrus className="size-7 text-yellow-300" />,
  orange: <Citrus className="size-7 text-orange-400" />,
  grape: <Grape className="size-7 text-violet-400" />,
  watermelon: <Watermelon className="size-8" />,
};

export function FruitIcon({ fruit }: { fruit: Fruit | 'bomb' }) {
  if (fruit === 'bomb') return <Bomb className="size-7 text-white" />;
  return ICONS[fruit];
}

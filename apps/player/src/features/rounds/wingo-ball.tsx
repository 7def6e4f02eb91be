import { type WingoColour, wingoColours } from '@payhub/games';

/** A colour pick's button classes (the picks and the bet sheet). */
export const COLOUR_CLASS: Record<WingoColour, string> = {
  green: 'bg-emerald-500 text-white',
  red: 'bg-rose-500 text-white',
  violet: 'bg-violet-500 text-white',
};

/** A drawn wingo number in its colours (0 and 5 half violet), as the results and the trend show it. */
export function Ball({ number, small = false }: { number: number; small?: boolean }) {
  const colours = wingoColours(number);
  const background =
    colours.length > 1
      ? `linear-gradient(135deg, ${colours[0] === 'green' ? '#10b981' : '#f43f5e'} 50%, #8b5cf6 50%)`
      : colours[0] === 'green'
        ? '#10b981'
        : '#f43f5e';
  return (
    <span
      className={`flex items-center justify-center rounded-full font-bold text-white ${small ? 'h-7 w-7 text-[13px]' : 'h-8 w-8'}`}
      style={{ background }}
    >
      {number}
    </span>
  );
}

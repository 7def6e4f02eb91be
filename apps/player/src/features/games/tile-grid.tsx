import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export interface TileView {
  /** What the tile shows once turned; null while covered. */
  face: ReactNode | null;
  tone: 'safe' | 'danger' | 'muted';
  /** Turned by the player (full colour) or shown at the end (dimmed). */
  picked: boolean;
  /** Marked for auto-bet: a button even though it shows a face. */
  marked?: boolean;
}

/**
 * The board of mines (5 × 5) and fruit bomb (4 × 4): square buttons, a turned tile pops in (scale
 * and opacity), a covered one is a button while the game is open.
 */
export function TileGrid({
  columns,
  tiles,
  canPick,
  onPick,
  busyTile,
  tileLabel,
}: {
  columns: number;
  tiles: TileView[];
  canPick: boolean;
  onPick: (tile: number) => void;
  busyTile: number | null;
  tileLabel: (tile: number) => string;
}) {
  return (
    <div
      className="grid gap-1.5 rounded-2xl bg-slate-900 p-3"
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
      data-testid="game-board"
    >
      {tiles.map((tile, index) => (
        <button
          // biome-ignore lint/suspicious/noArrayIndexKey: tiles are fixed board positions
          key={index}
          type="button"
          data-testid={`tile-${index}`}
          data-face={tile.marked ? 'marked' : tile.face === null ? 'covered' : tile.tone}
          aria-label={tileLabel(index)}
          disabled={!canPick || (tile.face !== null && !tile.marked)}
          onClick={() => onPick(index)}
          className={clsx(
            'flex aspect-square items-center justify-center rounded-xl transition-transform',
            tile.face === null
              ? 'bg-slate-700 shadow-[inset_0_-4px_0_rgba(0,0,0,0.25)] enabled:active:scale-95 disabled:opacity-80'
              : tile.tone === 'danger'
                ? 'bg-rose-500/90'
                : 'bg-slate-800',
            busyTile === index && 'animate-pulse',
          )}
        >
          {tile.face !== null && (
            <span className={clsx('game-pop flex', !tile.picked && 'opacity-45')}>{tile.face}</span>
          )}
        </button>
      ))}
    </div>
  );
}

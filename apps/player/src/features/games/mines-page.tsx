import { TileGamePage } from './tile-game.tsx';

/** Mines: 5 × 5, 1–24 mines. */
export default function MinesPage() {
  return <TileGamePage kind="mines" />;
}

import { TileGamePage } from './tile-game.tsx';

/** Fruit bomb: 4 × 4, 1–12 bombs, fruits that raise the multiplier by their weight. */
export default function FruitBombPage() {
  return <TileGamePage kind="fruit-bomb" />;
}

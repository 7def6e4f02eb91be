import type { BetWire, GameMoveInput } from '@payhub/contracts';
import { FRUIT_BOMB_TILES, type Fruit, MINES_TILES, minesMultiplierBp } from '@payhub/games';
import { Bomb, Gem } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectFormat } from '../../lib/currency.ts';
import { Button } from '../../shared/ui/button.tsx';
import { cashOutBet, moveBet, placeBet } from './api.ts';
import { BetControls } from './bet-controls.tsx';
import { FruitIcon } from './fruit-icon.tsx';
import { Figure, GameScreen, ResultBanner } from './game-screen.tsx';
import { cashOutValue, pause, useStepGame } from './play-helpers.ts';
import { TileGrid, type TileView } from './tile-grid.tsx';
import { useMultiplierText } from './use-bet-setup.ts';

type Kind = 'mines' | 'fruit-bomb';

const SPEC = {
  mines: { tiles: MINES_TILES, columns: 5, min: 1, max: 24, initial: 3 },
  'fruit-bomb': {
    tiles: FRUIT_BOMB_TILES,
    columns: 4,
    min: 1,
    max: 12,
    initial: 3,
  },
} as const;

function tilesOf(kind: Kind, bet: BetWire | null): TileView[] {
  const size = SPEC[kind].tiles;
  const covered: TileView = { face: null, tone: 'muted', picked: false };
  if (!bet) return Array.from({ length: size }, () => covered);
  const outcome = bet.outcome;
  if (outcome.game === 'mines') {
    const mines = new Set(outcome.minePositions ?? []);
    return Array.from({ length: size }, (_, tile) => {
      const picked = outcome.revealed.includes(tile);
      if (mines.has(tile)) return { face: <Bomb className="size-7 text-white" />, tone: 'danger', picked };
      if (picked || outcome.minePositions !== null)
        return { face: <Gem className="size-7 text-emerald-300" />, tone: 'safe', picked };
      return covered;
    });
  }
  if (outcome.game === 'fruit-bomb') {
    return Array.from({ length: size }, (_, tile) => {
      const hidden = outcome.tiles[tile] ?? null;
      if (hidden === null) return covered;
      return {
        face: <FruitIcon fruit={hidden} />,
        tone: hidden === 'bomb' ? 'danger' : 'safe',
        picked: outcome.picked.includes(tile),
      };
    });
  }
  return Array.from({ length: size }, () => covered);
}

/**
 * Mines (5 × 5, 1–24 mines) and fruit bomb (4 × 4, 1–12 bombs): start a game, turn tiles one at a
 * time, cash out any time; an open game is taken back from the server on load. Auto mode plays the
 * tiles the player marked on the board, then cashes out.
 */
export function TileGamePage({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const multiplierText = useMultiplierText();
  const format = useProjectFormat();
  const spec = SPEC[kind];
  const { setup, open, bet, mode, autoRunning, busy, run, banner, finished, controls } = useStepGame(kind);
  const [count, setCount] = useState<number>(spec.initial);
  const [busyTile, setBusyTile] = useState<number | null>(null);
  const [autoTiles, setAutoTiles] = useState<number[]>([]);
  const isOpen = bet?.status === 'open';
  const params =
    kind === 'mines'
      ? ({ game: 'mines', mines: count } as const)
      : ({ game: 'fruit-bomb', bombs: count } as const);
  const moveOf = (tile: number): GameMoveInput =>
    kind === 'mines' ? { move: 'reveal', tile } : { move: 'pick', tile };

  async function start(stakeWire: string): Promise<BetWire> {
    banner.clear();
    const answer = await placeBet({ asset: setup.asset, stake: stakeWire, params });
    finished(answer);
    return answer;
  }

  async function pick(tile: number) {
    if (!bet || !isOpen) {
      if (mode === 'auto' && !autoRunning)
        setAutoTiles((current) =>
          current.includes(tile) ? current.filter((item) => item !== tile) : [...current, tile],
        );
      return;
    }
    setBusyTile(tile);
    try {
      finished(await moveBet(bet.id, moveOf(tile)));
    } catch {
      // the shell shows the error
    } finally {
      setBusyTile(null);
    }
  }

  const cashOut = () => run(async () => bet && finished(await cashOutBet(bet.id)));

  /** One auto bet: start, turn the marked tiles until a bomb, cash out what is left open. */
  async function autoPlay(stakeWire: string): Promise<BetWire> {
    banner.clear();
    let answer = await placeBet({ asset: setup.asset, stake: stakeWire, params });
    open.setBet(answer);
    for (const tile of autoTiles) {
      if (answer.status !== 'open') break;
      answer = await moveBet(answer.id, moveOf(tile));
      open.setBet(answer);
      await pause(120);
    }
    if (answer.status === 'open') answer = await cashOutBet(answer.id);
    finished(answer);
    await pause(500);
    return answer;
  }

  const marked: TileView = {
    face: <span className="size-4 rounded-full bg-brand-400" />,
    tone: 'muted',
    picked: true,
    marked: true,
  };
  // Choosing the auto tiles: a clean board with the marks; otherwise the game as it stands.
  const choosing = mode === 'auto' && !autoRunning && !isOpen;
  const tiles = tilesOf(kind, choosing ? null : (bet ?? null)).map((tile, index) =>
    mode === 'auto' && !isOpen && autoTiles.includes(index) && (!autoRunning || tile.face === null)
      ? marked
      : tile,
  );
  const outcome = bet?.outcome;
  const nextValue = outcome?.game === 'mines' ? outcome.nextMultiplierBp : null;
  const fruitNext =
    outcome?.game === 'fruit-bomb' && isOpen
      ? (outcome.nextMultipliersBp as Partial<Record<Fruit, string>>)
      : null;
  const locked = busy || autoRunning || isOpen;
  const noun = kind === 'mines' ? t('playerGames.mines.mines') : t('playerGames.fruitBomb.bombs');
  return (
    <GameScreen game={kind}>
      <TileGrid
        columns={spec.columns}
        tiles={tiles}
        canPick={(isOpen && busyTile === null) || (mode === 'auto' && !autoRunning && !isOpen)}
        onPick={(tile) => void pick(tile)}
        busyTile={busyTile}
        tileLabel={(tile) => t('playerGames.mines.tile', { n: tile + 1 })}
      />
      <ResultBanner result={banner.banner} />
      {isOpen && bet ? (
        <>
          <div className="grid grid-cols-2 gap-1.5">
            <Figure
              label={t('playerGames.bet.multiplier')}
              value={multiplierText(bet.multiplierBp)}
              testId="open-multiplier"
            />
            <Figure
              label={noun}
              value={String(
                outcome?.game === 'mines'
                  ? outcome.mines
                  : outcome?.game === 'fruit-bomb'
                    ? outcome.bombs
                    : '',
              )}
            />
          </div>
          {nextValue && (
            <p className="text-center text-[12.5px] text-slate-500">
              {t('playerGames.mines.next', { value: multiplierText(nextValue) })}
            </p>
          )}
          {fruitNext && (
            <div
              className="flex flex-wrap justify-center gap-1.5"
              title={t('playerGames.fruitBomb.nextFruit')}
            >
              {Object.entries(fruitNext).map(([fruit, value]) => (
                <span
                  key={fruit}
                  className="flex items-center gap-1 rounded-full bg-slate-900 py-0.5 pr-2 pl-1 text-[12px] font-semibold text-white"
                >
                  <span className="scale-75">
                    <FruitIcon fruit={fruit as Fruit} />
                  </span>
                  {multiplierText(value!)}
                </span>
              ))}
            </div>
          )}
          <Button
            block
            busy={busy}
            disabled={
              bet.multiplierBp === '0' ||
              busyTile !== null ||
              (outcome?.game === 'mines'
                ? outcome.revealed.length === 0
                : outcome?.game === 'fruit-bomb'
                  ? outcome.picked.length === 0
                  : true)
            }
            data-testid="cash-out"
            onClick={() => void cashOut()}
          >
            {t('playerGames.bet.cashOut', { amount: format.asset(cashOutValue(bet), bet.asset) })}
          </Button>
        </>
      ) : (
        <>
          <label className="flex flex-col gap-1">
            <span className="flex items-baseline justify-between text-[12px] font-medium text-slate-600">
              {noun}
              <span className="text-[18px] font-bold tabular-nums text-slate-900" data-testid="count-value">
                {count}
              </span>
            </span>
            {/* One control for the whole range (1–24 mines, 1–12 bombs): a slider a thumb can drag on a phone. */}
            <input
              type="range"
              data-testid="count-range"
              min={spec.min}
              max={spec.max}
              step={1}
              value={count}
              disabled={locked}
              onChange={(event) => setCount(Number(event.target.value))}
              className="h-10 w-full accent-slate-900"
            />
          </label>
          {kind === 'mines' && (
            <Figure
              label={t('playerGames.mines.next', { value: '' })}
              value={multiplierText(minesMultiplierBp(count, Math.max(1, autoTiles.length)))}
            />
          )}
          <BetControls
            {...controls}
            locked={locked}
            play={start}
            autoPlay={autoPlay}
            placeLabel={t('playerGames.mines.start')}
            autoBlocked={autoTiles.length === 0 ? 'noTiles' : null}
            autoExtra={<p className="text-[12.5px] text-slate-500">{t('playerGames.auto.minesPick')}</p>}
          />
        </>
      )}
    </GameScreen>
  );
}

import { type BetWire, formatAmount, parseAmount } from '@payhub/contracts';
import { RED_NUMBERS } from '@payhub/games';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectFormat } from '../../lib/currency.ts';
import { placeBet } from './api.ts';
import { BetControls } from './bet-controls.tsx';
import { GameScreen, ResultBanner } from './game-screen.tsx';
import { pause, useGamePage } from './play-helpers.ts';
import { RouletteWheel, wheelRotation } from './roulette-board.tsx';
import {
  type RouletteChip as Chip,
  INSIDE_KINDS,
  type InsideKind,
  isGroupChip,
  chipKey as keyOf,
  tapNumber,
} from './roulette-picks.ts';
import { playSound } from './sound.ts';

const SPIN_MS = 2_500;
/** The felt as a casino lays it out sideways: 12 streets left to right, 3 at the top, 1 at the bottom. */
const FELT_ROWS = [3, 2, 1].map((offset) => Array.from({ length: 12 }, (_, street) => street * 3 + offset));

/**
 * European roulette: chips on the inside bets (straight, split, street, corner, six line — the kind
 * chosen above the felt, split and corner by two taps) and the outside bets (colours, odd/even,
 * halves, dozens, columns); every chip carries the stake; the wheel turns forward to the pocket drawn.
 */
export default function RoulettePage() {
  const { t } = useTranslation();
  const format = useProjectFormat();
  const { setup, autoRunning, busy, banner, settle, controls } = useGamePage('roulette');
  const [chips, setChips] = useState<Chip[]>([{ kind: 'red', numbers: [] }]);
  const [insideKind, setInsideKind] = useState<InsideKind>('straight');
  const [anchor, setAnchor] = useState<number | null>(null);
  const [rotation, setRotation] = useState(0);
  const [pocket, setPocket] = useState<number | null>(null);
  const locked = busy || autoRunning;
  const chosen = new Set(chips.map(keyOf));
  /** Numbers under an inside chip other than a straight one, outlined on the felt. */
  const covered = new Set(chips.filter(isGroupChip).flatMap((chip) => chip.numbers));

  function tap(number: number) {
    if (locked) return;
    const result = tapNumber(insideKind, anchor, number);
    setAnchor(result.anchor);
    if (result.chip) toggle(result.chip);
  }

  function chooseKind(kind: InsideKind) {
    setInsideKind(kind);
    setAnchor(null);
  }

  function toggle(chip: Chip) {
    if (locked) return;
    setChips((current) =>
      chosen.has(keyOf(chip))
        ? current.filter((item) => keyOf(item) !== keyOf(chip))
        : [...current, chip].slice(-50),
    );
  }

  async function spin(chipStakeWire: string): Promise<BetWire> {
    banner.clear();
    const chipUnits = parseAmount(chipStakeWire, setup.asset);
    const total = formatAmount(chipUnits * BigInt(chips.length), setup.asset);
    const answer = await placeBet({
      asset: setup.asset,
      stake: total,
      params: { game: 'roulette', bets: chips.map((chip) => ({ ...chip, amount: chipStakeWire })) },
    });
    if (answer.outcome.game === 'roulette') {
      const drawn = answer.outcome.pocket;
      setPocket(drawn);
      setRotation((current) => wheelRotation(current, drawn));
      playSound('tick');
    }
    await pause(SPIN_MS);
    settle(answer);
    banner.show(answer);
    return answer;
  }

  const cell = (chip: Chip, label: string, tone: string, testId: string) => (
    <button
      key={keyOf(chip)}
      type="button"
      aria-pressed={chosen.has(keyOf(chip))}
      disabled={locked}
      data-testid={testId}
      onClick={() => toggle(chip)}
      className={clsx(
        'relative h-9 rounded-lg text-[13px] font-bold text-white',
        tone,
        chosen.has(keyOf(chip)) && 'ring-2 ring-amber-300 ring-offset-1',
      )}
    >
      {label}
      {chosen.has(keyOf(chip)) && (
        <span className="absolute -top-1 -right-1 size-3 rounded-full bg-amber-300 ring-2 ring-white" />
      )}
    </button>
  );
  const number = (value: number, tone: string) => {
    const straight = chosen.has(keyOf({ kind: 'straight', numbers: [value] }));
    return (
      <button
        key={value}
        type="button"
        aria-pressed={straight || covered.has(value)}
        disabled={locked}
        data-testid={`roulette-${value}`}
        onClick={() => tap(value)}
        className={clsx(
          'relative h-10 rounded-md text-[11.5px] font-bold text-white',
          tone,
          anchor === value && 'ring-2 ring-sky-300',
          anchor !== value && (straight || covered.has(value)) && 'ring-2 ring-amber-300',
        )}
      >
        {value}
        {straight && (
          <span className="absolute -top-1 -right-1 size-2.5 rounded-full bg-amber-300 ring-2 ring-white" />
        )}
      </button>
    );
  };
  const chipTotal = setup.stake === null ? null : setup.stake * BigInt(chips.length);
  return (
    <GameScreen game="roulette">
      <RouletteWheel rotationDeg={rotation} pocket={pocket} />
      <ResultBanner result={banner.banner} />
      <section
        className="flex flex-col gap-1.5 rounded-2xl bg-emerald-800 p-2"
        aria-label={t('playerGames.roulette.pickBets')}
      >
        <fieldset className="flex gap-1" aria-label={t('playerGames.roulette.kind')}>
          {INSIDE_KINDS.map((kind) => (
            <button
              key={kind}
              type="button"
              aria-pressed={insideKind === kind}
              disabled={locked}
              data-testid={`roulette-kind-${kind}`}
              onClick={() => chooseKind(kind)}
              className={clsx(
                'h-8 flex-1 rounded-lg text-[11.5px] font-semibold',
                insideKind === kind ? 'bg-amber-300 text-slate-900' : 'bg-emerald-700 text-emerald-50',
              )}
            >
              {t(`playerGames.roulette.kinds.${kind}`)}
            </button>
          ))}
        </fieldset>
        <p className="text-[11.5px] text-emerald-50" data-testid="roulette-hint">
          {t(`playerGames.roulette.hints.${insideKind}`)}
        </p>
        <div className="grid grid-cols-[26px_repeat(12,minmax(0,1fr))] grid-rows-3 gap-0.5">
          <div className="row-span-3 grid">{number(0, 'bg-emerald-600')}</div>
          {FELT_ROWS.flat().map((value) =>
            number(value, RED_NUMBERS.includes(value) ? 'bg-rose-600' : 'bg-slate-900'),
          )}
        </div>
        <div className="grid grid-cols-3 gap-1">
          {[1, 2, 3].map((dozen) =>
            cell(
              { kind: 'dozen', numbers: [dozen] },
              t('playerGames.roulette.dozen', { from: dozen * 12 - 11, to: dozen * 12 }),
              'bg-emerald-700',
              `roulette-dozen-${dozen}`,
            ),
          )}
          {[1, 2, 3].map((column) =>
            cell(
              { kind: 'column', numbers: [column] },
              t('playerGames.roulette.column', { n: column }),
              'bg-emerald-700',
              `roulette-column-${column}`,
            ),
          )}
        </div>
        <div className="grid grid-cols-3 gap-1">
          {cell({ kind: 'red', numbers: [] }, t('playerGames.roulette.red'), 'bg-rose-600', 'roulette-red')}
          {cell(
            { kind: 'black', numbers: [] },
            t('playerGames.roulette.black'),
            'bg-slate-900',
            'roulette-black',
          )}
          {cell(
            { kind: 'odd', numbers: [] },
            t('playerGames.roulette.odd'),
            'bg-emerald-700',
            'roulette-odd',
          )}
          {cell(
            { kind: 'even', numbers: [] },
            t('playerGames.roulette.even'),
            'bg-emerald-700',
            'roulette-even',
          )}
          {cell(
            { kind: 'low', numbers: [] },
            t('playerGames.roulette.low'),
            'bg-emerald-700',
            'roulette-low',
          )}
          {cell(
            { kind: 'high', numbers: [] },
            t('playerGames.roulette.high'),
            'bg-emerald-700',
            'roulette-high',
          )}
        </div>
      </section>
      <div className="flex items-center justify-between text-[12.5px] text-slate-600">
        <span data-testid="roulette-slip">
          {t('playerGames.roulette.slip', {
            count: chips.length,
            amount: chipTotal === null ? '—' : format.asset(chipTotal, setup.asset),
          })}
        </span>
        <button
          type="button"
          disabled={locked}
          onClick={() => {
            setChips([]);
            setAnchor(null);
          }}
          className="font-semibold text-brand-600 disabled:opacity-50"
        >
          {t('playerGames.roulette.clear')}
        </button>
      </div>
      {chips.some(isGroupChip) && (
        <ul className="flex flex-wrap gap-1.5" data-testid="roulette-inside-chips">
          {chips.filter(isGroupChip).map((chip) => (
            <li key={keyOf(chip)}>
              <button
                type="button"
                disabled={locked}
                onClick={() => toggle(chip)}
                aria-label={t('playerGames.roulette.remove', {
                  bet: `${t(`playerGames.roulette.kinds.${chip.kind}`)} ${chip.numbers.join('-')}`,
                })}
                className="rounded-full bg-amber-100 px-2.5 py-1 text-[12px] font-semibold text-amber-900"
              >
                {t(`playerGames.roulette.kinds.${chip.kind}`)} {chip.numbers.join('-')} ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <BetControls
        {...controls}
        locked={locked}
        play={spin}
        placeLabel={t('playerGames.roulette.spin')}
        canPlace={chips.length > 0}
      />
    </GameScreen>
  );
}

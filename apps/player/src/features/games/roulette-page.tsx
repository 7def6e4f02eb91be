import { type BetWire, formatAmount, parseAmount } from '@payhub/contracts';
import { RED_NUMBERS, type RouletteBetKind } from '@payhub/games';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectFormat } from '../../lib/currency.ts';
import { Button } from '../../shared/ui/button.tsx';
import { placeBet } from './api.ts';
import { AutoPanel } from './auto-panel.tsx';
import { BetAmount, type BetMode, GameScreen, ModeTabs, ResultBanner } from './game-screen.tsx';
import { pause, resultOf, useSettle, useSettledBanner } from './play-helpers.ts';
import { RouletteWheel, wheelRotation } from './roulette-board.tsx';
import { playSound } from './sound.ts';
import { useBetSetup } from './use-bet-setup.ts';

interface Chip {
  kind: RouletteBetKind;
  numbers: number[];
}

const keyOf = (chip: Chip) => `${chip.kind}:${chip.numbers.join('-')}`;
const SPIN_MS = 2_500;

/**
 * European roulette: chips on straight numbers and the outside bets (colours, odd/even, halves,
 * dozens, columns); every chip carries the stake; the wheel turns forward to the pocket drawn.
 */
export default function RoulettePage() {
  const { t } = useTranslation();
  const format = useProjectFormat();
  const setup = useBetSetup('roulette');
  const [mode, setMode] = useState<BetMode>('manual');
  const [chips, setChips] = useState<Chip[]>([{ kind: 'red', numbers: [] }]);
  const [rotation, setRotation] = useState(0);
  const [pocket, setPocket] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [autoRunning, setAutoRunning] = useState(false);
  const banner = useSettledBanner();
  const settle = useSettle();
  const locked = busy || autoRunning;
  const chosen = new Set(chips.map(keyOf));

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
  const chipTotal = setup.stake === null ? null : setup.stake * BigInt(chips.length);
  return (
    <GameScreen game="roulette">
      <RouletteWheel rotationDeg={rotation} pocket={pocket} />
      <ResultBanner result={banner.banner} />
      <section
        className="flex flex-col gap-1.5 rounded-2xl bg-emerald-800 p-2"
        aria-label={t('playerGames.roulette.pickBets')}
      >
        <div className="grid grid-cols-6 gap-1">
          <div className="col-span-6 grid">
            {cell({ kind: 'straight', numbers: [0] }, '0', 'bg-emerald-600', 'roulette-0')}
          </div>
          {Array.from({ length: 36 }, (_, index) => index + 1).map((number) =>
            cell(
              { kind: 'straight', numbers: [number] },
              String(number),
              RED_NUMBERS.includes(number) ? 'bg-rose-600' : 'bg-slate-900',
              `roulette-${number}`,
            ),
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
          onClick={() => setChips([])}
          className="font-semibold text-brand-600 disabled:opacity-50"
        >
          {t('playerGames.roulette.clear')}
        </button>
      </div>
      <ModeTabs mode={mode} onChange={setMode} locked={locked} />
      <BetAmount setup={setup} disabled={locked} />
      {mode === 'manual' ? (
        <Button
          block
          busy={busy}
          disabled={!setup.ready || setup.problem !== null || chips.length === 0}
          data-testid="place-bet"
          onClick={async () => {
            if (!setup.stakeWire) return;
            setBusy(true);
            await spin(setup.stakeWire).catch(() => undefined);
            setBusy(false);
          }}
        >
          {t('playerGames.roulette.spin')}
        </Button>
      ) : (
        <AutoPanel
          setup={setup}
          play={async (stake) => resultOf(await spin(stake))}
          onRunningChange={setAutoRunning}
        />
      )}
    </GameScreen>
  );
}

import type { BetWire } from '@payhub/contracts';
import { DICE_PRESETS, diceMultiplierBp } from '@payhub/games';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { placeBet } from './api.ts';
import { AutoPanel } from './auto-panel.tsx';
import { DiceBoard } from './dice-board.tsx';
import { BetAmount, type BetMode, Figure, GameScreen, ModeTabs, ResultBanner } from './game-screen.tsx';
import { pause, resultOf, useSettle, useSettledBanner } from './play-helpers.ts';
import { playSound } from './sound.ts';
import { useBetSetup, useMultiplierText } from './use-bet-setup.ts';

type Preset = keyof typeof DICE_PRESETS;
const PRESETS = Object.keys(DICE_PRESETS) as Preset[];

/** Dice: the spec's three payouts (2×, 3×, 9×) as roll-under or roll-over targets; the roll slides in. */
export default function DicePage() {
  const { t, i18n } = useTranslation();
  const multiplierText = useMultiplierText();
  const setup = useBetSetup('dice');
  const [mode, setMode] = useState<BetMode>('manual');
  const [preset, setPreset] = useState<Preset>('2x');
  const [direction, setDirection] = useState<'under' | 'over'>('under');
  const [roll, setRoll] = useState<number | null>(null);
  const [won, setWon] = useState<boolean | null>(null);
  const [rolling, setRolling] = useState(false);
  const [busy, setBusy] = useState(false);
  const [autoRunning, setAutoRunning] = useState(false);
  const banner = useSettledBanner();
  const settle = useSettle();
  const bet = DICE_PRESETS[preset][direction];
  const multiplierBp = diceMultiplierBp(bet);
  const chance = direction === 'under' ? bet.target : 10_000 - bet.target;
  const number = (hundredths: number) =>
    (hundredths / 100).toLocaleString(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  async function play(stakeWire: string): Promise<BetWire> {
    setRolling(true);
    banner.clear();
    playSound('tick');
    try {
      const answer = await placeBet({
        asset: setup.asset,
        stake: stakeWire,
        params: { game: 'dice', ...bet },
      });
      if (answer.outcome.game === 'dice') {
        setRoll(answer.outcome.roll);
        setWon(answer.outcome.win);
      }
      settle(answer);
      banner.show(answer);
      await pause(500);
      return answer;
    } finally {
      setRolling(false);
    }
  }

  const locked = busy || autoRunning;
  return (
    <GameScreen game="dice">
      <DiceBoard
        roll={roll}
        target={bet.target}
        direction={direction}
        won={won}
        rolling={rolling}
        label={number}
      />
      <ResultBanner result={banner.banner} />
      <fieldset className="grid grid-cols-3 gap-1.5">
        <legend className="sr-only">{t('playerGames.bet.multiplier')}</legend>
        {PRESETS.map((item) => (
          <button
            key={item}
            type="button"
            aria-pressed={preset === item}
            disabled={locked}
            data-testid={`dice-preset-${item}`}
            onClick={() => setPreset(item)}
            className={clsx(
              'h-10 rounded-xl text-[15px] font-bold ring-1',
              preset === item
                ? 'bg-brand-600 text-white ring-brand-600'
                : 'bg-white text-slate-700 ring-slate-200',
            )}
          >
            {item.replace('x', '×')}
          </button>
        ))}
      </fieldset>
      <div className="grid grid-cols-2 gap-1.5">
        {(['under', 'over'] as const).map((item) => (
          <button
            key={item}
            type="button"
            aria-pressed={direction === item}
            disabled={locked}
            data-testid={`dice-${item}`}
            onClick={() => setDirection(item)}
            className={clsx(
              'h-10 rounded-xl text-[13.5px] font-semibold ring-1',
              direction === item
                ? 'bg-slate-900 text-white ring-slate-900'
                : 'bg-white text-slate-700 ring-slate-200',
            )}
          >
            {t(`playerGames.dice.${item}`)} {number(DICE_PRESETS[preset][item].target)}
          </button>
        ))}
      </div>
      <div className="grid grid-cols-2 gap-1.5">
        <Figure
          label={t('playerGames.bet.multiplier')}
          value={multiplierText(multiplierBp)}
          testId="dice-multiplier"
        />
        <Figure label={t('playerGames.bet.chance')} value={`${number(chance)}%`} />
      </div>
      <ModeTabs mode={mode} onChange={setMode} locked={locked} />
      <BetAmount setup={setup} disabled={locked} />
      {mode === 'manual' ? (
        <Button
          block
          busy={busy}
          disabled={!setup.ready || setup.problem !== null}
          data-testid="place-bet"
          onClick={async () => {
            if (!setup.stakeWire) return;
            setBusy(true);
            await play(setup.stakeWire).catch(() => undefined);
            setBusy(false);
          }}
        >
          {t('playerGames.bet.place')}
        </Button>
      ) : (
        <AutoPanel
          setup={setup}
          play={async (stake) => resultOf(await play(stake))}
          onRunningChange={setAutoRunning}
        />
      )}
    </GameScreen>
  );
}

import type { BetWire } from '@payhub/contracts';
import { DICE_PRESETS, diceMultiplierBp } from '@payhub/games';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { placeBet } from './api.ts';
import { BetControls } from './bet-controls.tsx';
import { DiceBoard } from './dice-board.tsx';
import { Figure, GameScreen, ResultBanner } from './game-screen.tsx';
import { pause, useGamePage } from './play-helpers.ts';
import { playSound } from './sound.ts';
import { ToggleButton } from './toggle-button.tsx';
import { useMultiplierText } from './use-bet-setup.ts';

type Preset = keyof typeof DICE_PRESETS;
const PRESETS = Object.keys(DICE_PRESETS) as Preset[];

/** Dice: the spec's three payouts (2×, 3×, 9×) as roll-under or roll-over targets; the roll slides in. */
export default function DicePage() {
  const { t, i18n } = useTranslation();
  const multiplierText = useMultiplierText();
  const { setup, autoRunning, busy, banner, settle, controls } = useGamePage('dice');
  const [preset, setPreset] = useState<Preset>('2x');
  const [direction, setDirection] = useState<'under' | 'over'>('under');
  const [roll, setRoll] = useState<number | null>(null);
  const [won, setWon] = useState<boolean | null>(null);
  const [rolling, setRolling] = useState(false);
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
          <ToggleButton
            key={item}
            pressed={preset === item}
            disabled={locked}
            testId={`dice-preset-${item}`}
            onClick={() => setPreset(item)}
            tone="brand"
            className="h-10 rounded-xl text-[15px] font-bold"
          >
            {item.replace('x', '×')}
          </ToggleButton>
        ))}
      </fieldset>
      <div className="grid grid-cols-2 gap-1.5">
        {(['under', 'over'] as const).map((item) => (
          <ToggleButton
            key={item}
            pressed={direction === item}
            disabled={locked}
            testId={`dice-${item}`}
            onClick={() => setDirection(item)}
            className="h-10 rounded-xl text-[13.5px] font-semibold"
          >
            {t(`playerGames.dice.${item}`)} {number(DICE_PRESETS[preset][item].target)}
          </ToggleButton>
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
      <BetControls {...controls} locked={locked} play={play} placeLabel={t('playerGames.bet.place')} />
    </GameScreen>
  );
}

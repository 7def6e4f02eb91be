import type { BetWire } from '@payhub/contracts';
import { isValidRollerBet, ROLLER_NUMBERS, rollerMultiplierBp, rollerWinningCount } from '@payhub/games';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { placeBet } from './api.ts';
import { BetControls } from './bet-controls.tsx';
import { Figure, GameScreen, ResultBanner } from './game-screen.tsx';
import { pause, useGamePage } from './play-helpers.ts';
import { RollerReels } from './roller-board.tsx';
import { playSound } from './sound.ts';
import { ToggleButton } from './toggle-button.tsx';
import { useMultiplierText } from './use-bet-setup.ts';

/** Roller: a number 1–99 999; the player picks a target and a direction, 0.99 / chance pays. */
export default function RollerPage() {
  const { t, i18n } = useTranslation();
  const multiplierText = useMultiplierText();
  const { setup, autoRunning, busy, banner, settle, controls } = useGamePage('roller');
  const [targetText, setTargetText] = useState('50000');
  const [direction, setDirection] = useState<'under' | 'over'>('under');
  const [value, setValue] = useState<number | null>(null);
  const [won, setWon] = useState<boolean | null>(null);
  const [spin, setSpin] = useState(0);
  const target = Number(targetText);
  const bet = { target, direction };
  const valid = /^\d{1,5}$/.test(targetText) && isValidRollerBet(bet);
  const count = valid ? rollerWinningCount(bet)! : null;
  const number = (n: number) => n.toLocaleString(i18n.language);

  async function play(stakeWire: string): Promise<BetWire> {
    banner.clear();
    playSound('tick');
    const answer = await placeBet({
      asset: setup.asset,
      stake: stakeWire,
      params: { game: 'roller', ...bet },
    });
    if (answer.outcome.game === 'roller') {
      setValue(answer.outcome.number);
      setWon(answer.outcome.win);
      setSpin((current) => current + 1);
    }
    settle(answer);
    await pause(1_000);
    banner.show(answer);
    return answer;
  }

  const locked = busy || autoRunning;
  return (
    <GameScreen game="roller">
      <RollerReels value={value} spin={spin} won={won} />
      <ResultBanner result={banner.banner} />
      <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-1.5">
        <label className="flex flex-col gap-1 text-[12px] font-medium text-slate-600">
          {t('playerGames.roller.target')}
          <input
            inputMode="numeric"
            data-testid="roller-target"
            disabled={locked}
            value={targetText}
            onChange={(event) => setTargetText(event.target.value.replace(/\D/g, '').slice(0, 5))}
            className={clsx(
              'h-10 w-full min-w-0 rounded-xl bg-white px-3 text-[15px] font-semibold tabular-nums ring-1 outline-none',
              valid ? 'ring-slate-200' : 'ring-rose-300',
            )}
          />
        </label>
        <div className="flex items-end gap-1">
          {(['under', 'over'] as const).map((item) => (
            <ToggleButton
              key={item}
              pressed={direction === item}
              disabled={locked}
              testId={`roller-${item}`}
              onClick={() => setDirection(item)}
              className="h-10 rounded-xl px-3 text-[13px] font-semibold"
            >
              {t(`playerGames.roller.${item}`)}
            </ToggleButton>
          ))}
        </div>
      </div>
      {!valid && (
        <p role="alert" className="text-[12px] text-rose-600">
          {t('playerGames.roller.targetInvalid')}
        </p>
      )}
      <div className="grid grid-cols-2 gap-1.5">
        <Figure
          label={t('playerGames.bet.multiplier')}
          value={valid ? multiplierText(rollerMultiplierBp(bet)) : '—'}
        />
        <Figure
          label={t('playerGames.bet.chance')}
          value={
            count === null
              ? '—'
              : `${((count / ROLLER_NUMBERS) * 100).toLocaleString(i18n.language, { maximumFractionDigits: 3 })}%`
          }
        />
      </div>
      <p className="text-center text-[12px] text-slate-600">
        {number(1)} – {number(ROLLER_NUMBERS)}
      </p>
      <BetControls
        {...controls}
        locked={locked}
        play={play}
        placeLabel={t('playerGames.bet.place')}
        canPlace={valid}
      />
    </GameScreen>
  );
}

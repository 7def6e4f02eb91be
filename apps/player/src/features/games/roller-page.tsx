import type { BetWire } from '@payhub/contracts';
import { isValidRollerBet, ROLLER_NUMBERS, rollerMultiplierBp, rollerWinningCount } from '@payhub/games';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { placeBet } from './api.ts';
import { AutoPanel } from './auto-panel.tsx';
import { BetAmount, type BetMode, Figure, GameScreen, ModeTabs, ResultBanner } from './game-screen.tsx';
import { pause, resultOf, useSettle, useSettledBanner } from './play-helpers.ts';
import { RollerReels } from './roller-board.tsx';
import { playSound } from './sound.ts';
import { useBetSetup, useMultiplierText } from './use-bet-setup.ts';

/** Roller: a number 1–99 999; the player picks a target and a direction, 0.99 / chance pays. */
export default function RollerPage() {
  const { t, i18n } = useTranslation();
  const multiplierText = useMultiplierText();
  const setup = useBetSetup('roller');
  const [mode, setMode] = useState<BetMode>('manual');
  const [targetText, setTargetText] = useState('50000');
  const [direction, setDirection] = useState<'under' | 'over'>('under');
  const [value, setValue] = useState<number | null>(null);
  const [won, setWon] = useState<boolean | null>(null);
  const [spin, setSpin] = useState(0);
  const [busy, setBusy] = useState(false);
  const [autoRunning, setAutoRunning] = useState(false);
  const banner = useSettledBanner();
  const settle = useSettle();
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
            <button
              key={item}
              type="button"
              aria-pressed={direction === item}
              disabled={locked}
              data-testid={`roller-${item}`}
              onClick={() => setDirection(item)}
              className={clsx(
                'h-10 rounded-xl px-3 text-[13px] font-semibold ring-1',
                direction === item
                  ? 'bg-slate-900 text-white ring-slate-900'
                  : 'bg-white text-slate-700 ring-slate-200',
              )}
            >
              {t(`playerGames.roller.${item}`)}
            </button>
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
      <p className="text-center text-[12px] text-slate-500">
        {number(1)} – {number(ROLLER_NUMBERS)}
      </p>
      <ModeTabs mode={mode} onChange={setMode} locked={locked} />
      <BetAmount setup={setup} disabled={locked} />
      {mode === 'manual' ? (
        <Button
          block
          busy={busy}
          disabled={!setup.ready || setup.problem !== null || !valid}
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

import type { BetWire } from '@payhub/contracts';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectFormat } from '../../lib/currency.ts';
import { Button } from '../../shared/ui/button.tsx';
import { cashOutBet, moveBet, placeBet } from './api.ts';
import { BetControls } from './bet-controls.tsx';
import { CoinBoard } from './coin-board.tsx';
import { Figure, GameScreen, ResultBanner } from './game-screen.tsx';
import { cashOutValue, pause, useStepGame } from './play-helpers.ts';
import { playSound } from './sound.ts';
import { ToggleButton } from './toggle-button.tsx';
import { useMultiplierText } from './use-bet-setup.ts';

type Side = 'heads' | 'tails';
const FLIP_MS = 950;

/**
 * Coinflip: a single call at 1.98×, or a streak that doubles (0.99 × 2ⁿ) with each right call and
 * cashes out any time; an open streak is taken back from the server on load.
 */
export default function CoinflipPage() {
  const { t } = useTranslation();
  const multiplierText = useMultiplierText();
  const format = useProjectFormat();
  const { setup, open, bet, setMode, autoRunning, busy, run, banner, finished, controls } =
    useStepGame('coinflip');
  const [streak, setStreak] = useState(false);
  const [side, setSide] = useState<Side>('heads');
  const [shown, setShown] = useState<Side | null>(null);
  const [flip, setFlip] = useState(0);
  const outcome = bet?.outcome.game === 'coinflip' ? bet.outcome : null;
  const history = outcome
    ? outcome.calls.map((call, index) => ({
        side: outcome.sides[index]!,
        won: outcome.sides[index] === call,
      }))
    : [];
  const openStreak = bet !== null && bet.status === 'open';

  async function animate(answer: BetWire): Promise<void> {
    if (answer.outcome.game !== 'coinflip') return;
    const flipped = answer.outcome.sides[answer.outcome.calls.length - 1] ?? null;
    setShown(flipped);
    setFlip((current) => current + 1);
    playSound('tick');
    await pause(FLIP_MS);
  }

  async function single(stakeWire: string): Promise<BetWire> {
    banner.clear();
    const answer = await placeBet({
      asset: setup.asset,
      stake: stakeWire,
      params: { game: 'coinflip', mode: 'single', side },
    });
    open.setBet(answer);
    await animate(answer);
    finished(answer);
    return answer;
  }

  /** Opens a streak: nothing is flipped until the first call. */
  async function startStreak(stakeWire: string): Promise<BetWire> {
    banner.clear();
    const answer = await placeBet({
      asset: setup.asset,
      stake: stakeWire,
      params: { game: 'coinflip', mode: 'streak' },
    });
    finished(answer, { tick: false });
    return answer;
  }

  // The flip itself ticks (animate), so an answer that leaves the streak open adds no second tick.
  const act = (action: () => Promise<BetWire>) => run(async () => finished(await action(), { tick: false }));

  const locked = busy || autoRunning;
  const labels = {
    heads: t('playerGames.coinflip.heads'),
    tails: t('playerGames.coinflip.tails'),
    history: t('playerGames.coinflip.history'),
  };
  const sidePicker = (
    <div className="grid grid-cols-2 gap-1.5">
      {(['heads', 'tails'] as const).map((item) => (
        <ToggleButton
          key={item}
          pressed={side === item}
          disabled={locked && !openStreak}
          testId={`coin-${item}`}
          onClick={() => setSide(item)}
          tone="amber"
          className="h-11 rounded-xl text-[14px] font-bold"
        >
          {labels[item]}
        </ToggleButton>
      ))}
    </div>
  );
  return (
    <GameScreen game="coinflip">
      <CoinBoard side={shown} flip={flip} labels={labels} history={history} />
      <ResultBanner result={banner.banner} />
      {openStreak && bet ? (
        <>
          <div className="grid grid-cols-2 gap-1.5">
            <Figure
              label={t('playerGames.bet.multiplier')}
              value={multiplierText(bet.multiplierBp)}
              testId="coin-multiplier"
            />
            <Figure
              label={t('playerGames.mines.next', { value: '' })}
              value={outcome?.nextMultiplierBp ? multiplierText(outcome.nextMultiplierBp) : '—'}
            />
          </div>
          {sidePicker}
          <Button
            block
            busy={busy}
            data-testid="coin-flip"
            onClick={() =>
              act(async () => {
                const answer = await moveBet(bet.id, { move: 'flip', side });
                await animate(answer);
                return answer;
              })
            }
          >
            {outcome && outcome.calls.length > 0
              ? t('playerGames.coinflip.flipAgain')
              : t('playerGames.coinflip.call', { side: labels[side] })}
          </Button>
          <Button
            variant="secondary"
            block
            disabled={busy || bet.multiplierBp === '0' || (outcome?.calls.length ?? 0) === 0}
            data-testid="cash-out"
            onClick={() => act(() => cashOutBet(bet.id))}
          >
            {t('playerGames.bet.cashOut', {
              amount: format.asset(cashOutValue(bet), bet.asset),
            })}
          </Button>
        </>
      ) : (
        <>
          <div className="grid grid-cols-2 gap-1 rounded-xl bg-slate-200/70 p-1">
            {([false, true] as const).map((item) => (
              <button
                key={String(item)}
                type="button"
                aria-pressed={streak === item}
                disabled={locked}
                data-testid={item ? 'coin-streak' : 'coin-single'}
                onClick={() => {
                  setStreak(item);
                  if (item) setMode('manual');
                }}
                className={clsx(
                  'h-9 rounded-lg text-[13.5px] font-semibold',
                  streak === item ? 'bg-white shadow-sm' : 'text-slate-600',
                )}
              >
                {item ? t('playerGames.coinflip.streak') : t('playerGames.coinflip.single')}
              </button>
            ))}
          </div>
          {!streak && sidePicker}
          <BetControls
            {...controls}
            showModes={!streak}
            locked={locked}
            play={streak ? startStreak : single}
            placeLabel={
              streak ? t('playerGames.bet.place') : t('playerGames.coinflip.call', { side: labels[side] })
            }
          />
        </>
      )}
    </GameScreen>
  );
}

import type { BetWire } from '@payhub/contracts';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectFormat } from '../../lib/currency.ts';
import { Button } from '../../shared/ui/button.tsx';
import { cashOutBet, moveBet, placeBet } from './api.ts';
import { AutoPanel } from './auto-panel.tsx';
import { CoinBoard } from './coin-board.tsx';
import { BetAmount, type BetMode, Figure, GameScreen, ModeTabs, ResultBanner } from './game-screen.tsx';
import { cashOutValue, pause, resultOf, useOpenGame, useSettle, useSettledBanner } from './play-helpers.ts';
import { playSound } from './sound.ts';
import { useBetSetup, useMultiplierText } from './use-bet-setup.ts';

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
  const setup = useBetSetup('coinflip');
  const open = useOpenGame('coinflip');
  const [mode, setMode] = useState<BetMode>('manual');
  const [streak, setStreak] = useState(false);
  const [side, setSide] = useState<Side>('heads');
  const [shown, setShown] = useState<Side | null>(null);
  const [flip, setFlip] = useState(0);
  const [busy, setBusy] = useState(false);
  const [autoRunning, setAutoRunning] = useState(false);
  const banner = useSettledBanner();
  const settle = useSettle();
  const bet = open.bet;
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
    settle(answer);
    banner.show(answer);
    return answer;
  }

  async function act(action: () => Promise<BetWire>) {
    setBusy(true);
    try {
      const answer = await action();
      open.setBet(answer);
      settle(answer);
      if (answer.status !== 'open') {
        banner.show(answer);
      }
    } catch {
      // the shell shows the error
    } finally {
      setBusy(false);
    }
  }

  const locked = busy || autoRunning;
  const labels = { heads: t('playerGames.coinflip.heads'), tails: t('playerGames.coinflip.tails') };
  const sidePicker = (
    <div className="grid grid-cols-2 gap-1.5">
      {(['heads', 'tails'] as const).map((item) => (
        <button
          key={item}
          type="button"
          aria-pressed={side === item}
          disabled={locked && !openStreak}
          data-testid={`coin-${item}`}
          onClick={() => setSide(item)}
          className={clsx(
            'h-11 rounded-xl text-[14px] font-bold ring-1',
            side === item
              ? 'bg-amber-400 text-amber-950 ring-amber-400'
              : 'bg-white text-slate-700 ring-slate-200',
          )}
        >
          {labels[item]}
        </button>
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
                  streak === item ? 'bg-white shadow-sm' : 'text-slate-500',
                )}
              >
                {item ? t('playerGames.coinflip.streak') : t('playerGames.coinflip.single')}
              </button>
            ))}
          </div>
          {!streak && sidePicker}
          {!streak && <ModeTabs mode={mode} onChange={setMode} locked={locked} />}
          <BetAmount setup={setup} disabled={locked} />
          {streak ? (
            <Button
              block
              busy={busy}
              disabled={!setup.ready || setup.problem !== null}
              data-testid="place-bet"
              onClick={() => {
                banner.clear();
                if (setup.stakeWire)
                  void act(() =>
                    placeBet({
                      asset: setup.asset,
                      stake: setup.stakeWire!,
                      params: { game: 'coinflip', mode: 'streak' },
                    }),
                  );
              }}
            >
              {t('playerGames.bet.place')}
            </Button>
          ) : mode === 'manual' ? (
            <Button
              block
              busy={busy}
              disabled={!setup.ready || setup.problem !== null}
              data-testid="place-bet"
              onClick={async () => {
                if (!setup.stakeWire) return;
                setBusy(true);
                await single(setup.stakeWire).catch(() => undefined);
                setBusy(false);
              }}
            >
              {t('playerGames.coinflip.call', { side: labels[side] })}
            </Button>
          ) : (
            <AutoPanel
              setup={setup}
              play={async (stake) => resultOf(await single(stake))}
              onRunningChange={setAutoRunning}
            />
          )}
        </>
      )}
    </GameScreen>
  );
}

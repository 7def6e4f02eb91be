import type { BetWire } from '@payhub/contracts';
import { hiloRank } from '@payhub/games';
import { clsx } from 'clsx';
import { ChevronsDown, ChevronsUp, SkipForward } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useProjectFormat } from '../../lib/currency.ts';
import { Button } from '../../shared/ui/button.tsx';
import { cashOutBet, moveBet, placeBet } from './api.ts';
import { BetControls } from './bet-controls.tsx';
import { Figure, GameScreen, ResultBanner } from './game-screen.tsx';
import { cashOutValue, pause, useStepGame } from './play-helpers.ts';
import { PlayingCard } from './playing-card.tsx';
import { useMultiplierText } from './use-bet-setup.ts';

const AUTO_GUESSES = 2;

/**
 * Hilo: an unlimited deck, A low K high; guess higher-or-same or lower-or-same (strict on A and K),
 * skip a card, cash out after any right guess. Each new card flips in. An open game resumes on load.
 */
export default function HiloPage() {
  const { t } = useTranslation();
  const multiplierText = useMultiplierText();
  const format = useProjectFormat();
  const { setup, open, bet, autoRunning, busy, run, banner, finished, controls } = useStepGame('hilo');
  const outcome = bet?.outcome.game === 'hilo' ? bet.outcome : null;
  const isOpen = bet?.status === 'open';
  const current = outcome ? (outcome.cards[outcome.position] ?? null) : null;
  const rank = current === null ? null : hiloRank(current);

  const act = (action: () => Promise<BetWire>) => run(async () => finished(await action()));

  /** One auto bet: guess the likelier side AUTO_GUESSES times, then cash out. */
  async function autoPlay(stakeWire: string): Promise<BetWire> {
    banner.clear();
    let answer = await placeBet({ asset: setup.asset, stake: stakeWire, params: { game: 'hilo' } });
    open.setBet(answer);
    for (let guess = 0; guess < AUTO_GUESSES && answer.status === 'open'; guess += 1) {
      const state = answer.outcome.game === 'hilo' ? answer.outcome : null;
      const card = state ? state.cards[state.position]! : 0;
      await pause(250);
      answer = await moveBet(answer.id, { move: 'guess', guess: hiloRank(card) <= 7 ? 'higher' : 'lower' });
      open.setBet(answer);
    }
    if (answer.status === 'open') answer = await cashOutBet(answer.id);
    finished(answer);
    await pause(400);
    return answer;
  }

  const higherLabel = rank === 1 ? t('playerGames.hilo.higherStrict') : t('playerGames.hilo.higher');
  const lowerLabel = rank === 13 ? t('playerGames.hilo.lowerStrict') : t('playerGames.hilo.lower');
  const locked = busy || autoRunning;
  return (
    <GameScreen game="hilo">
      <div
        className="flex flex-col items-center gap-3 rounded-2xl bg-slate-900 px-3 py-4"
        data-testid="game-board"
      >
        <PlayingCard index={current} flipKey={outcome?.position ?? -1} />
        <output data-testid="game-result" className="sr-only">
          {current ?? ''}
        </output>
        <ol
          className="flex max-w-full gap-1 overflow-x-auto pb-1"
          aria-label={t('playerGames.hilo.startCard')}
        >
          {(outcome?.moves ?? []).map((move, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: moves in order, never reordered
              key={index}
              className={clsx(
                'shrink-0 rounded-xl p-0.5',
                move.won === false ? 'bg-rose-500' : move.won ? 'bg-emerald-500' : 'bg-slate-600',
              )}
            >
              <PlayingCard index={move.card} size="small" />
            </li>
          ))}
        </ol>
      </div>
      <ResultBanner result={banner.banner} />
      {isOpen && bet && outcome ? (
        <>
          <div className="grid grid-cols-2 gap-1.5">
            {(
              [
                { guess: 'higher', label: higherLabel, icon: ChevronsUp, next: outcome.nextHigherBp },
                { guess: 'lower', label: lowerLabel, icon: ChevronsDown, next: outcome.nextLowerBp },
              ] as const
            ).map(({ guess, label, icon: Icon, next }) => (
              <button
                key={guess}
                type="button"
                disabled={busy}
                data-testid={`hilo-${guess}`}
                onClick={() => act(() => moveBet(bet.id, { move: 'guess', guess }))}
                className="flex min-h-16 flex-col items-center justify-center gap-0.5 rounded-xl bg-brand-50 px-2 py-2 text-brand-700 active:bg-brand-100 disabled:opacity-60"
              >
                <span className="flex items-center gap-1 text-[13px] leading-tight font-semibold">
                  <Icon className="size-4 shrink-0" />
                  {label}
                </span>
                <span className="text-[15px] font-extrabold tabular-nums">
                  {next ? multiplierText(next) : '—'}
                </span>
              </button>
            ))}
          </div>
          <div className="grid grid-cols-[auto_1fr] gap-1.5">
            <Button
              variant="ghost"
              disabled={busy}
              data-testid="hilo-skip"
              onClick={() => act(() => moveBet(bet.id, { move: 'guess', guess: 'skip' }))}
            >
              <SkipForward className="size-4" />
              {t('playerGames.hilo.skip')}
            </Button>
            <Button
              busy={busy}
              disabled={outcome.moves.every((move) => move.won !== true)}
              data-testid="cash-out"
              onClick={() => act(() => cashOutBet(bet.id))}
            >
              {t('playerGames.bet.cashOut', { amount: format.asset(cashOutValue(bet), bet.asset) })}
            </Button>
          </div>
          <Figure
            label={t('playerGames.bet.multiplier')}
            value={multiplierText(bet.multiplierBp)}
            testId="open-multiplier"
          />
        </>
      ) : (
        <BetControls
          {...controls}
          locked={locked}
          play={async (stake) => {
            banner.clear();
            const answer = await placeBet({ asset: setup.asset, stake, params: { game: 'hilo' } });
            finished(answer);
            return answer;
          }}
          autoPlay={autoPlay}
          placeLabel={t('playerGames.hilo.start')}
          autoExtra={
            <p className="text-[12.5px] text-slate-500">
              {t('playerGames.auto.hiloStrategy', { count: AUTO_GUESSES })}
            </p>
          }
        />
      )}
    </GameScreen>
  );
}

import { type Asset, liveBetsOf, parseAmount, type RoundLiveBet, type RoundWire } from '@payhub/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { AutoPanel, type AutoStake } from '../../lib/auto-panel.tsx';
import { useProjectFormat } from '../../lib/currency.ts';
import { notify } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { QUERY_KEYS } from '../../lib/query-keys.ts';
import { walletBalancesQuery } from '../../lib/wallet-queries.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import {
  formatCents as centsText,
  myRoundBetsQuery,
  roundStateQuery,
  serverOffset,
  useFormatCents,
  useRoundEvents,
} from './api.ts';
import { autoTargetCents } from './crash-auto-target.ts';
import type { CrashBetInput } from './crash-bet-input.ts';
import { CashOutLabel } from './crash-cash-out-label.tsx';
import { CrashGraph } from './crash-graph.tsx';
import { liveBetsShown, type ShownTally, summaryCounts, withTally } from './round-state.ts';
import { stakeCheck } from './stake-check.ts';
import { StakeField } from './stake-field.tsx';
import { useCrashPlay } from './use-crash-play.ts';
import { useSwapGuard } from './use-swap-guard.ts';

/** An auto run's bet goes into a window with at least this long left, else into the next one. */
const AUTO_WINDOW_MARGIN_MS = 1_500;

/** A tick moves this device's clock offset only when it differs by more than this (network jitter). */
const TICK_OFFSET_SLACK_MS = 40;

/** One row of the live list; rendered again only when its bet changed (a frame of changes names few). */
const BetRow = memo(function BetRow({ bet, mine }: { bet: RoundLiveBet; mine: boolean }) {
  const { t } = useTranslation();
  const formatCents = useFormatCents();
  const format = useProjectFormat().asset;
  return (
    <li
      className={`grid grid-cols-[1fr_auto_5.5rem] items-center gap-3 py-2 text-[13px] ${
        mine ? '-mx-2 rounded-lg bg-brand-50 px-2 font-semibold' : ''
      }`}
      data-testid="crash-bet-row"
      data-bet={bet.id}
    >
      <span className="truncate font-mono text-slate-600">{bet.player}</span>
      <span className="text-right tabular-nums">{format(bet.stake, bet.asset)}</span>
      <span
        className={`text-right ${
          bet.state === 'won'
            ? 'font-semibold text-emerald-700'
            : bet.state === 'lost'
              ? 'text-rose-600'
              : 'text-slate-600'
        }`}
        data-testid="crash-bet-state"
      >
        {bet.state === 'won' && bet.cashOut !== null
          ? formatCents(bet.cashOut)
          : t(`playerRounds.states.${bet.state}`)}
      </span>
    </li>
  );
});

/** Crash: the shared curve, the bet form (manual or auto cash-out), everyone's bets live and the recent crash points. */
export default function CrashPage() {
  const { t, i18n } = useTranslation();
  const formatCents = useFormatCents();
  const format = useProjectFormat();
  const queryClient = useQueryClient();
  const state = useQuery(roundStateQuery('crash'));
  const balances = useQuery(walletBalancesQuery());
  const asset = (balances.data?.gameAsset ?? format.currency) as Asset;
  const [round, setRound] = useState<RoundWire | null>(null);
  const [offsetMs, setOffsetMs] = useState(0);
  const [bets, setBets] = useState<Map<string, RoundLiveBet>>(new Map());
  /** The round's count of bets and wins as the server sent it (the list holds a sample of a full round). */
  const [tally, setTally] = useState<ShownTally | null>(null);
  const [amount, setAmount] = useState('1000');
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');
  // 2,50 on an Indonesian page, 2.50 else; either separator is read (crash-auto-target.ts).
  const [autoTarget, setAutoTarget] = useState(() => centsText(250, i18n.language).slice(0, -1));
  const [myBetId, setMyBetId] = useState<string | null>(null);
  const [cashingOut, setCashingOut] = useState(false);
  const [autoRunning, setAutoRunning] = useState(false);
  const play = useCrashPlay((placed) => {
    setMyBetId(placed.id);
    setBets((current) => new Map(current).set(placed.id, placed));
  });

  /** The round whose bets the list was last filled with from the server's state. */
  const seededRound = useRef<string | null>(null);
  useEffect(() => {
    if (!state.data) return;
    setOffsetMs(state.data.round ? serverOffset(state.data.round.serverTime, Date.now()) : 0);
    setRound(state.data.round ?? state.data.recent[0] ?? null);
    // Between rounds (no live one) the ended round stays on screen with the bets it ended with: the
    // next round's `betting` event clears them. Round events update the cached state in place, so
    // the list is filled from it once per round, not again over the live changes.
    const live = state.data.round;
    if (live && live.id !== seededRound.current) {
      seededRound.current = live.id;
      setBets(new Map(state.data.bets.map((bet) => [bet.id, bet])));
      const seeded = state.data.tally;
      setTally((current) => withTally(current, live.id, seeded));
    }
  }, [state.data]);

  // A bet placed before this page opened (a reload, or back from another screen mid-round) is the
  // player's own again: its line, and its cash-out button while the round runs. Only when the list
  // lacks it: a bet on screen is as recent as the live events made it, the read may be older.
  const myBets = useQuery(myRoundBetsQuery('crash'));
  useEffect(() => {
    const live = state.data?.round;
    const placed = live && myBets.data?.items.find((bet) => bet.roundId === live.id);
    if (!placed) return;
    setMyBetId(placed.id);
    setBets((current) => (current.has(placed.id) ? current : new Map(current).set(placed.id, placed)));
  }, [state.data, myBets.data]);

  useRoundEvents(['crash'], (event) => {
    if (event.type === 'round') {
      setOffsetMs(serverOffset(event.round.serverTime, Date.now()));
      setRound(event.round);
      if (event.round.state === 'betting') {
        setBets(new Map());
        play.windowOpened();
      }
      if (event.round.state === 'ended' || event.round.state === 'voided') void settleMine(event.round.id);
    } else if (event.type === 'tick') {
      // The curve is drawn from the round's start; the tick only corrects this device's clock offset.
      const offset = serverOffset(event.serverTime, Date.now());
      setOffsetMs((current) => (Math.abs(offset - current) > TICK_OFFSET_SLACK_MS ? offset : current));
      // A node of an earlier release sends ticks without it (a rolling deploy).
      const ticked = event.tally as typeof event.tally | undefined;
      if (ticked) setTally((current) => withTally(current, event.roundId, ticked));
    } else if (event.type === 'bets') {
      const sent = event.tally;
      if (sent) setTally((current) => withTally(current, event.roundId, sent));
      // One event carries a flush's bet changes, at most ROUNDS_BETS_PER_FRAME (docs/games.md §5 "Broadcast").
      setBets((current) => {
        const next = new Map(current);
        for (const bet of liveBetsOf(event)) next.set(bet.id, bet);
        return next;
      });
    }
  });

  // Only the shown round's bets (a late batch of the previous round, from another node, is not shown).
  const roundId = round?.id;
  const live = useMemo(() => liveBetsShown(bets.values(), roundId, myBetId), [bets, roundId, myBetId]);
  const counted = summaryCounts(live, tally, roundId);
  const mine = myBetId ? bets.get(myBetId) : undefined;
  const recent = state.data?.recent ?? [];
  const count = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);

  /**
   * When a round I bet in ends: my balances, and my bet as the server settled it when the broadcast
   * did not carry that (an auto cash-out or the loss of a round too full for every change to fit in
   * its frames). An auto run waiting for this bet gets its outcome.
   */
  async function settleMine(endedRoundId: string) {
    const shown = myBetId ? bets.get(myBetId) : undefined;
    if (!shown || shown.roundId !== endedRoundId) return;
    void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.walletBalances });
    if (shown.state !== 'open') return play.settled(shown.id, shown);
    try {
      const mineNow = await api.rounds.myBets({ params: { game: 'crash' }, query: { limit: 5 } });
      const settled = mineNow.items.find((item) => item.id === shown.id);
      if (!settled || settled.state === 'open') return;
      setBets((current) => new Map(current).set(settled.id, settled));
      play.settled(settled.id, settled);
    } catch (error) {
      // The list keeps what it had; the history shows the outcome. An auto run stops here.
      play.settled(shown.id, error instanceof Error ? error : new Error(String(error)));
    }
  }

  /**
   * Whether an auto run's bet goes into this round's window: open, without a bet of the player in it,
   * and long enough left that the bet arrives in time (else the next window: no refusal mid-run).
   */
  function autoWindowOpen(): boolean {
    if (!canBet || !round) return false;
    return Date.parse(round.bettingEndsAt) - Date.now() - offsetMs >= AUTO_WINDOW_MARGIN_MS;
  }

  /** The bet as the form sets it now, or null when the form says why not. */
  function formBet(): CrashBetInput | null {
    if (stake.wire === null || targetRefused) return null;
    return { asset, amount: stake.wire, autoCashOut: mode === 'auto' ? targetCents : null };
  }

  async function cashOut() {
    if (!myBetId) return;
    setCashingOut(true);
    try {
      const bet = await api.rounds.crashCashOut({ body: { betId: myBetId } });
      setBets((current) => new Map(current).set(bet.id, bet));
      notify.success(
        t('playerRounds.crash.cashedOut', {
          multiplier: formatCents(bet.cashOut ?? 100),
          amount: format.asset(bet.payout ?? '0', bet.asset),
        }),
      );
      void queryClient.invalidateQueries({ queryKey: myRoundBetsQuery('crash').queryKey });
    } catch {
      // Refused after the bust (10031): the API layer shows it.
    } finally {
      setCashingOut(false);
    }
  }

  const available = balances.data?.items.find((item) => item.asset === asset)?.available ?? null;
  /** Crash's stake range in the asset, as the state carries it. */
  const limits = state.data?.stakes.find((item) => item.asset === asset) ?? null;
  const stake = stakeCheck(amount, asset, available, limits);
  const targetCents = autoTargetCents(autoTarget);
  /** Auto mode with a target the server would refuse: said under the field, and no bet is sent. */
  const targetRefused = mode === 'auto' && targetCents === null;
  const canBet = round?.state === 'betting' && !(mine && mine.roundId === round.id);
  const canCashOut = round?.state === 'running' && mine?.roundId === round.id && mine.state === 'open';
  /** While a round runs or has ended, without a bet of the player still riding: bet the next one. */
  const forNext = round !== null && round.state !== 'betting' && !canCashOut;
  // A disabled button says why: this round's bet is in, or betting reopens with the next round.
  const betLabel = canBet
    ? t('playerRounds.crash.bet')
    : round?.state === 'betting'
      ? t('playerRounds.crash.betPlaced')
      : round
        ? t('playerRounds.crash.betNext')
        : t('playerRounds.crash.nextRound');
  /** Which button holds the place: one that just took another's place ignores taps a moment. */
  const action = canCashOut ? 'cash-out' : play.queued ? 'cancel-next' : forNext ? 'bet-next' : 'bet';
  // "Bet on the next round" turning into Bet as the window opens is one intent (a bet on the round
  // about to start), so that swap is not held: the window's first 800 ms stay usable.
  const armed = useSwapGuard(action === 'bet-next' ? 'bet' : action);
  const cashOutButton = (
    <Button key="cash-out" block busy={cashingOut} onClick={() => void cashOut()} data-testid="crash-cashout">
      {mine && round ? (
        <CashOutLabel round={round} offsetMs={offsetMs} bet={mine} />
      ) : (
        t('playerRounds.crash.cashOut')
      )}
    </Button>
  );
  /** The auto run's stake as the form has it; a target the server would refuse blocks the start. */
  const autoStake: AutoStake = {
    asset,
    ready: limits !== null && available !== null,
    stake: stake.units,
    problem: stake.problem ?? (targetRefused ? 'autoTargetInvalid' : null),
    minStake: limits ? parseAmount(limits.minStake, asset, 'wire') : 0n,
    maxStake: limits ? parseAmount(limits.maxStake, asset, 'wire') : 0n,
    available: available === null ? null : parseAmount(available, asset, 'wire'),
  };

  return (
    <div className="min-h-dvh">
      <PageHeader title={t('playerRounds.crash.title')} backTo={paths.home} backLabel={t('player.back')} />
      <main className="mx-auto flex max-w-md flex-col gap-4 px-4 pt-3 pb-8">
        <CrashGraph round={round} offsetMs={offsetMs} />
        <div className="flex gap-2 overflow-x-auto" data-testid="crash-history">
          <span className="shrink-0 text-[12px] text-slate-600">{t('playerRounds.crash.history')}</span>
          {recent.map((item) => (
            <span
              key={item.id}
              className={`shrink-0 rounded-full px-2 py-0.5 text-[12px] font-semibold ${(item.result ?? 0) >= 200 ? 'bg-emerald-50 text-emerald-700' : 'bg-rose-50 text-rose-700'}`}
            >
              {item.result === null ? '—' : formatCents(item.result)}
            </span>
          ))}
        </div>
        <section className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
          <div className="flex gap-2" role="tablist">
            {(['manual', 'auto'] as const).map((item) => (
              <button
                key={item}
                type="button"
                role="tab"
                aria-selected={mode === item}
                disabled={autoRunning}
                onClick={() => setMode(item)}
                className={`h-9 flex-1 rounded-xl text-[14px] font-semibold ${mode === item ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-600'}`}
              >
                {t(`playerRounds.crash.${item}`)}
              </button>
            ))}
          </div>
          <StakeField
            asset={asset}
            amount={amount}
            setAmount={setAmount}
            available={available}
            testId="crash-amount"
            check={stake}
          />
          {mode === 'auto' && (
            <label className="flex flex-col gap-1 text-[13px] font-semibold text-slate-600">
              {t('playerRounds.crash.autoTarget')}
              <input
                value={autoTarget}
                inputMode="decimal"
                data-testid="crash-auto-target"
                disabled={autoRunning}
                aria-invalid={targetRefused}
                onChange={(event) => setAutoTarget(event.target.value)}
                className="h-11 rounded-xl px-3 text-[15px] ring-1 ring-slate-200 aria-invalid:ring-rose-400 disabled:bg-slate-50"
              />
              {targetRefused && (
                <span
                  className="text-[13px] font-normal text-rose-600"
                  role="alert"
                  data-testid="crash-auto-target-error"
                >
                  {t('playerRounds.crash.autoTargetInvalid')}
                </span>
              )}
            </label>
          )}
          {mode === 'auto' ? (
            <>
              <AutoPanel
                setup={autoStake}
                play={(stakeWire) =>
                  play.playAuto({ asset, amount: stakeWire, autoCashOut: targetCents }, autoWindowOpen())
                }
                blocked={null}
                onRunningChange={setAutoRunning}
                onStop={play.cancelAuto}
              />
              {/* Below the panel: its Start/Stop button stays where it is when Cash out comes and goes. */}
              {canCashOut && cashOutButton}
            </>
          ) : canCashOut ? (
            /* Keyed apart: the bust swaps Cash out for Bet in the same place, and one button whose
               props change under a tap would take a tap meant for Cash out as a Bet. */
            cashOutButton
          ) : play.queued ? (
            <Button
              key="cancel-next"
              block
              variant="secondary"
              disabled={!armed}
              onClick={play.cancelQueued}
              data-testid="crash-cancel-next"
            >
              {t('playerRounds.crash.cancelNext')}
            </Button>
          ) : (
            <Button
              key={action}
              block
              busy={play.busy}
              disabled={!armed || !(canBet || forNext) || formBet() === null}
              onClick={() => {
                const bet = formBet();
                if (bet) play.place(bet, canBet);
              }}
              data-testid="crash-bet"
            >
              {betLabel}
            </Button>
          )}
          {play.queued && (
            <p className="text-[13px] text-slate-600" data-testid="crash-queued">
              {t('playerRounds.crash.queued', {
                amount: format.asset(play.queued.amount, play.queued.asset),
              })}
            </p>
          )}
          {mine && (
            <p className="text-[13px] text-slate-600" data-testid="crash-my-bet">
              {mine.state === 'won' && mine.cashOut !== null
                ? t('playerRounds.crash.cashedOut', {
                    multiplier: formatCents(mine.cashOut),
                    amount: format.asset(mine.payout ?? '0', mine.asset),
                  })
                : t('playerRounds.crash.yourBet', { amount: format.asset(mine.stake, mine.asset) })}
            </p>
          )}
        </section>
        <section className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
          <h2 className="text-[14px] font-semibold text-slate-800">{t('playerRounds.crash.liveBets')}</h2>
          {counted.total === 0 ? (
            <p className="py-3 text-[13px] text-slate-600">{t('playerRounds.noBets')}</p>
          ) : (
            <>
              <p className="mt-1 text-[12px] text-slate-600" data-testid="crash-bets-summary">
                {t('playerRounds.crash.betsSummary', {
                  total: count.format(counted.total),
                  won: count.format(counted.won),
                })}
              </p>
              <ul className="divide-y divide-slate-100" data-testid="crash-bets">
                {live.shown.map((bet) => (
                  <BetRow key={bet.id} bet={bet} mine={bet.id === myBetId} />
                ))}
              </ul>
              {counted.total > live.shown.length && (
                <p className="pt-2 text-center text-[12px] text-slate-600" data-testid="crash-bets-more">
                  {t('playerRounds.crash.moreBets', {
                    others: count.format(counted.total - live.shown.length),
                  })}
                </p>
              )}
            </>
          )}
        </section>
        <Link
          to={paths.roundsFair('crash')}
          className="text-center text-[14px] font-semibold text-brand-600"
          data-testid="crash-fair-link"
        >
          {t('playerRounds.nav.fair')}
        </Link>
      </main>
    </div>
  );
}

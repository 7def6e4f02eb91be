import { type Asset, type RoundWire, WINGO_GAMES, type WingoGame } from '@payhub/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { useProjectFormat } from '../../lib/currency.ts';
import { notify } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { walletBalancesQuery } from '../../lib/wallet-queries.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { myRoundBetsQuery, roundHistoryQuery, roundStateQuery, serverOffset, useRoundEvents } from './api.ts';
import { clockText } from './round-state.ts';
import { Ball, COLOUR_CLASS } from './wingo-ball.tsx';
import { WingoBetSheet } from './wingo-bet-sheet.tsx';
import { TREND_ROUNDS } from './wingo-trend.ts';
import { WingoTrendCard } from './wingo-trend-card.tsx';

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Wingo: three modes side by side (30 s, 1 min, 2 min), each with its countdown, bet sheet, results and my bets. */
export default function WingoPage() {
  const { t } = useTranslation();
  const format = useProjectFormat();
  const queryClient = useQueryClient();
  const [game, setGame] = useState<WingoGame>('wingo30');
  const state = useQuery(roundStateQuery(game));
  const mine = useQuery(myRoundBetsQuery(game));
  // Read once per mode shown; each draw's `round` event adds itself to it (`withEndedRound`).
  const history = useQuery(roundHistoryQuery(game, TREND_ROUNDS));
  const drawn = useMemo(
    () =>
      (history.data?.items ?? []).flatMap((item) =>
        item.state === 'ended' && item.result !== null ? [item.result] : [],
      ),
    [history.data],
  );
  const balances = useQuery(walletBalancesQuery());
  const asset = (balances.data?.gameAsset ?? format.currency) as Asset;
  const [offsetMs, setOffsetMs] = useState(0);
  const [amount, setAmount] = useState('1000');
  const [busy, setBusy] = useState(false);
  /** The pick whose bet sheet is open (a tap only chooses; the sheet places the bet). */
  const [picking, setPicking] = useState<string | null>(null);
  const now = useNow() + offsetMs;
  const round: RoundWire | null = state.data?.round ?? null;

  useEffect(() => {
    if (state.data?.round) setOffsetMs(serverOffset(state.data.round.serverTime, Date.now()));
  }, [state.data]);
  // Round events keep each mode's cached state, the period's bet count (its tally) too (`withLiveTally`).
  useRoundEvents(WINGO_GAMES, () => {});

  const open = round?.state === 'betting' && now < Date.parse(round.bettingEndsAt);
  const secondsToDraw = round?.drawAt ? Math.max(0, Math.ceil((Date.parse(round.drawAt) - now) / 1000)) : 0;

  function pickLabel(pick: string): string {
    const [kind, value] = pick.split(':');
    if (kind === 'colour') return t(`playerRounds.wingo.colours.${value as 'green' | 'red' | 'violet'}`);
    if (kind === 'size') return t(`playerRounds.wingo.${value as 'big' | 'small'}`);
    return value ?? '';
  }

  async function bet(pick: string, stake: string) {
    setBusy(true);
    try {
      await api.rounds.wingoBet({ body: { betId: crypto.randomUUID(), game, asset, amount: stake, pick } });
      setPicking(null);
      notify.success(t('playerRounds.wingo.placed', { pick: pickLabel(pick) }));
      void queryClient.invalidateQueries({ queryKey: myRoundBetsQuery(game).queryKey });
    } catch {
      // Refusals (10030 after the close, 700 short) are shown by the API layer.
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="min-h-dvh">
      <PageHeader title={t('playerRounds.wingo.title')} backTo={paths.home} backLabel={t('player.back')} />
      <main className="mx-auto flex max-w-md flex-col gap-4 px-4 pt-3 pb-8">
        <div className="flex gap-2" role="tablist">
          {WINGO_GAMES.map((item) => (
            <button
              key={item}
              type="button"
              role="tab"
              aria-selected={game === item}
              data-testid={`wingo-tab-${item}`}
              onClick={() => setGame(item)}
              className={`h-10 flex-1 rounded-xl text-[14px] font-semibold ${game === item ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-600'}`}
            >
              {t(`playerRounds.wingo.modes.${item}`)}
            </button>
          ))}
        </div>
        <section className="flex items-center justify-between gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
          <div className="flex min-w-0 flex-col">
            <span className="text-[12px] text-slate-500">{t('playerRounds.wingo.period')}</span>
            <span className="truncate font-mono text-[15px] text-slate-900" data-testid="wingo-period">
              {round?.period ?? '…'}
            </span>
            <span className="text-[12px] text-slate-500" data-testid="wingo-period-bets">
              {t('playerRounds.wingo.periodBets', {
                count: state.data?.tally.bets ?? 0,
              })}
            </span>
          </div>
          <div className="flex shrink-0 flex-col items-end">
            <span className={`text-[12px] ${open ? 'text-slate-500' : 'font-semibold text-rose-600'}`}>
              {open ? t('playerRounds.wingo.drawIn') : t('playerRounds.wingo.closed')}
            </span>
            <span
              role="timer"
              className="text-[24px] leading-tight font-bold tabular-nums text-slate-900"
              data-testid="wingo-countdown"
              aria-label={t('playerRounds.wingo.secondsToDraw', { count: secondsToDraw })}
            >
              {clockText(secondsToDraw)}
            </span>
          </div>
        </section>
        <section className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
          <div className="grid grid-cols-3 gap-2">
            {(['green', 'violet', 'red'] as const).map((colour) => (
              <button
                key={colour}
                type="button"
                disabled={!open}
                data-testid={`wingo-colour-${colour}`}
                onClick={() => setPicking(`colour:${colour}`)}
                className={`h-11 rounded-xl text-[14px] font-semibold disabled:opacity-40 ${COLOUR_CLASS[colour]}`}
              >
                {t(`playerRounds.wingo.colours.${colour}`)}
              </button>
            ))}
          </div>
          <div className="grid grid-cols-5 gap-2">
            {[...Array(10).keys()].map((number) => (
              <button
                key={number}
                type="button"
                disabled={!open}
                data-testid={`wingo-number-${number}`}
                onClick={() => setPicking(`number:${number}`)}
                className="flex h-11 items-center justify-center rounded-xl bg-slate-50 disabled:opacity-40"
              >
                <Ball number={number} />
              </button>
            ))}
          </div>
          <div className="grid grid-cols-2 gap-2">
            {(['big', 'small'] as const).map((size) => (
              <Button
                key={size}
                variant="secondary"
                disabled={!open}
                onClick={() => setPicking(`size:${size}`)}
                data-testid={`wingo-size-${size}`}
              >
                {t(`playerRounds.wingo.${size}`)}
              </Button>
            ))}
          </div>
          <p className="text-[12px] text-slate-500">{t('playerRounds.wingo.payouts')}</p>
        </section>
        <section className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
          <h2 className="text-[14px] font-semibold text-slate-800">{t('playerRounds.wingo.results')}</h2>
          <ul className="divide-y divide-slate-100" data-testid="wingo-results">
            {(state.data?.recent ?? []).map((item) => (
              <li
                key={item.id}
                className="grid grid-cols-[1fr_auto_4.5rem] items-center gap-3 py-2 text-[13px]"
                data-state={item.state}
              >
                <span className="truncate font-mono text-slate-500">{item.period}</span>
                {item.result === null ? <span /> : <Ball number={item.result} />}
                <span className="text-right">
                  {item.result === null ? '—' : t(`playerRounds.wingo.${item.result >= 5 ? 'big' : 'small'}`)}
                </span>
              </li>
            ))}
          </ul>
        </section>
        <section className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
          <h2 className="text-[14px] font-semibold text-slate-800">{t('playerRounds.wingo.myBets')}</h2>
          {(mine.data?.items ?? []).length === 0 ? (
            <p className="py-3 text-[13px] text-slate-500">{t('playerRounds.noBets')}</p>
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="wingo-my-bets">
              {(mine.data?.items ?? []).map((item) => (
                <li
                  key={item.id}
                  className="flex items-center justify-between gap-3 py-2 text-[13px]"
                  data-testid="wingo-my-bet"
                  data-state={item.state}
                >
                  <span className="flex min-w-0 flex-col">
                    <span className="font-semibold text-slate-800">
                      {pickLabel(item.pick ?? '')} · {format.asset(item.stake, item.asset)}
                    </span>
                    <span className="truncate font-mono text-[12px] text-slate-500">{item.period}</span>
                  </span>
                  <span
                    className={
                      item.state === 'won'
                        ? 'font-semibold text-emerald-700'
                        : item.state === 'lost'
                          ? 'text-rose-600'
                          : 'text-slate-500'
                    }
                  >
                    {item.state === 'won' && item.payout
                      ? format.asset(item.payout, item.asset)
                      : t(`playerRounds.states.${item.state}`)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        {history.isSuccess && <WingoTrendCard results={drawn} />}
        <WingoBetSheet
          pick={picking}
          pickLabel={pickLabel}
          onClose={() => setPicking(null)}
          period={round?.period ?? null}
          open={open}
          secondsToDraw={secondsToDraw}
          asset={asset}
          available={balances.data?.items.find((item) => item.asset === asset)?.available ?? null}
          limits={state.data?.stakes.find((item) => item.asset === asset) ?? null}
          amount={amount}
          setAmount={setAmount}
          busy={busy}
          onConfirm={(pick, stake) => void bet(pick, stake)}
        />
        <Link
          to={paths.roundsFair(game)}
          className="text-center text-[14px] font-semibold text-brand-600"
          data-testid="wingo-fair-link"
        >
          {t('playerRounds.nav.fair')}
        </Link>
      </main>
    </div>
  );
}

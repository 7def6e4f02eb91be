import { type BetWire, type GameIdWire, parseAmount } from '@payhub/contracts';
import { payoutOf } from '@payhub/games';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AutoBetResult } from '../../lib/auto-bet.ts';
import { useProjectFormat } from '../../lib/currency.ts';
import { notify } from '../../lib/notify.ts';
import { afterSettled, openGameQuery } from './api.ts';
import type { BetMode } from './game-screen.tsx';
import { playSound } from './sound.ts';
import { useBetSetup } from './use-bet-setup.ts';

/** A settled bet as the auto-bet loop counts it. */
export function resultOf(bet: BetWire): AutoBetResult {
  return {
    stake: parseAmount(bet.stake, bet.asset, 'wire'),
    payout: parseAmount(bet.payout, bet.asset, 'wire'),
  };
}

/** The banner of a settled bet: won with its payout, or lost. */
export function useSettledBanner() {
  const format = useProjectFormat();
  const [banner, setBanner] = useState<{ won: boolean; payout: string } | null>(null);
  return {
    banner,
    clear: () => setBanner(null),
    show: (bet: BetWire) => {
      const won = bet.status === 'won';
      setBanner({ won, payout: format.asset(bet.payout, bet.asset) });
      playSound(won ? 'win' : 'lose');
    },
  };
}

/** Waits `ms` (the board's animation) unless the page is gone; auto-bet paces itself by it. */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function useSettle(): (bet: BetWire) => void {
  const queryClient: QueryClient = useQueryClient();
  // An opened game holds its stake too: balances and my bets are read again on every answer.
  return () => afterSettled(queryClient);
}

/**
 * A multi-step game's open bet: on load the server's open game (if any) is taken back — the board
 * shows what was played and the player goes on or cashes out (nothing of it lives in the browser).
 */
export function useOpenGame(game: GameIdWire) {
  const { t } = useTranslation();
  const open = useQuery(openGameQuery(game));
  const [bet, setBet] = useState<BetWire | null>(null);
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || !open.data) return;
    resumed.current = true;
    if (open.data.bet) {
      setBet(open.data.bet);
      notify.info(t('playerGames.resume'));
    }
  }, [open.data, t]);
  return { bet, setBet, loading: open.isPending };
}

/** What cashing out an open game would pay now: stake × its multiplier, floored (the server's formula). */
export function cashOutValue(bet: BetWire): bigint {
  return payoutOf(parseAmount(bet.stake, bet.asset, 'wire'), BigInt(bet.multiplierBp));
}

/**
 * `busy` while an action runs; `run` wraps one, swallowing its error (the shell's error handler has
 * already shown it) so a page's buttons come back whatever the server answered.
 */
export function useBusy() {
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<unknown>): Promise<void> {
    setBusy(true);
    try {
      await action();
    } catch {
      // the shell shows the error
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}

/**
 * What every game page holds: the stake, the mode, busy and auto state, the banner, and `controls`,
 * the props `BetControls` takes from them.
 */
export function useGamePage(game: GameIdWire) {
  const setup = useBetSetup(game);
  const [mode, setMode] = useState<BetMode>('manual');
  const [autoRunning, setAutoRunning] = useState(false);
  const { busy, run } = useBusy();
  const banner = useSettledBanner();
  const settle = useSettle();
  const controls = { setup, mode, onModeChange: setMode, busy, run, onAutoRunningChange: setAutoRunning };
  return { setup, mode, setMode, autoRunning, setAutoRunning, busy, run, banner, settle, controls };
}

/**
 * A multi-step game page (coinflip streaks, hilo, mines, fruit bomb): the page's state, the open bet
 * taken back from the server, and `finished`, which applies an answer — the board, the balances, and
 * on settlement the banner (else a tick).
 */
export function useStepGame(game: GameIdWire) {
  const page = useGamePage(game);
  const open = useOpenGame(game);
  function finished(answer: BetWire, { tick = true } = {}) {
    open.setBet(answer);
    page.settle(answer);
    if (answer.status !== 'open') page.banner.show(answer);
    else if (tick) playSound('tick');
  }
  return { ...page, open, bet: open.bet, finished };
}

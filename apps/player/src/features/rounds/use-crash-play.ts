import type { RoundBetWire } from '@payhub/contracts';
import { useRef, useState } from 'react';
import { api } from '../../lib/api.ts';
import type { CrashBetInput } from './crash-bet-input.ts';
import { type CrashPlay, createCrashPlay } from './crash-play.ts';

/**
 * The crash page's bets on their way in (crash-play.ts) with what the page renders of them: the bet
 * kept for the next window and whether a bet is being sent. `onPlaced` receives each bet the server
 * took.
 */
export function useCrashPlay(onPlaced: (bet: RoundBetWire) => void): CrashPlay & {
  busy: boolean;
  queued: CrashBetInput | null;
} {
  const [busy, setBusy] = useState(false);
  const [queued, setQueued] = useState<CrashBetInput | null>(null);
  const placedRef = useRef(onPlaced);
  placedRef.current = onPlaced;
  const play = useRef<CrashPlay | null>(null);
  play.current ??= createCrashPlay({
    onQueued: setQueued,
    async send(bet) {
      setBusy(true);
      try {
        const placed = await api.rounds.crashBet({
          body: {
            betId: crypto.randomUUID(),
            asset: bet.asset,
            amount: bet.amount,
            ...(bet.autoCashOut !== null ? { autoCashOut: bet.autoCashOut } : {}),
          },
        });
        placedRef.current(placed);
        return placed;
      } finally {
        setBusy(false);
      }
    },
  });
  return { ...play.current, busy, queued };
}

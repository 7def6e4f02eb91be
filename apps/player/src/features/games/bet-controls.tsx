import type { BetWire } from '@payhub/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AutoPanel } from '../../lib/auto-panel.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { afterSettled } from './api.ts';
import { BetAmount, type BetMode, ModeTabs } from './game-screen.tsx';
import { resultOf } from './play-helpers.ts';
import type { BetSetup } from './use-bet-setup.ts';

/**
 * The foot of every game page: manual / auto tabs, the stake, and either the place button or the auto
 * panel. `play` is one whole bet (placed, animated, settled) — the manual button and the auto loop
 * both call it; `canPlace` adds the game's own condition (a valid target, a chip on the table).
 */
export function BetControls({
  setup,
  mode,
  onModeChange,
  locked,
  busy,
  run,
  play,
  autoPlay = play,
  placeLabel,
  canPlace = true,
  showModes = true,
  onAutoRunningChange,
  autoBlocked,
  autoExtra,
}: {
  setup: BetSetup;
  mode: BetMode;
  onModeChange: (mode: BetMode) => void;
  locked: boolean;
  busy: boolean;
  run: (action: () => Promise<unknown>) => Promise<void>;
  play: (stakeWire: string) => Promise<BetWire>;
  /** One bet of the auto loop when it differs from a manual one (multi-step games play it to the end). */
  autoPlay?: (stakeWire: string) => Promise<BetWire>;
  placeLabel: string;
  canPlace?: boolean;
  showModes?: boolean;
  onAutoRunningChange: (running: boolean) => void;
  autoBlocked?: 'noTiles' | null;
  autoExtra?: ReactNode;
}) {
  const queryClient = useQueryClient();
  return (
    <>
      {showModes && <ModeTabs mode={mode} onChange={onModeChange} locked={locked} />}
      <BetAmount setup={setup} disabled={locked} />
      {mode === 'manual' || !showModes ? (
        <Button
          block
          busy={busy}
          disabled={!setup.ready || setup.problem !== null || !canPlace}
          data-testid="place-bet"
          onClick={() => {
            const stake = setup.stakeWire;
            if (stake) void run(() => play(stake));
          }}
        >
          {placeLabel}
        </Button>
      ) : (
        <AutoPanel
          setup={setup}
          play={async (stake) => {
            const result = resultOf(await autoPlay(stake));
            afterSettled(queryClient);
            return result;
          }}
          blocked={autoBlocked}
          onRunningChange={onAutoRunningChange}
          extra={autoExtra}
        />
      )}
    </>
  );
}

import { type Asset, formatAmount, tryParseAmount } from '@payhub/contracts';
import { clsx } from 'clsx';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../shared/ui/button.tsx';
import {
  type AutoBetProblem,
  type AutoBetResult,
  type AutoBetRun,
  type AutoBetSettings,
  type AutoBetState,
  checkAutoBet,
  runAutoBet,
  type StakeRule,
} from './auto-bet.ts';
import { useProjectFormat } from './currency.ts';
import { notify } from './notify.ts';

function RuleField({
  label,
  rule,
  onChange,
  disabled,
  testId,
}: {
  label: string;
  rule: StakeRule;
  onChange: (rule: StakeRule) => void;
  disabled: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1">
      <span className="text-[12px] font-medium text-slate-600">{label}</span>
      <div className="flex h-10 items-center gap-1 rounded-xl bg-white p-1 ring-1 ring-slate-200">
        <button
          type="button"
          disabled={disabled}
          onClick={() => onChange({ ...rule, mode: 'reset' })}
          className={clsx(
            'h-full rounded-lg px-2 text-[12px] font-semibold',
            rule.mode === 'reset' ? 'bg-slate-900 text-white' : 'text-slate-600',
          )}
        >
          {t('playerGames.auto.reset')}
        </button>
        <input
          aria-label={`${label} ${t('playerGames.auto.increase')}`}
          inputMode="numeric"
          data-testid={testId}
          disabled={disabled}
          value={rule.mode === 'increase' ? String(rule.percent) : ''}
          placeholder={t('playerGames.auto.increase')}
          onChange={(event) => {
            const digits = event.target.value.replace(/\D/g, '').slice(0, 4);
            onChange(
              digits === '' ? { mode: 'reset', percent: 0 } : { mode: 'increase', percent: Number(digits) },
            );
          }}
          className="h-full min-w-0 flex-1 rounded-lg bg-slate-50 px-2 text-[13px] outline-none"
        />
      </div>
    </div>
  );
}

/** The stake an auto run starts from, as the page's bet slip has it (the games' `BetSetup` is one). */
export interface AutoStake {
  asset: Asset;
  /** Loaded: the limits and the balance are known. */
  ready: boolean;
  /** The typed stake in minor units, or null when it is not an amount. */
  stake: bigint | null;
  /** Why the typed stake cannot be bet, or null. */
  problem: string | null;
  minStake: bigint;
  maxStake: bigint;
  /** What the asset's balance has available for a stake. */
  available: bigint | null;
}

/**
 * Auto mode (spec §5): count, what to do on a win and on a loss, stop-loss and take-profit as balance
 * levels. The run stops on its count, a limit, any error, the stop button, and when the page is left
 * or hidden. `extra` holds the game's own auto choices (tiles to open, the side to call …).
 */
export function AutoPanel({
  setup,
  play,
  extra,
  blocked,
  onRunningChange,
  onStop,
}: {
  setup: AutoStake;
  /** One whole bet of the run, settled (the caller refreshes what the bet changed). */
  play: (stakeWire: string) => Promise<AutoBetResult>;
  extra?: ReactNode;
  /** A reason the run may not start (e.g. no tiles chosen), as a message key of playerGames.auto.problems. */
  blocked?: 'noTiles' | null;
  onRunningChange?: (running: boolean) => void;
  /**
   * Told when the run is to stop (the button, the page hidden or left): a page holding a bet not yet
   * placed gives it up there (its `play` then throws AutoBetCancelled); a placed one still settles.
   */
  onStop?: () => void;
}) {
  const { t } = useTranslation();
  const format = useProjectFormat();
  const [count, setCount] = useState('10');
  const [onWin, setOnWin] = useState<StakeRule>({ mode: 'reset', percent: 0 });
  const [onLoss, setOnLoss] = useState<StakeRule>({ mode: 'reset', percent: 0 });
  const [stopLoss, setStopLoss] = useState('');
  const [takeProfit, setTakeProfit] = useState('');
  const [state, setState] = useState<AutoBetState | null>(null);
  const [problem, setProblem] = useState<AutoBetProblem | 'noTiles' | null>(null);
  const run = useRef<AutoBetRun | null>(null);
  const running = state?.running === true;
  const playRef = useRef(play);
  playRef.current = play;
  const onStopRef = useRef(onStop);
  onStopRef.current = onStop;
  const stopRun = () => {
    run.current?.stop();
    onStopRef.current?.();
  };

  // Leaving the page or hiding it (another app, screen off) stops the run after the bet in flight.
  useEffect(() => {
    const stop = () => {
      run.current?.stop();
      onStopRef.current?.();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') stop();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      stop();
    };
  }, []);

  useEffect(() => onRunningChange?.(running), [running, onRunningChange]);

  const money = (units: bigint) => format.asset(units, setup.asset);
  const parseLevel = (text: string) =>
    text.trim() === '' ? null : tryParseAmount(text, setup.asset, 'typed');

  function start() {
    if (blocked) {
      setProblem(blocked);
      return;
    }
    if (setup.stake === null || setup.available === null) return;
    const settings: AutoBetSettings = {
      count: Number(count),
      baseStake: setup.stake,
      onWin,
      onLoss,
      stopLoss: parseLevel(stopLoss),
      takeProfit: parseLevel(takeProfit),
    };
    const limits = { minStake: setup.minStake, maxStake: setup.maxStake };
    const found = checkAutoBet(settings, setup.available, limits);
    setProblem(found);
    if (found) return;
    const asset = setup.asset;
    run.current = runAutoBet(
      settings,
      setup.available,
      limits,
      (stake) => playRef.current(formatAmount(stake, asset)),
      setState,
    );
    void run.current.done.then((final) => {
      run.current = null;
      if (final.stop) notify.info(t(`playerGames.auto.stops.${final.stop}`));
    });
  }

  const field =
    'h-10 rounded-xl bg-white px-3 text-[14px] tabular-nums ring-1 ring-slate-200 outline-none disabled:bg-slate-50';
  return (
    <div className="flex flex-col gap-2.5" data-testid="auto-panel">
      {extra}
      <div className="grid grid-cols-2 gap-2">
        <label className="flex flex-col gap-1 text-[12px] font-medium text-slate-600">
          {t('playerGames.auto.count')}
          <input
            inputMode="numeric"
            data-testid="auto-count"
            disabled={running}
            value={count}
            onChange={(event) => setCount(event.target.value.replace(/\D/g, '').slice(0, 4))}
            className={field}
          />
        </label>
        <div />
        <RuleField
          label={t('playerGames.auto.onWin')}
          rule={onWin}
          onChange={setOnWin}
          disabled={running}
          testId="auto-on-win"
        />
        <RuleField
          label={t('playerGames.auto.onLoss')}
          rule={onLoss}
          onChange={setOnLoss}
          disabled={running}
          testId="auto-on-loss"
        />
        <label className="flex flex-col gap-1 text-[12px] font-medium text-slate-600">
          {t('playerGames.auto.stopLoss')}
          <input
            inputMode="decimal"
            data-testid="auto-stop-loss"
            placeholder={t('playerGames.auto.optional')}
            disabled={running}
            value={stopLoss}
            onChange={(event) => setStopLoss(event.target.value)}
            className={field}
          />
        </label>
        <label className="flex flex-col gap-1 text-[12px] font-medium text-slate-600">
          {t('playerGames.auto.takeProfit')}
          <input
            inputMode="decimal"
            data-testid="auto-take-profit"
            placeholder={t('playerGames.auto.optional')}
            disabled={running}
            value={takeProfit}
            onChange={(event) => setTakeProfit(event.target.value)}
            className={field}
          />
        </label>
      </div>
      {problem && (
        <p role="alert" className="text-[12.5px] text-rose-600" data-testid="auto-problem">
          {t(`playerGames.auto.problems.${problem}`)}
        </p>
      )}
      {state && (
        <div
          className="flex items-center justify-between rounded-xl bg-slate-900 px-3 py-2 text-[13px] text-white"
          data-testid="auto-status"
        >
          <span data-testid="auto-progress">
            {t('playerGames.auto.progress', { played: state.played, count })}
          </span>
          <span
            className={clsx(
              'font-semibold tabular-nums',
              state.profit >= 0n ? 'text-emerald-300' : 'text-rose-300',
            )}
          >
            {t('playerGames.auto.profit', { amount: money(state.profit) })}
          </span>
        </div>
      )}
      {state?.stop && !running && (
        <p
          className="text-[12.5px] font-semibold text-slate-600"
          data-testid="auto-stop"
          data-stop={state.stop}
        >
          {t(`playerGames.auto.stops.${state.stop}`)}
        </p>
      )}
      {running ? (
        <Button variant="danger" block onClick={stopRun} data-testid="auto-stop-button">
          {t('playerGames.auto.stop')}
        </Button>
      ) : (
        <Button
          block
          onClick={start}
          disabled={!setup.ready || setup.problem !== null}
          data-testid="auto-start"
        >
          {t('playerGames.auto.start')}
        </Button>
      )}
    </div>
  );
}

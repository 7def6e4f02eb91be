import type { GameIdWire } from '@payhub/contracts';
import { clsx } from 'clsx';
import { ChevronLeft, ShieldCheck, Volume2, VolumeX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProjectFormat } from '../../lib/currency.ts';
import { paths } from '../../lib/paths.ts';
import { BetsPanel } from './bets-panel.tsx';
import { setSoundEnabled, useSoundEnabled } from './sound.ts';
import type { BetSetup } from './use-bet-setup.ts';

/** A game page: the top bar (lobby, title, fairness, sound), the board, the controls, my bets and the live feed. */
export function GameScreen({ game, children }: { game: GameIdWire; children: ReactNode }) {
  const { t } = useTranslation();
  const sound = useSoundEnabled();
  return (
    <div className="min-h-dvh bg-canvas">
      <header className="sticky top-0 z-10 border-b border-slate-200/70 bg-white/95 pt-[env(safe-area-inset-top)] backdrop-blur">
        <div className="mx-auto flex h-14 max-w-md items-center gap-1 px-2">
          <Link
            to={paths.games}
            aria-label={t('playerGames.nav.lobby')}
            className="flex size-10 items-center justify-center rounded-full text-slate-700 active:bg-slate-100"
          >
            <ChevronLeft className="size-6" />
          </Link>
          <h1 className="min-w-0 flex-1 truncate text-[17px] font-semibold text-slate-900">
            {t(`playerGames.names.${game}`)}
          </h1>
          <button
            type="button"
            onClick={() => setSoundEnabled(!sound)}
            aria-pressed={sound}
            aria-label={sound ? t('playerGames.nav.soundOn') : t('playerGames.nav.soundOff')}
            data-testid="sound-toggle"
            className="flex size-10 items-center justify-center rounded-full text-slate-600 active:bg-slate-100"
          >
            {sound ? <Volume2 className="size-5" /> : <VolumeX className="size-5" />}
          </button>
          <Link
            to={paths.gameFairness(game)}
            data-testid="fairness-link"
            className="flex h-9 items-center gap-1 rounded-full bg-brand-50 px-3 text-[13px] font-semibold text-brand-700"
          >
            <ShieldCheck className="size-4" />
            {t('playerGames.nav.fairness')}
          </Link>
        </div>
      </header>
      <main className="mx-auto flex max-w-md flex-col gap-3 px-3 pt-3 pb-8">
        {children}
        <BetsPanel game={game} />
      </main>
    </div>
  );
}

export type BetMode = 'manual' | 'auto';

export function ModeTabs({
  mode,
  onChange,
  locked,
}: {
  mode: BetMode;
  onChange: (mode: BetMode) => void;
  locked: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-2 gap-1 rounded-xl bg-slate-200/70 p-1" role="tablist">
      {(['manual', 'auto'] as const).map((item) => (
        <button
          key={item}
          type="button"
          role="tab"
          aria-selected={mode === item}
          disabled={locked && mode !== item}
          data-testid={`mode-${item}`}
          onClick={() => onChange(item)}
          className={clsx(
            'h-9 rounded-lg text-[14px] font-semibold',
            mode === item ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 disabled:opacity-50',
          )}
        >
          {t(`playerGames.bet.${item}`)}
        </button>
      ))}
    </div>
  );
}

/** The stake: the amount, the asset, ½, 2×, min and max, the balance and the game's range. */
export function BetAmount({ setup, disabled }: { setup: BetSetup; disabled: boolean }) {
  const { t } = useTranslation();
  const format = useProjectFormat();
  const money = (units: bigint) => format.asset(units, setup.asset);
  const stake = setup.stake ?? 0n;
  const clamp = (units: bigint) => {
    let value = units < setup.minStake ? setup.minStake : units > setup.maxStake ? setup.maxStake : units;
    if (setup.available !== null && value > setup.available && setup.available >= setup.minStake)
      value = setup.available;
    return value;
  };
  const message =
    setup.problem === null
      ? null
      : setup.problem === 'amountBelowMin'
        ? t('playerGames.bet.amountBelowMin', { amount: money(setup.minStake) })
        : setup.problem === 'amountAboveMax'
          ? t('playerGames.bet.amountAboveMax', { amount: money(setup.maxStake) })
          : t(`playerGames.bet.${setup.problem}`);
  const buttons = [
    { key: 'half', label: t('playerGames.bet.half'), value: () => clamp(stake / 2n) },
    { key: 'double', label: t('playerGames.bet.double'), value: () => clamp(stake * 2n) },
    { key: 'min', label: t('playerGames.bet.min'), value: () => setup.minStake },
    { key: 'max', label: t('playerGames.bet.max'), value: () => clamp(setup.maxStake) },
  ];
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between text-[12.5px] text-slate-600">
        <label htmlFor={`stake-${setup.game}`} className="font-medium text-slate-600">
          {t('playerGames.bet.amount')}
        </label>
        <span data-testid="game-balance" className="tabular-nums">
          {setup.available === null ? '' : t('playerGames.bet.balance', { amount: money(setup.available) })}
        </span>
      </div>
      <div
        className={clsx(
          'flex h-12 items-center gap-1 rounded-xl bg-white pr-1 pl-3 ring-1',
          message ? 'ring-rose-300' : 'ring-slate-200',
        )}
      >
        <input
          id={`stake-${setup.game}`}
          inputMode="decimal"
          autoComplete="off"
          data-testid="stake-input"
          value={setup.stakeText}
          disabled={disabled}
          onChange={(event) => setup.setStakeText(event.target.value)}
          className="h-full min-w-0 flex-1 bg-transparent text-[16px] font-semibold text-slate-900 tabular-nums outline-none"
        />
        {setup.assets.length > 1 ? (
          <select
            aria-label={t('playerGames.bet.asset')}
            data-testid="asset-select"
            value={setup.asset}
            disabled={disabled}
            onChange={(event) => setup.setAsset(event.target.value as BetSetup['asset'])}
            className="h-9 rounded-lg bg-slate-100 px-2 text-[13px] font-semibold text-slate-700"
          >
            {setup.assets.map((asset) => (
              <option key={asset} value={asset}>
                {asset}
              </option>
            ))}
          </select>
        ) : (
          <span className="px-2 text-[13px] font-semibold text-slate-500">{setup.asset}</span>
        )}
      </div>
      <div className="grid grid-cols-4 gap-1.5">
        {buttons.map((button) => (
          <button
            key={button.key}
            type="button"
            disabled={disabled || !setup.ready}
            data-testid={`stake-${button.key}`}
            onClick={() => setup.setStake(button.value())}
            className="h-9 rounded-lg bg-white text-[13px] font-semibold text-slate-700 ring-1 ring-slate-200 active:bg-slate-100 disabled:opacity-50"
          >
            {button.label}
          </button>
        ))}
      </div>
      <p
        className={clsx('text-[12px]', message ? 'text-rose-600' : 'text-slate-600')}
        role={message ? 'alert' : undefined}
      >
        {message ??
          (setup.config
            ? t('playerGames.bet.range', { min: money(setup.minStake), max: money(setup.maxStake) })
            : '')}
      </p>
    </div>
  );
}

/** One labelled figure in a row of two or three (multiplier, chance, profit). */
export function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="min-w-0 rounded-xl bg-white px-3 py-2 ring-1 ring-slate-200">
      <div className="truncate text-[11.5px] text-slate-500">{label}</div>
      <div className="truncate text-[15px] font-bold text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </div>
    </div>
  );
}

/** "You won Rp 1.980,00" / "Lost" after a settled bet. */
export function ResultBanner({ result }: { result: { won: boolean; payout: string } | null }) {
  const { t } = useTranslation();
  if (!result) return null;
  return (
    <p
      data-testid="bet-result"
      data-won={result.won}
      className={clsx(
        'game-pop rounded-xl px-3 py-2 text-center text-[14px] font-bold',
        result.won ? 'bg-emerald-50 text-emerald-700' : 'bg-rose-50 text-rose-700',
      )}
    >
      {result.won ? t('playerGames.bet.won', { amount: result.payout }) : t('playerGames.bet.lost')}
    </p>
  );
}

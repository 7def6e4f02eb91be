import type { WheelSpinWire, WheelState } from '@payhub/contracts';
import { wheelSegment } from '@payhub/games';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectFormat } from '../../lib/currency.ts';
import { notify } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { QUERY_KEYS } from '../../lib/query-keys.ts';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { REWARDS_KEYS, redeemGiftCode, rotateWheelSeed, spinWheel, wheelQuery } from './api.ts';

const COLOURS = ['#4f46e5', '#f59e0b', '#0ea5e9', '#ef4444', '#10b981', '#a855f7', '#f97316', '#14b8a6'];
const SPIN_MS = 4200;
const TURNS = 6;

/** The wheel drawn as SVG: segment i spans [i × 360/n, (i + 1) × 360/n) clockwise from the top. */
function WheelBoard({
  state,
  rotation,
  spinning,
  label,
}: {
  state: WheelState;
  rotation: number;
  spinning: boolean;
  label: string;
}) {
  const { money } = useProjectFormat();
  const count = state.segments.length;
  const slice = 360 / count;
  const point = (angle: number, radius: number) => {
    const radians = ((angle - 90) * Math.PI) / 180;
    return `${150 + radius * Math.cos(radians)} ${150 + radius * Math.sin(radians)}`;
  };
  return (
    <div className="relative mx-auto size-[280px]">
      <div className="absolute top-[-6px] left-1/2 z-10 -translate-x-1/2 border-x-[12px] border-t-[22px] border-x-transparent border-t-slate-900" />
      <svg
        viewBox="0 0 300 300"
        className="size-full drop-shadow"
        data-testid="wheel-board"
        data-rotation={rotation}
        role="img"
        aria-label={label}
        style={{
          transform: `rotate(${rotation}deg)`,
          transition: spinning ? `transform ${SPIN_MS}ms cubic-bezier(0.15, 0.85, 0.2, 1)` : 'none',
        }}
      >
        <title>{label}</title>
        {state.segments.map((segment) => {
          const start = segment.index * slice;
          const end = start + slice;
          const middle = start + slice / 2;
          return (
            <g key={segment.index}>
              <path
                d={`M150 150 L${point(start, 145)} A145 145 0 0 1 ${point(end, 145)} Z`}
                fill={COLOURS[segment.index % COLOURS.length]}
                stroke="#fff"
                strokeWidth="2"
              />
              <text
                x="150"
                y="38"
                transform={`rotate(${middle} 150 150)`}
                textAnchor="middle"
                fill="#fff"
                fontSize="12"
                fontWeight="700"
              >
                {money(segment.prize).replace(/,00$|\.00$/, '')}
              </text>
            </g>
          );
        })}
        <circle cx="150" cy="150" r="26" fill="#fff" stroke="#e2e8f0" strokeWidth="3" />
      </svg>
    </div>
  );
}

/** Whether a revealed spin recomputes, in this browser, to the segment the server paid. */
function verified(spin: WheelSpinWire): boolean | null {
  if (spin.serverSeed === null) return null;
  return (
    wheelSegment({ serverSeed: spin.serverSeed, clientSeed: spin.clientSeed, nonce: spin.nonce }) ===
    spin.segment
  );
}

/** Gift code entry and the wheel: the spin animates to the segment the server answered, never before. */
export default function WheelPage() {
  const { t } = useTranslation();
  const { money } = useProjectFormat();
  const queryClient = useQueryClient();
  const wheel = useQuery(wheelQuery());
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [redeeming, setRedeeming] = useState(false);
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const spinIdRef = useRef<string | null>(null);
  const state = wheel.data;
  if (!state) return <PageSpinner label={t('playerRewards.wheel.title')} />;

  async function redeem(event: FormEvent) {
    event.preventDefault();
    if (!/^[A-Za-z0-9]{4,20}$/.test(code.trim())) {
      setCodeError(t('playerRewards.wheel.codeInvalid'));
      return;
    }
    setCodeError(null);
    setRedeeming(true);
    try {
      const redeemed = await redeemGiftCode(code.trim());
      notify.success(
        redeemed.kind === 'spins'
          ? t('playerRewards.wheel.redeemedSpins', { count: redeemed.spins ?? 0 })
          : t('playerRewards.wheel.redeemedAmount', { amount: money(redeemed.amount ?? '0.00') }),
      );
      setCode('');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: REWARDS_KEYS.wheel }),
        queryClient.invalidateQueries({ queryKey: REWARDS_KEYS.history }),
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.walletBalances }),
      ]);
    } catch {
      // The error dialog has told the player which rule refused the code (8001–8011).
    } finally {
      setRedeeming(false);
    }
  }

  async function spin() {
    if (spinning || !state) return;
    // One id per spin attempt: a retry after a lost answer gets the same spin back, never a second.
    spinIdRef.current ??= crypto.randomUUID();
    setResult(null);
    try {
      const answer = await spinWheel(spinIdRef.current);
      spinIdRef.current = null;
      const slice = 360 / state.segments.length;
      const landing = 360 - (answer.spin.segment * slice + slice / 2);
      const base = rotation - (rotation % 360);
      setSpinning(true);
      setRotation(base + TURNS * 360 + landing);
      window.setTimeout(() => {
        setSpinning(false);
        setResult(t('playerRewards.wheel.won', { amount: money(answer.spin.prize) }));
        void Promise.all([
          queryClient.invalidateQueries({ queryKey: REWARDS_KEYS.wheel }),
          queryClient.invalidateQueries({ queryKey: REWARDS_KEYS.history }),
          queryClient.invalidateQueries({ queryKey: QUERY_KEYS.walletBalances }),
        ]);
      }, SPIN_MS);
    } catch {
      spinIdRef.current = null;
    }
  }

  async function rotate() {
    try {
      await rotateWheelSeed();
      notify.success(t('playerRewards.wheel.rotated'));
      await queryClient.invalidateQueries({ queryKey: REWARDS_KEYS.wheel });
    } catch {
      // The error dialog has told the player why.
    }
  }

  return (
    <>
      <PageHeader
        title={t('playerRewards.wheel.title')}
        backTo={paths.rewards}
        backLabel={t('player.back')}
      />
      <main className="mx-auto flex max-w-md flex-col gap-4 px-4 py-4">
        <form
          onSubmit={redeem}
          noValidate
          className="flex items-end gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200/70"
        >
          <TextField
            className="min-w-0 flex-1"
            label={t('playerRewards.wheel.codeLabel')}
            placeholder={t('playerRewards.wheel.codePlaceholder')}
            value={code}
            onChange={setCode}
            error={codeError}
            autoCapitalize="characters"
            name="giftCode"
            maxLength={20}
          />
          <Button type="submit" busy={redeeming} className="h-12 shrink-0 px-4" data-testid="gift-redeem">
            {t('playerRewards.wheel.redeem')}
          </Button>
        </form>

        <section className="flex flex-col items-center gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200/70">
          <p className="text-[14px] font-semibold text-slate-700" data-testid="wheel-spins">
            {t('playerRewards.wheel.spinsLeft', { count: state.spins })}
          </p>
          <WheelBoard
            state={state}
            rotation={rotation}
            spinning={spinning}
            label={t('playerRewards.wheel.title')}
          />
          {result && (
            <p className="text-[16px] font-bold text-emerald-700" data-testid="wheel-result">
              {result}
            </p>
          )}
          {state.spins > 0 || spinning ? (
            <Button block busy={spinning} onClick={spin} data-testid="wheel-spin">
              {spinning ? t('playerRewards.wheel.spinning') : t('playerRewards.wheel.spin')}
            </Button>
          ) : (
            <p className="text-[13px] text-slate-500">{t('playerRewards.wheel.noSpins')}</p>
          )}
        </section>

        <section
          className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200/70"
          data-testid="wheel-fairness"
        >
          <h2 className="text-[14px] font-semibold text-slate-700">{t('playerRewards.wheel.fairness')}</h2>
          <p className="mt-1 text-[12.5px] leading-relaxed text-slate-500">
            {t('playerRewards.wheel.fairnessHint')}
          </p>
          <dl className="mt-3 flex flex-col gap-2 text-[12px]">
            {[
              [t('playerRewards.wheel.seedHash'), state.seed.serverSeedHash],
              [t('playerRewards.wheel.nextHash'), state.seed.nextServerSeedHash],
              [t('playerRewards.wheel.clientSeed'), state.seed.clientSeed],
              [t('playerRewards.wheel.nonce'), String(state.seed.nonce)],
            ].map(([label, value]) => (
              <div key={label}>
                <dt className="text-slate-500">{label}</dt>
                <dd className="font-mono break-all text-slate-800">{value}</dd>
              </div>
            ))}
          </dl>
          <Button
            variant="secondary"
            block
            className="mt-3"
            onClick={rotate}
            disabled={spinning}
            data-testid="wheel-rotate"
          >
            {t('playerRewards.wheel.rotate')}
          </Button>
          {state.history.length > 0 && (
            <>
              <h3 className="mt-4 text-[13px] font-semibold text-slate-700">
                {t('playerRewards.wheel.history')}
              </h3>
              <ul className="mt-1 divide-y divide-slate-100" data-testid="wheel-history">
                {state.history.map((item) => {
                  const check = verified(item);
                  return (
                    <li key={item.id} className="flex items-center justify-between gap-2 py-2 text-[12.5px]">
                      <span className="text-slate-600">
                        {t('playerRewards.wheel.spinLine', {
                          nonce: item.nonce,
                          segment: item.segment + 1,
                          amount: money(item.prize),
                        })}
                      </span>
                      <span
                        className={
                          check === null
                            ? 'text-slate-500'
                            : check
                              ? 'font-semibold text-emerald-700'
                              : 'font-semibold text-rose-600'
                        }
                      >
                        {check === null
                          ? t('playerRewards.wheel.hidden')
                          : check
                            ? t('playerRewards.wheel.verified')
                            : t('playerRewards.wheel.mismatch')}
                      </span>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </section>
      </main>
    </>
  );
}

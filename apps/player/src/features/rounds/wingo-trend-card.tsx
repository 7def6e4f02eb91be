import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Ball } from './wingo-ball.tsx';
import { wingoTrend } from './wingo-trend.ts';

/**
 * The trend of a wingo mode's latest draws (`results`, the latest first): big against small, the
 * colours, the size streak, and per number how often it came and how many draws ago it last came.
 */
export function WingoTrendCard({ results }: { results: readonly number[] }) {
  const { t } = useTranslation();
  const trend = useMemo(() => wingoTrend(results), [results]);
  const bigShare = trend.draws === 0 ? 50 : Math.round((trend.sizes.big / trend.draws) * 100);
  return (
    <section className="rounded-2xl bg-white p-4 ring-1 ring-slate-200" data-testid="wingo-trend">
      <h2 className="text-[14px] font-semibold text-slate-800">
        {t('playerRounds.wingo.trend')}
        {trend.draws > 0 && (
          <span className="font-normal text-slate-600">
            {' · '}
            {t('playerRounds.wingo.trendDraws', { count: trend.draws })}
          </span>
        )}
      </h2>
      {trend.draws === 0 ? (
        <p className="py-3 text-[13px] text-slate-600">{t('playerRounds.wingo.trendEmpty')}</p>
      ) : (
        <>
          <div className="mt-3 flex items-center justify-between text-[13px] font-semibold">
            <span className="text-brand-700" data-testid="wingo-trend-big">
              {t('playerRounds.wingo.big')} {trend.sizes.big}
            </span>
            <span className="text-slate-700" data-testid="wingo-trend-small">
              {trend.sizes.small} {t('playerRounds.wingo.small')}
            </span>
          </div>
          <div className="mt-1 flex h-2 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
            <div className="bg-brand-500" style={{ width: `${bigShare}%` }} />
          </div>
          <p className="mt-2 text-[13px] text-slate-700">
            {(['green', 'red', 'violet'] as const).map((colour, index) => (
              <span key={colour}>
                {index > 0 && ' · '}
                {t(`playerRounds.wingo.colours.${colour}`)} {trend.colours[colour]}
              </span>
            ))}
          </p>
          {trend.streak && (
            <p className="mt-1 text-[13px] text-slate-700" data-testid="wingo-trend-streak">
              {t('playerRounds.wingo.trendStreak', {
                size: t(`playerRounds.wingo.${trend.streak.size}`),
                count: trend.streak.length,
              })}
            </p>
          )}
          <ul className="mt-3 grid grid-cols-5 gap-y-3" data-testid="wingo-trend-numbers">
            {trend.numbers.map((line) => (
              <li
                key={line.number}
                className="flex flex-col items-center gap-0.5 text-[12px]"
                data-count={line.count}
              >
                <Ball number={line.number} small />
                <span className="font-semibold text-slate-800">
                  {t('playerRounds.wingo.trendCount', { count: line.count })}
                </span>
                {/* Not drawn in the window: its count (0×) says so. */}
                <span className="text-slate-600">
                  {line.missing === null
                    ? '—'
                    : t('playerRounds.wingo.trendMissing', { count: line.missing })}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

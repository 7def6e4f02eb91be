import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { Card, ErrorLine, Table } from '../../shared/ui.tsx';
import { AssetButtons, CsvButton, DayBarChart, useShownAsset } from './report-controls.tsx';

/**
 * GGR per day, game and asset over settled in-house and round bets, and NGR per day (GGR minus
 * approved manual credits), for the range the reports page chose: a chart of one asset's GGR per
 * day stacked by game, the table, and CSV. The chart's numbers are for drawing only; the table shows
 * the server's exact amounts.
 */
export function GgrReport({ range }: { range: { from: string; to: string } }) {
  const { t } = useTranslation();
  const report = useQuery({
    queryKey: ['console', 'ggr', range],
    queryFn: () => api.console.gameReport({ query: range }),
  });
  const items = report.data?.items ?? [];
  const days = report.data?.days ?? [];
  const { assets, shown, setAsset } = useShownAsset(items);
  const games = [...new Set(items.filter((item) => item.asset === shown).map((item) => item.game))];
  const chart = useMemo(() => {
    const byDay = new Map<string, Record<string, number | string>>();
    for (const item of items) {
      if (item.asset !== shown) continue;
      const row = byDay.get(item.day) ?? { day: item.day };
      row[item.game] = Number(item.ggr);
      byDay.set(item.day, row);
    }
    return [...byDay.values()];
  }, [items, shown]);
  return (
    <>
      <Card
        title={t('console.reports.ggr.heading')}
        actions={
          <div className="flex gap-2">
            <AssetButtons assets={assets} shown={shown} onPick={setAsset} />
            <CsvButton
              name="ggr"
              range={range}
              columns={['day', 'game', 'asset', 'bets', 'stakes', 'payouts', 'ggr']}
              items={items}
            />
          </div>
        }
      >
        <ErrorLine error={report.error ? errorText(report.error) : null} />
        <DayBarChart
          data={chart}
          series={games.map((game) => ({ key: game, name: `${game} ${shown ?? ''}` }))}
          stacked
          testId="ggr-chart"
        />
        {items.length === 0 && !report.isLoading && (
          <p className="py-3 text-sm text-slate-500">{t('console.common.empty')}</p>
        )}
        <Table
          head={[
            t('console.common.date'),
            t('console.reports.ggr.game'),
            t('console.players.asset'),
            t('console.reports.ggr.bets'),
            t('console.reports.ggr.stakes'),
            t('console.reports.ggr.payouts'),
            t('console.reports.ggr.ggr'),
          ]}
        >
          {items.map((item) => (
            <tr key={`${item.day}-${item.game}-${item.asset}`} data-testid="ggr-row">
              <td className="px-2 py-1.5 tabular-nums">{item.day}</td>
              <td className="px-2 py-1.5">{item.game}</td>
              <td className="px-2 py-1.5">{item.asset}</td>
              <td className="px-2 py-1.5 tabular-nums">{item.bets}</td>
              <td className="px-2 py-1.5 tabular-nums">{item.stakes}</td>
              <td className="px-2 py-1.5 tabular-nums">{item.payouts}</td>
              <td className="px-2 py-1.5 tabular-nums">{item.ggr}</td>
            </tr>
          ))}
        </Table>
      </Card>
      <Card title={t('console.reports.ggr.perDay')}>
        <Table
          head={[
            t('console.common.date'),
            t('console.players.asset'),
            t('console.reports.ggr.ggr'),
            t('console.reports.ggr.bonusCost'),
            t('console.reports.ggr.ngr'),
          ]}
        >
          {days.map((row) => (
            <tr key={`${row.day}-${row.asset}`}>
              <td className="px-2 py-1.5 tabular-nums">{row.day}</td>
              <td className="px-2 py-1.5">{row.asset}</td>
              <td className="px-2 py-1.5 tabular-nums">{row.ggr}</td>
              <td className="px-2 py-1.5 tabular-nums">{row.bonusCost}</td>
              <td className="px-2 py-1.5 tabular-nums">{row.ngr}</td>
            </tr>
          ))}
        </Table>
      </Card>
    </>
  );
}

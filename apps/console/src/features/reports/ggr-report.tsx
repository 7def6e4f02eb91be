import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { api, errorText } from '../../lib/api.ts';
import { downloadCsv } from '../../shared/csv.ts';
import { Button, Card, ErrorLine, Table } from '../../shared/ui.tsx';

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
  const assets = [...new Set(items.map((item) => item.asset))];
  const [asset, setAsset] = useState<string | null>(null);
  const shown = assets.find((code) => code === asset) ?? assets[0] ?? null;
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
  const colours = ['#0f766e', '#b45309', '#4338ca', '#be123c', '#0369a1', '#65a30d', '#7c3aed', '#a16207'];
  return (
    <>
      <Card
        title={t('console.reports.ggr.heading')}
        actions={
          <div className="flex gap-2">
            {assets.length > 1 &&
              assets.map((code) => (
                <Button
                  key={code}
                  variant={code === shown ? 'primary' : 'plain'}
                  onClick={() => setAsset(code)}
                >
                  {code}
                </Button>
              ))}
            <Button
              variant="plain"
              disabled={items.length === 0}
              onClick={() =>
                downloadCsv(
                  `ggr-${range.from}-${range.to}.csv`,
                  ['day', 'game', 'asset', 'bets', 'stakes', 'payouts', 'ggr'],
                  items,
                )
              }
            >
              {t('console.common.exportCsv')}
            </Button>
          </div>
        }
      >
        <ErrorLine error={report.error ? errorText(report.error) : null} />
        <div className="h-72 w-full" data-testid="ggr-chart">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={chart}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="day" fontSize={12} />
              <YAxis fontSize={12} width={90} />
              <Tooltip />
              <Legend />
              {games.map((game, index) => (
                <Bar
                  key={game}
                  isAnimationActive={false}
                  stackId="ggr"
                  dataKey={game}
                  name={`${game} ${shown ?? ''}`}
                  fill={colours[index % colours.length]}
                />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
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

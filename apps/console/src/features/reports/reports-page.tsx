import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { useStaff } from '../../lib/staff.ts';
import { Button, Card, ErrorLine, Input, Table } from '../../shared/ui.tsx';
import { GgrReport } from './ggr-report.tsx';
import { AssetButtons, CsvButton, DayBarChart, useShownAsset } from './report-controls.tsx';
import { LedgerCheckCard, RewardsReport } from './rewards-report.tsx';

/**
 * The calendar day of an instant in the project's time zone (the days the server's reports count in),
 * so the default range includes the project's today even when UTC is still on yesterday.
 */
const day = (at: Date, timeZone: string | undefined) => at.toLocaleDateString('en-CA', { timeZone });

/**
 * Deposits and withdrawals per day and rail, from the ledger, and (for the same range) GGR/NGR per
 * day and game over settled bets (docs/console.md "Reports").
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const timeZone = useStaff().data?.timeZone;
  const today = new Date();
  const [from, setFrom] = useState(day(new Date(today.getTime() - 13 * 86_400_000), timeZone));
  const [to, setTo] = useState(day(today, timeZone));
  const [range, setRange] = useState({ from, to });
  const report = useQuery({
    queryKey: ['console', 'report', range],
    queryFn: () => api.console.moneyReport({ query: range }),
  });
  const items = report.data?.items ?? [];
  const { assets, shown, setAsset } = useShownAsset(items);
  const chart = useMemo(() => {
    const byDay = new Map<string, { day: string; deposits: number; withdrawals: number }>();
    for (const item of items) {
      if (item.asset !== shown) continue;
      const row = byDay.get(item.day) ?? { day: item.day, deposits: 0, withdrawals: 0 };
      row.deposits += Number(item.deposits);
      row.withdrawals += Number(item.withdrawals);
      byDay.set(item.day, row);
    }
    return [...byDay.values()];
  }, [items, shown]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRange({ from, to });
  };
  return (
    <div className="flex flex-col gap-4">
      <Card
        title={t('console.reports.heading')}
        actions={
          <CsvButton
            name="money"
            range={range}
            columns={[
              'day',
              'rail',
              'asset',
              'deposits',
              'depositCount',
              'withdrawals',
              'withdrawalCount',
              'reversals',
              'reversalCount',
            ]}
            items={items}
          />
        }
      >
        <form onSubmit={submit} className="mb-3 flex flex-wrap items-end gap-2 text-sm">
          <label htmlFor="report-from" className="flex flex-col gap-1">
            {t('console.reports.from')}
            <Input
              id="report-from"
              type="date"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
            />
          </label>
          <label htmlFor="report-to" className="flex flex-col gap-1">
            {t('console.reports.to')}
            <Input id="report-to" type="date" value={to} onChange={(event) => setTo(event.target.value)} />
          </label>
          <Button type="submit">{t('console.reports.show')}</Button>
          <AssetButtons assets={assets} shown={shown} onPick={setAsset} />
        </form>
        <ErrorLine error={report.error ? errorText(report.error) : null} />
        {report.data && (
          <p className="mb-2 text-xs text-slate-500">
            {t('console.reports.timeZone', { zone: report.data.timeZone })}
          </p>
        )}
        <DayBarChart
          data={chart}
          series={[
            { key: 'deposits', name: `${t('console.reports.deposits')} ${shown ?? ''}` },
            { key: 'withdrawals', name: `${t('console.reports.withdrawals')} ${shown ?? ''}` },
          ]}
          testId="money-chart"
        />
        {items.length === 0 && !report.isLoading && (
          <p className="py-3 text-sm text-slate-500">{t('console.common.empty')}</p>
        )}
      </Card>
      <Card>
        <Table
          head={[
            t('console.common.date'),
            t('console.reports.rail'),
            t('console.players.asset'),
            t('console.reports.deposits'),
            t('console.reports.count'),
            t('console.reports.withdrawals'),
            t('console.reports.count'),
            t('console.reports.reversals'),
            t('console.reports.count'),
          ]}
        >
          {items.map((item) => (
            <tr key={`${item.day}-${item.rail}-${item.asset}`}>
              <td className="px-2 py-1.5 tabular-nums">{item.day}</td>
              <td className="px-2 py-1.5">{t(`console.reports.${item.rail}`)}</td>
              <td className="px-2 py-1.5">{item.asset}</td>
              <td className="px-2 py-1.5 tabular-nums">{item.deposits}</td>
              <td className="px-2 py-1.5 tabular-nums">{item.depositCount}</td>
              <td className="px-2 py-1.5 tabular-nums">{item.withdrawals}</td>
              <td className="px-2 py-1.5 tabular-nums">{item.withdrawalCount}</td>
              <td className="px-2 py-1.5 tabular-nums">{item.reversals}</td>
              <td className="px-2 py-1.5 tabular-nums">{item.reversalCount}</td>
            </tr>
          ))}
        </Table>
      </Card>
      <GgrReport range={range} />
      <RewardsReport range={range} />
      <LedgerCheckCard />
    </div>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { Button, Card, ErrorLine, Table } from '../../shared/ui.tsx';
import { AssetButtons, CsvButton, DayBarChart, useShownAsset } from './report-controls.tsx';

/** The rewards' ledger codes the report names (rewards module); any other shows as "other". */
const REWARD_KINDS = [
  'referral_rebate',
  'checkin_reward',
  'gift_code',
  'wheel_prize',
  'first_deposit_bonus',
  'referral_bonus',
  'campaign_bonus',
  'bonus_forfeit',
  'bonus_clawback',
] as const;
type RewardKind = (typeof REWARD_KINDS)[number];
const kindOf = (code: string): RewardKind | 'other' =>
  (REWARD_KINDS as readonly string[]).includes(code) ? (code as RewardKind) : 'other';

/**
 * Rebate settlements and bonus costs: what the bonus pool paid per day and kind (rebates, check-in,
 * gift codes, the wheel, first-deposit, referral and campaign bonuses) and what came back to it (forfeits,
 * clawbacks), for the reports page's range — a chart of one asset's daily cost by kind, the table, CSV.
 */
export function RewardsReport({ range }: { range: { from: string; to: string } }) {
  const { t } = useTranslation();
  const report = useQuery({
    queryKey: ['console', 'rewards-report', range],
    queryFn: () => api.console.rewardsReport({ query: range }),
  });
  const items = report.data?.items ?? [];
  const { assets, shown, setAsset } = useShownAsset(items);
  const kinds = [...new Set(items.filter((item) => item.asset === shown).map((item) => kindOf(item.code)))];
  const chart = useMemo(() => {
    const byDay = new Map<string, Record<string, number | string>>();
    for (const item of items) {
      if (item.asset !== shown) continue;
      const row = byDay.get(item.day) ?? { day: item.day };
      const kind = kindOf(item.code);
      row[kind] = Number(row[kind] ?? 0) + Number(item.paid) - Number(item.returned);
      byDay.set(item.day, row);
    }
    return [...byDay.values()];
  }, [items, shown]);
  return (
    <>
      <Card
        title={t('console.reports.rewards.heading')}
        actions={
          <div className="flex gap-2">
            <AssetButtons assets={assets} shown={shown} onPick={setAsset} />
            <CsvButton
              name="rewards"
              range={range}
              columns={['day', 'code', 'asset', 'paid', 'paidCount', 'returned', 'returnedCount']}
              items={items}
            />
          </div>
        }
      >
        <ErrorLine error={report.error ? errorText(report.error) : null} />
        <p className="mb-2 text-xs text-slate-500">{t('console.reports.rewards.hint')}</p>
        <DayBarChart
          data={chart}
          series={kinds.map((kind) => ({ key: kind, name: t(`console.reports.rewards.kinds.${kind}`) }))}
          stacked
          testId="rewards-chart"
          className="h-64"
        />
        {items.length === 0 && !report.isLoading && (
          <p className="py-3 text-sm text-slate-500">{t('console.common.empty')}</p>
        )}
      </Card>
      <Card>
        <Table
          head={[
            t('console.common.date'),
            t('console.reports.rewards.kind'),
            t('console.players.asset'),
            t('console.reports.rewards.paid'),
            t('console.reports.count'),
            t('console.reports.rewards.returned'),
            t('console.reports.count'),
          ]}
        >
          {items.map((item) => (
            <tr key={`${item.day}-${item.code}-${item.asset}`} data-testid="rewards-row">
              <td className="px-2 py-1.5 tabular-nums">{item.day}</td>
              <td className="px-2 py-1.5">{t(`console.reports.rewards.kinds.${kindOf(item.code)}`)}</td>
              <td className="px-2 py-1.5">{item.asset}</td>
              <td className="px-2 py-1.5 tabular-nums">{item.paid}</td>
              <td className="px-2 py-1.5 tabular-nums">{item.paidCount}</td>
              <td className="px-2 py-1.5 tabular-nums">{item.returned}</td>
              <td className="px-2 py-1.5 tabular-nums">{item.returnedCount}</td>
            </tr>
          ))}
        </Table>
      </Card>
    </>
  );
}

/** The ledger check's last runs, and a button that runs it now (finance and admin). */
export function LedgerCheckCard() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const checks = useQuery({
    queryKey: ['console', 'ledger-checks'],
    queryFn: () => api.console.ledgerChecks(),
  });
  const run = useMutation({
    mutationFn: () => api.console.runLedgerCheck({ body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['console', 'ledger-checks'] }),
  });
  const last = checks.data?.items[0] ?? null;
  const when = (at: number) => new Date(at).toLocaleString(i18n.language);
  return (
    <Card
      title={t('console.reports.ledger.heading')}
      actions={
        <Button disabled={run.isPending} onClick={() => run.mutate()} data-testid="ledger-check-run">
          {run.isPending ? t('console.reports.ledger.running') : t('console.reports.ledger.run')}
        </Button>
      }
    >
      <ErrorLine error={run.error ? errorText(run.error) : checks.error ? errorText(checks.error) : null} />
      {last === null ? (
        <p className="text-sm text-slate-500">{t('console.reports.ledger.never')}</p>
      ) : (
        <div className="flex flex-col gap-2 text-sm" data-testid="ledger-check-last">
          <p className={last.ok ? 'font-semibold text-emerald-700' : 'font-semibold text-rose-700'}>
            {last.ok
              ? t('console.reports.ledger.clean', { at: when(last.ranAt) })
              : t('console.reports.ledger.broken', { at: when(last.ranAt) })}
          </p>
          <p className="text-xs text-slate-500">
            {t('console.reports.ledger.scope', {
              transfers: last.transfers.toLocaleString(i18n.language),
              accounts: last.accounts.toLocaleString(i18n.language),
              rules: last.results.length,
            })}
          </p>
          {last.results.some((result) => result.violations > 0) && (
            <ul className="list-disc pl-5 text-rose-700">
              {last.results
                .filter((result) => result.violations > 0)
                .map((result) => (
                  <li key={result.name}>
                    {result.name}: {result.violations}
                  </li>
                ))}
            </ul>
          )}
        </div>
      )}
    </Card>
  );
}

import { formatAmount, isAsset } from '@payhub/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { useCan } from '../../lib/staff.ts';
import { downloadCsv } from '../../shared/csv.ts';
import { Badge, Button, Card, ErrorLine, Input, Select, Table } from '../../shared/ui.tsx';

/** Yesterday, UTC (the providers' day): the day a reconciliation is usually run for. */
function yesterdayUtc(): string {
  return new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
}

/** Minor units (the providers' wire) as the asset's decimal amount, "150000.00", like the other reports. */
function amount(minor: string | null, asset: string): string {
  if (minor === null) return '—';
  return isAsset(asset) && /^-?\d+$/.test(minor) ? formatAmount(BigInt(minor), asset) : minor;
}

/** Game providers: the per-project switch, the daily report (bets, wins, rollbacks, GGR) and the reconciliation. */
export function ProvidersPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const maySwitch = useCan('switchProvider');
  const providers = useQuery({ queryKey: ['console', 'providers'], queryFn: () => api.console.providers() });
  const toggle = useMutation({
    mutationFn: (input: { providerId: string; enabled: boolean }) =>
      api.console.switchProvider({ body: input }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['console', 'providers'] }),
  });
  const items = providers.data?.items ?? [];
  const [providerId, setProviderId] = useState('');
  const [day, setDay] = useState(yesterdayUtc);
  const [shown, setShown] = useState<{ providerId: string; day: string } | null>(null);
  const chosen = providerId || items[0]?.providerId || '';
  const reconcile = useQuery({
    queryKey: ['console', 'providers', 'reconcile', shown],
    queryFn: () => api.console.providerReconcile({ query: shown! }),
    enabled: !!shown,
  });
  const rows = reconcile.data?.items ?? [];
  const differences = reconcile.data?.differences ?? [];
  return (
    <div className="flex flex-col gap-4">
      <Card title={t('consoleOps.providers.heading')}>
        <ErrorLine
          error={(providers.error ?? toggle.error) ? errorText(providers.error ?? toggle.error) : null}
        />
        <Table head={[t('consoleOps.providers.provider'), t('console.common.status'), '']}>
          {items.map((item) => (
            <tr key={item.providerId} data-testid={`provider-${item.providerId}`}>
              <td className="px-2 py-2">
                {item.name} <span className="font-mono text-xs text-slate-500">{item.providerId}</span>
              </td>
              <td className="px-2 py-2">
                <Badge tone={item.enabled ? 'green' : 'red'}>
                  {item.enabled ? t('consoleOps.providers.on') : t('consoleOps.providers.off')}
                </Badge>
              </td>
              <td className="px-2 py-2">
                {maySwitch && (
                  <Button
                    variant={item.enabled ? 'danger' : 'primary'}
                    disabled={toggle.isPending}
                    onClick={() => toggle.mutate({ providerId: item.providerId, enabled: !item.enabled })}
                  >
                    {item.enabled ? t('consoleOps.providers.switchOff') : t('consoleOps.providers.switchOn')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </Table>
        {items.length === 0 && !providers.isLoading && (
          <p className="py-4 text-sm text-slate-500">{t('console.common.empty')}</p>
        )}
      </Card>
      <Card
        title={t('consoleOps.providers.report')}
        actions={
          <Button
            variant="plain"
            disabled={rows.length === 0}
            onClick={() =>
              downloadCsv(
                `provider-${shown?.providerId}-${shown?.day}.csv`,
                ['asset', 'bets', 'betAmount', 'wins', 'winAmount', 'rollbacks', 'rolledBackAmount', 'ggr'],
                rows.map((row) => ({
                  ...row,
                  betAmount: amount(row.betAmount, row.asset),
                  winAmount: amount(row.winAmount, row.asset),
                  rolledBackAmount: amount(row.rolledBackAmount, row.asset),
                  ggr: amount(row.ggr, row.asset),
                })),
              )
            }
          >
            {t('console.common.exportCsv')}
          </Button>
        }
      >
        <form
          className="mb-3 flex flex-wrap items-center gap-2 text-sm"
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen) setShown({ providerId: chosen, day });
          }}
        >
          <Select
            aria-label={t('consoleOps.providers.provider')}
            value={chosen}
            onChange={(event) => setProviderId(event.target.value)}
          >
            {items.map((item) => (
              <option key={item.providerId} value={item.providerId}>
                {item.name}
              </option>
            ))}
          </Select>
          <label htmlFor="provider-day" className="flex items-center gap-1">
            {t('consoleOps.providers.day')}
            <Input
              id="provider-day"
              type="date"
              value={day}
              onChange={(event) => setDay(event.target.value)}
            />
          </label>
          <Button type="submit" disabled={!chosen || !day}>
            {t('consoleOps.providers.show')}
          </Button>
        </form>
        <ErrorLine error={reconcile.error ? errorText(reconcile.error) : null} />
        {reconcile.data && (
          <>
            <Table
              head={[
                t('consoleOps.providers.asset'),
                t('consoleOps.providers.bets'),
                t('consoleOps.providers.betAmount'),
                t('consoleOps.providers.wins'),
                t('consoleOps.providers.winAmount'),
                t('consoleOps.providers.rollbacks'),
                t('consoleOps.providers.rolledBack'),
                t('consoleOps.providers.ggr'),
              ]}
            >
              {rows.map((row) => (
                <tr key={row.asset} data-testid={`provider-day-${row.asset}`}>
                  <td className="px-2 py-2">{row.asset}</td>
                  <td className="px-2 py-2 tabular-nums">{row.bets}</td>
                  <td className="px-2 py-2 tabular-nums">{amount(row.betAmount, row.asset)}</td>
                  <td className="px-2 py-2 tabular-nums">{row.wins}</td>
                  <td className="px-2 py-2 tabular-nums">{amount(row.winAmount, row.asset)}</td>
                  <td className="px-2 py-2 tabular-nums">{row.rollbacks}</td>
                  <td className="px-2 py-2 tabular-nums">{amount(row.rolledBackAmount, row.asset)}</td>
                  <td className="px-2 py-2 font-medium tabular-nums">{amount(row.ggr, row.asset)}</td>
                </tr>
              ))}
            </Table>
            {rows.length === 0 && <p className="py-2 text-sm text-slate-500">{t('console.common.empty')}</p>}
            <h3 className="mt-4 mb-2 text-sm font-semibold">{t('consoleOps.providers.reconcile')}</h3>
            {differences.length === 0 ? (
              <p role="status" className="text-sm text-emerald-700">
                {t('consoleOps.providers.noDifferences')}
              </p>
            ) : (
              <Table
                head={[
                  t('consoleOps.providers.transaction'),
                  t('consoleOps.providers.kind'),
                  t('consoleOps.providers.asset'),
                  t('consoleOps.providers.problem'),
                  t('consoleOps.providers.ours'),
                  t('consoleOps.providers.theirs'),
                ]}
              >
                {differences.map((row) => (
                  <tr key={`${row.transactionUuid}:${row.problem}`} data-testid="provider-difference">
                    <td className="px-2 py-2 font-mono text-xs">{row.transactionUuid}</td>
                    <td className="px-2 py-2">
                      {t(`consoleOps.providers.kinds.${row.kind}`, { defaultValue: row.kind })}
                    </td>
                    <td className="px-2 py-2">{row.asset}</td>
                    <td className="px-2 py-2">
                      <Badge tone="red">{t(`consoleOps.providers.problems.${row.problem}`)}</Badge>
                    </td>
                    <td className="px-2 py-2 tabular-nums">{amount(row.ours, row.asset)}</td>
                    <td className="px-2 py-2 tabular-nums">{amount(row.theirs, row.asset)}</td>
                  </tr>
                ))}
              </Table>
            )}
          </>
        )}
      </Card>
    </div>
  );
}

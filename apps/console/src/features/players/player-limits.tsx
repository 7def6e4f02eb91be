import type { ResponsibleLimit } from '@payhub/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/api.ts';
import { Badge, Card, ErrorLine, Table } from '../../shared/ui.tsx';
import { limitsQuery } from './api.ts';

const at = (seconds: number) => new Date(seconds * 1000).toLocaleString();

/**
 * The player's responsible-play limits (with pending changes and when they apply) and exclusion —
 * view only: no console endpoint changes them, and the card says so.
 */
export function PlayerLimits({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const limits = useQuery(limitsQuery(userId));
  const data = limits.data;
  const show = (row: ResponsibleLimit, value: string | null) =>
    value === null
      ? t('consoleScreens.limits.none')
      : row.kind === 'session_minutes'
        ? t('consoleScreens.limits.minutes', { count: Number(value) })
        : `${value} ${data?.currency ?? ''}`;
  const exclusion = data?.exclusion ?? null;
  // Limits the player set (or is changing) get a row; the others are named in one line under them.
  const set = data?.limits.filter((row) => row.value !== null || row.pending !== null) ?? [];
  const unset = data?.limits.filter((row) => row.value === null && row.pending === null) ?? [];
  return (
    <Card title={t('consoleScreens.limits.heading')}>
      <ErrorLine error={limits.error ? errorText(limits.error) : null} />
      {data && (
        <div className="flex flex-col gap-3 text-sm">
          <div data-testid="player-exclusion">
            {exclusion ? (
              <Badge tone="red">
                {exclusion.kind === 'self_exclusion' && exclusion.until === null
                  ? t('consoleScreens.limits.self_exclusionPermanent', { since: at(exclusion.since) })
                  : t(`consoleScreens.limits.${exclusion.kind}`, {
                      until: at(exclusion.until ?? 0),
                      since: at(exclusion.since),
                    })}
              </Badge>
            ) : (
              <p className="text-slate-600">{t('consoleScreens.limits.exclusionNone')}</p>
            )}
          </div>
          {set.length > 0 && (
            <Table
              head={[
                t('consoleScreens.limits.kind'),
                t('consoleScreens.limits.value'),
                t('consoleScreens.limits.used'),
                t('consoleScreens.limits.pending'),
              ]}
            >
              {set.map((row) => (
                <tr key={row.kind}>
                  <td className="px-2 py-1.5">{t(`consoleScreens.limits.kinds.${row.kind}`)}</td>
                  <td className="px-2 py-1.5 tabular-nums">{show(row, row.value)}</td>
                  <td className="px-2 py-1.5 tabular-nums">{row.used ?? '—'}</td>
                  <td className="px-2 py-1.5">
                    {row.pending
                      ? row.pending.value === null
                        ? t('consoleScreens.limits.pendingRemove', { at: at(row.pending.effectiveAt) })
                        : t('consoleScreens.limits.pendingValue', {
                            value: show(row, row.pending.value),
                            at: at(row.pending.effectiveAt),
                          })
                      : '—'}
                  </td>
                </tr>
              ))}
            </Table>
          )}
          {set.length === 0 && <p className="text-slate-500">{t('consoleScreens.limits.noneSet')}</p>}
          {unset.length > 0 && set.length > 0 && (
            <p className="text-xs text-slate-500">
              {t('consoleScreens.limits.notSet', {
                kinds: unset.map((row) => t(`consoleScreens.limits.kinds.${row.kind}`)).join(', '),
              })}
            </p>
          )}
          {data.realityCheckMinutes !== null && (
            <p className="text-slate-600">
              {t('consoleScreens.limits.realityCheck', { count: data.realityCheckMinutes })}
            </p>
          )}
          <p className="rounded bg-slate-50 p-2 text-xs text-slate-500">
            {t('consoleScreens.limits.readOnly')}
          </p>
        </div>
      )}
    </Card>
  );
}

import type { TaskDataRow } from '@payhub/contracts';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { DataCenterView, useDataCenterStore } from '../../lib/stores/data-center.store.ts';
import { useGlobalStore } from '../../lib/stores/global.store.ts';
import { formatCurrency } from '../../shared/money.ts';
import { useDateRange } from './api.ts';

const COLUMNS = ['applyCount', 'completeCount', 'depositFirstCount', 'depositAllCount'] as const;

/** The individual/group switch (group only for leaders) and the range presets. */
export function DataControls() {
  const { t } = useTranslation();
  const isLeader = useGlobalStore((state) => state.spaInfo?.role === 1);
  const value = useDataCenterStore((state) => state.value);
  const range = useDataCenterStore((state) =>
    state.value === DataCenterView.Group ? state.group : state.individual,
  );
  const dateRange = useDateRange();
  const choose = (startTime: number, endTime: number) =>
    useDataCenterStore.setState(
      value === DataCenterView.Group
        ? { group: { startTime, endTime } }
        : { individual: { startTime, endTime } },
    );
  const pill = (active: boolean) =>
    clsx(
      'h-9 shrink-0 rounded-full px-3 text-sm font-medium ring-1 ring-inset',
      active ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-700 ring-slate-300',
    );
  return (
    <div className="flex flex-col gap-2">
      {isLeader ? (
        <div className="flex gap-2" role="tablist">
          {[DataCenterView.Individual, DataCenterView.Group].map((view) => (
            <button
              key={view}
              type="button"
              role="tab"
              aria-selected={value === view}
              className={pill(value === view)}
              onClick={() => useDataCenterStore.setState({ value: view })}
            >
              {view === DataCenterView.Group ? t('datacenter.group') : t('datacenter.individual')}
            </button>
          ))}
        </div>
      ) : null}
      <div className="flex gap-2 overflow-x-auto pb-1">
        {dateRange.data?.presets.map((preset) => (
          <button
            key={preset.key}
            type="button"
            className={pill(range?.startTime === preset.startTime && range?.endTime === preset.endTime)}
            onClick={() => choose(preset.startTime, preset.endTime)}
          >
            {t(`datacenter.presets.${preset.key}` as 'datacenter.presets.today')}
          </button>
        ))}
      </div>
      {dateRange.data ? (
        <p className="text-xs text-slate-500">
          {t('datacenter.timeZone', { zone: dateRange.data.timeZone })}
        </p>
      ) : null}
      <nav className="flex gap-3 text-sm">
        <Link className="text-brand-700 underline" to={paths.dataDateGranularity}>
          {t('datacenter.byDate')}
        </Link>
        <Link className="text-brand-700 underline" to={paths.dataTelephoneGranularity}>
          {t('datacenter.byPhone')}
        </Link>
        {isLeader ? (
          <Link className="text-brand-700 underline" to={paths.dataCheck}>
            {t('datacenter.check')}
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

export function useMoney() {
  const project = useGlobalStore((state) => state.site.project);
  return (amount: string) => (project ? formatCurrency(amount, project) : amount);
}

/** The summary row as figures. */
export function SummaryTiles({ row }: { row: TaskDataRow }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <div className="grid grid-cols-2 gap-2" data-testid="data-summary">
      {COLUMNS.map((column) => (
        <div key={column} className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200/70">
          <p className="text-xs text-slate-600">{t(`datacenter.${column}`)}</p>
          <p className="text-xl font-semibold text-slate-900" data-testid={`summary-${column}`}>
            {row[column]}
          </p>
        </div>
      ))}
      <div className="col-span-2 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200/70">
        <p className="text-xs text-slate-600">{t('datacenter.depositFirstAmount')}</p>
        <p className="text-xl font-semibold text-slate-900" data-testid="summary-depositFirstAmount">
          {money(row.depositFirstAmount)}
        </p>
      </div>
    </div>
  );
}

/** Rows as a table that scrolls sideways on a 360 px screen; the first column names the row. */
export function RowsTable({
  rows,
  label,
  labelOf,
}: {
  rows: ReadonlyArray<TaskDataRow & { key?: string }>;
  label: string;
  labelOf?: (row: TaskDataRow, index: number) => string;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/70">
      <table className="w-full min-w-[520px] text-sm">
        <thead className="bg-slate-50 text-left text-xs text-slate-600">
          <tr>
            <th className="px-3 py-2">{label}</th>
            {COLUMNS.map((column) => (
              <th key={column} className="px-3 py-2 text-right">
                {t(`datacenter.${column}`)}
              </th>
            ))}
            <th className="px-3 py-2 text-right">{t('datacenter.depositFirstAmount')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr
              key={row.key ?? `${row.date}-${index}`}
              className={clsx('border-slate-100 border-t', index === 0 && 'font-semibold')}
            >
              <td className="px-3 py-2">
                {index === 0 ? t('datacenter.total') : (labelOf?.(row, index) ?? row.date)}
              </td>
              {COLUMNS.map((column) => (
                <td key={column} className="px-3 py-2 text-right tabular-nums">
                  {row[column]}
                </td>
              ))}
              <td className="px-3 py-2 text-right tabular-nums">{money(row.depositFirstAmount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { downloadCsv } from '../../shared/csv.ts';
import { Button } from '../../shared/ui.tsx';

/** The assets a report's rows are in, and the one its chart shows (the first until another is picked). */
export function useShownAsset(items: ReadonlyArray<{ asset: string }>) {
  const assets = [...new Set(items.map((item) => item.asset))];
  const [asset, setAsset] = useState<string | null>(null);
  const shown = assets.find((code) => code === asset) ?? assets[0] ?? null;
  return { assets, shown, setAsset };
}

/** One button per asset when a report has several: which one the chart draws. */
export function AssetButtons({
  assets,
  shown,
  onPick,
}: {
  assets: string[];
  shown: string | null;
  onPick: (asset: string) => void;
}) {
  if (assets.length < 2) return null;
  return assets.map((code) => (
    <Button key={code} variant={code === shown ? 'primary' : 'plain'} onClick={() => onPick(code)}>
      {code}
    </Button>
  ));
}

/** The report's rows as a CSV file named after the report and its range. */
export function CsvButton({
  name,
  range,
  columns,
  items,
}: {
  name: string;
  range: { from: string; to: string };
  columns: string[];
  items: Array<Record<string, unknown>>;
}) {
  const { t } = useTranslation();
  return (
    <Button
      variant="plain"
      disabled={items.length === 0}
      onClick={() => downloadCsv(`${name}-${range.from}-${range.to}.csv`, columns, items)}
    >
      {t('console.common.exportCsv')}
    </Button>
  );
}

const COLOURS = [
  '#0f766e',
  '#b45309',
  '#4338ca',
  '#be123c',
  '#0369a1',
  '#65a30d',
  '#7c3aed',
  '#a16207',
  '#64748b',
];

/**
 * One asset's figures per day as bars, one per series (stacked when `stacked`). The numbers are for
 * drawing only (a report's table shows the server's exact amounts).
 */
export function DayBarChart({
  data,
  series,
  stacked = false,
  testId,
  className = 'h-72',
}: {
  data: Array<Record<string, number | string>>;
  series: Array<{ key: string; name: string }>;
  stacked?: boolean;
  testId: string;
  className?: string;
}) {
  return (
    <div className={`${className} w-full`} data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="day" fontSize={12} />
          <YAxis fontSize={12} width={90} />
          <Tooltip />
          <Legend />
          {series.map((one, index) => (
            <Bar
              key={one.key}
              isAnimationActive={false}
              stackId={stacked ? 'stack' : undefined}
              dataKey={one.key}
              name={one.name}
              fill={COLOURS[index % COLOURS.length]}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

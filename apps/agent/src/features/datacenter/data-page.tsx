import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { InboxBell } from '../../lib/inbox/inbox-bell.tsx';
import { Card } from '../../shared/ui/card.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { useTaskRows } from './api.ts';
import { DataControls, SummaryTiles } from './data-parts.tsx';

/** /data: the data center (spec §3): summary first, then the days as a chart. */
export default function DataPage() {
  const { t } = useTranslation();
  const rows = useTaskRows();
  const [summary, ...days] = rows.data?.rows ?? [];
  const chart = [...days].reverse().map((row) => ({
    date: row.date.slice(5),
    [t('datacenter.applyCount')]: row.applyCount,
    [t('datacenter.depositFirstCount')]: row.depositFirstCount,
  }));
  return (
    <Page title={t('datacenter.title')} actions={<InboxBell />}>
      <DataControls />
      {!summary ? (
        <PageSpinner label={t('common.loading')} />
      ) : (
        <>
          <SummaryTiles row={summary} />
          <Card>
            <div className="h-56 w-full">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={chart} margin={{ top: 8, right: 4, bottom: 0, left: -24 }}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="date" fontSize={11} />
                  <YAxis allowDecimals={false} fontSize={11} />
                  <Tooltip />
                  <Legend wrapperStyle={{ fontSize: 12 }} />
                  <Bar dataKey={t('datacenter.applyCount')} fill="#0f766e" radius={[4, 4, 0, 0]} />
                  <Bar dataKey={t('datacenter.depositFirstCount')} fill="#f59e0b" radius={[4, 4, 0, 0]} />
                </BarChart>
              </ResponsiveContainer>
            </div>
          </Card>
        </>
      )}
    </Page>
  );
}

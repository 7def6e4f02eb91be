import { useTranslation } from 'react-i18next';
import { LoadError } from '../../shared/payment-ui.tsx';
import { Card } from '../../shared/ui/card.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { useTaskRows } from './api.ts';
import { DataControls, RowsTable } from './data-parts.tsx';

/** /data/date-granularity: the rows per local day, summary first. */
export default function DateGranularityPage() {
  const { t } = useTranslation();
  const rows = useTaskRows();
  return (
    <Page title={t('datacenter.byDate')}>
      <DataControls />
      {!rows.data ? (
        rows.isError ? (
          <LoadError query={rows} />
        ) : (
          <PageSpinner label={t('common.loading')} />
        )
      ) : rows.data.rows.length <= 1 ? (
        <Card>
          <p className="text-sm text-slate-600">{t('datacenter.empty')}</p>
        </Card>
      ) : (
        <RowsTable rows={rows.data.rows} label={t('datacenter.date')} />
      )}
    </Page>
  );
}

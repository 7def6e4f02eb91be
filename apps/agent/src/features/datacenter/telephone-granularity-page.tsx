import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataCenterView, useDataCenterStore } from '../../lib/stores/data-center.store.ts';
import { useGlobalStore } from '../../lib/stores/global.store.ts';
import { LoadError } from '../../shared/payment-ui.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { phoneRowsQuery, useDateRange } from './api.ts';
import { DataControls, RowsTable } from './data-parts.tsx';

/** /data/telephone-granularity: the caller's rows per lead over the chosen range (numbers masked unless theirs). */
export default function TelephoneGranularityPage() {
  const { t } = useTranslation();
  useDateRange();
  const userId = useGlobalStore((state) => state.user?.id);
  const range = useDataCenterStore((state) =>
    state.value === DataCenterView.Group ? state.group : state.individual,
  );
  const rows = useQuery(phoneRowsQuery(userId, range));
  return (
    <Page title={t('datacenter.byPhone')}>
      <DataControls />
      {!rows.data ? (
        rows.isError ? (
          <LoadError query={rows} />
        ) : (
          <PageSpinner label={t('common.loading')} />
        )
      ) : (
        <RowsTable
          rows={rows.data.rows.map((row, index) => ({ ...row, key: `${row.leadId ?? 'share'}-${index}` }))}
          label={t('datacenter.phone')}
          labelOf={(_, index) => rows.data.rows[index]?.phone || t('datacenter.share')}
        />
      )}
    </Page>
  );
}

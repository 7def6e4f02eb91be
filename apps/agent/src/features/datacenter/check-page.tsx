import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DataCenterView, useDataCenterStore } from '../../lib/stores/data-center.store.ts';
import { LoadError } from '../../shared/payment-ui.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { memberRowsQuery, myGroupQuery, useDateRange } from './api.ts';
import { DataControls, RowsTable } from './data-parts.tsx';

/** /data/check: the leader's group per member over the group range; members not fully counted are marked. */
export default function CheckPage() {
  const { t } = useTranslation();
  useDateRange();
  // The member table reads the group range: the presets act on it here.
  useEffect(() => useDataCenterStore.setState({ value: DataCenterView.Group }), []);
  const range = useDataCenterStore((state) => state.group);
  const group = useQuery(myGroupQuery());
  const groupId = group.data?.group?.id;
  const rows = useQuery(memberRowsQuery(groupId, range));
  return (
    <Page title={t('datacenter.check')}>
      <DataControls />
      {!rows.data ? (
        rows.isError ? (
          <LoadError query={rows} />
        ) : (
          <PageSpinner label={t('common.loading')} />
        )
      ) : (
        <RowsTable
          rows={rows.data.rows.map((row) => ({ ...row, key: String(row.userId) }))}
          label={t('datacenter.member')}
          labelOf={(_, index) => {
            const member = rows.data.rows[index];
            if (!member) return '';
            return member.complete ? member.nickname : `${member.nickname} · ${t('datacenter.incomplete')}`;
          }}
        />
      )}
    </Page>
  );
}

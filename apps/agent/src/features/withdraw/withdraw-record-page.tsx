import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState, Tabs, useFormatMoney, useFormatTime } from '../../shared/payment-ui.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { useWithdrawHandles, useWithdrawLive } from './api.ts';
import { withdrawalMatches } from './withdraw-search.ts';
import { WithdrawStateBadge } from './withdraw-ui.tsx';

/** /withdraw/record: the operator's finished (paid or failed) and exceptional withdrawals, searchable (issue 11). */
export default function WithdrawRecordPage() {
  const { t } = useTranslation();
  useWithdrawLive();
  const money = useFormatMoney();
  const time = useFormatTime();
  const [type, setType] = useState<'1' | '2'>('1');
  const records = useWithdrawHandles(type === '1' ? 1 : 2);
  const [search, setSearch] = useState('');
  const shown = (records.data?.items ?? []).filter((order) =>
    withdrawalMatches(order, search, money(order.amount)),
  );
  return (
    <Page title={t('payhub.withdraw.recordTitle')}>
      <Tabs
        value={type}
        onChange={setType}
        options={[
          { value: '1', label: t('payhub.withdraw.settled') },
          { value: '2', label: t('payhub.withdraw.exceptional') },
        ]}
      />
      <TextField
        label={t('payhub.orders.search')}
        placeholder={t('payhub.withdraw.searchHint')}
        type="search"
        name="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <ListState
        loading={records.isLoading}
        query={records}
        empty={records.data && shown.length === 0 ? t('payhub.withdraw.empty') : null}
      >
        <ul
          data-testid="withdraw-record-list"
          className="flex flex-col divide-y divide-slate-100 rounded-xl bg-white px-3 ring-1 ring-slate-200/70"
        >
          {shown.map((order) => (
            <li
              key={order.id}
              data-testid={`withdraw-record-${order.orderNo}`}
              className="flex items-center justify-between gap-3 py-2.5"
            >
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">{money(order.amount)}</span>
                <span className="block truncate text-[13px] text-slate-600">
                  {order.holderName} · {order.bankCode}
                </span>
                <span className="block text-[13px] text-slate-600">
                  {order.orderNo} · {time(order.updatedAt)}
                </span>
              </span>
              <WithdrawStateBadge state={order.state} />
            </li>
          ))}
        </ul>
      </ListState>
    </Page>
  );
}

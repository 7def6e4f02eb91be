import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState, Tabs, useFormatMoney, useFormatTime } from '../../shared/payment-ui.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { useWithdrawHandles, useWithdrawLive } from './api.ts';
import { WithdrawStateBadge } from './withdraw-ui.tsx';

/** /withdraw/record: the operator's settled and exceptional withdrawals. */
export default function WithdrawRecordPage() {
  const { t } = useTranslation();
  useWithdrawLive();
  const money = useFormatMoney();
  const time = useFormatTime();
  const [type, setType] = useState<'1' | '2'>('1');
  const records = useWithdrawHandles(type === '1' ? 1 : 2);
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
      <ListState
        loading={records.isLoading}
        empty={records.data?.items.length === 0 ? t('payhub.withdraw.empty') : null}
      >
        <ul className="flex flex-col divide-y divide-slate-100 rounded-xl bg-white px-3 ring-1 ring-slate-200/70">
          {records.data?.items.map((order) => (
            <li key={order.id} className="flex items-center justify-between gap-3 py-2.5">
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">{money(order.amount)}</span>
                <span className="block truncate text-[13px] text-slate-600">
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

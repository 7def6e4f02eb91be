import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListState, useFormatMoney, useFormatTime } from '../../shared/payment-ui.tsx';
import { Card, CardTitle } from '../../shared/ui/card.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { quotaHistoryQuery, useTopups } from './api.ts';
import { TopupStateBadge } from './payhub-ui.tsx';

/** /payhub/recharge-record: every quota top-up (bank, USDT, Indodax) and the quota balance history. */
export default function RechargeRecordPage() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const time = useFormatTime();
  const bank = useTopups('bank');
  const indodax = useTopups('indodax');
  const history = useQuery(quotaHistoryQuery());
  const topups = [...(bank.data?.items ?? []), ...(indodax.data?.items ?? [])].sort((a, b) =>
    b.createdAt.localeCompare(a.createdAt),
  );
  return (
    <Page title={t('payhub.menu.rechargeRecord')}>
      <Card>
        <CardTitle>{t('payhub.topup.records')}</CardTitle>
        <ListState
          loading={bank.isLoading || indodax.isLoading}
          empty={topups.length === 0 ? t('payhub.topup.empty') : null}
        >
          <ul className="flex flex-col divide-y divide-slate-100" data-testid="topup-records">
            {topups.map((topup) => (
              <li key={topup.id} className="flex items-center justify-between gap-3 py-2.5">
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900">{money(topup.amount)}</span>
                  <span className="block truncate text-[13px] text-slate-600">
                    {t(`payhub.topup.method.${topup.method}`)} · {time(topup.createdAt)}
                  </span>
                </span>
                <TopupStateBadge state={topup.state} />
              </li>
            ))}
          </ul>
        </ListState>
      </Card>
      <Card>
        <CardTitle>{t('payhub.topup.history')}</CardTitle>
        <ListState
          loading={history.isLoading}
          empty={history.data?.items.length === 0 ? t('payhub.topup.empty') : null}
        >
          <ul className="flex flex-col divide-y divide-slate-100">
            {history.data?.items.map((entry) => (
              <li key={entry.id} className="flex items-center justify-between gap-3 py-2.5 text-sm">
                <span className="min-w-0 truncate text-slate-600">
                  {entry.referenceType ?? entry.code} · {time(entry.createdAt)}
                </span>
                <span className="text-right">
                  <span
                    className={
                      entry.amount.startsWith('-')
                        ? 'block font-semibold text-red-700'
                        : 'block font-semibold text-emerald-700'
                    }
                  >
                    {money(entry.amount)}
                  </span>
                  <span className="block text-[13px] text-slate-600">{money(entry.balanceAfter)}</span>
                </span>
              </li>
            ))}
          </ul>
        </ListState>
      </Card>
    </Page>
  );
}

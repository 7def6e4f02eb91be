import type { Topup } from '@payhub/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { ListState, useFormatMoney, useFormatTime } from '../../shared/payment-ui.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Card, CardTitle } from '../../shared/ui/card.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { topupRangeQuery, usePayhubMutation, useTopups } from './api.ts';
import { TopupStateBadge } from './payhub-ui.tsx';
import { TopupCard, TopupForm } from './topup-form.tsx';

/** /payhub/indodax: top up quota through the Indonesian exchange; check a payment's state. */
export default function IndodaxPage() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const time = useFormatTime();
  const range = useQuery(topupRangeQuery());
  const orders = useTopups('indodax');
  const [opened, setOpened] = useState<Topup | null>(null);
  const check = usePayhubMutation((orderNo: string) => api.quota.indodaxPay({ body: { orderNo } }));
  return (
    <Page title={t('payhub.menu.indodax')}>
      <Card>
        {range.data ? (
          <p className="mb-3 text-sm text-slate-600">
            {t('payhub.topup.rate', { rate: money(range.data.localPerUsdt) })}
          </p>
        ) : null}
        <TopupForm
          range={range.data ? { min: range.data.minAmount, max: range.data.maxAmount } : null}
          open={(amount, idempotencyKey) => api.quota.indodaxUrl({ body: { amount }, idempotencyKey })}
          onOpened={setOpened}
        />
      </Card>
      {opened ? <TopupCard topup={opened} /> : null}
      <Card>
        <CardTitle>{t('payhub.topup.records')}</CardTitle>
        <ListState
          loading={orders.isLoading}
          query={orders}
          empty={orders.data?.items.length === 0 ? t('payhub.topup.empty') : null}
        >
          <ul className="flex flex-col divide-y divide-slate-100">
            {orders.data?.items.map((topup) => (
              <li key={topup.id} className="flex items-center justify-between gap-3 py-2.5">
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900">{money(topup.amount)}</span>
                  <span className="block truncate text-[13px] text-slate-600">
                    {topup.orderNo} · {time(topup.createdAt)}
                  </span>
                </span>
                {topup.state === 0 ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    busy={check.isPending}
                    onClick={() => check.mutate(topup.orderNo)}
                  >
                    {t('payhub.topup.checkPayment')}
                  </Button>
                ) : (
                  <TopupStateBadge state={topup.state} />
                )}
              </li>
            ))}
          </ul>
        </ListState>
      </Card>
    </Page>
  );
}

import { ErrorCode, type Topup } from '@payhub/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { usePaymentStore } from '../../lib/stores/payment.store.ts';
import { useFormatMoney } from '../../shared/payment-ui.tsx';
import { Card } from '../../shared/ui/card.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { topupRangeQuery, topupsQuery } from './api.ts';
import { QrImage } from './qr-image.tsx';
import { CopyValue, TopupCard, TopupForm } from './topup-form.tsx';

/**
 * /payhub/usdt: top up quota with USDT on chain. Opening a top-up answers its own watched address and
 * the exact USDT to send (from the exchange rate); the chain watcher credits the quota once the transfer
 * has its confirmations, and the quota push refreshes the top-up's state here. A server without a chain
 * answers 3065 and the page says USDT top-up is unavailable.
 */
export default function UsdtPage() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const range = useQuery(topupRangeQuery());
  const rate = useQuery({
    queryKey: ['payhub', 'usdt-rate'],
    queryFn: () => api.exchange.rate({ query: { from: 'USDT' } }),
  });
  const [opened, setOpened] = useState<Topup | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const records = useQuery({ ...topupsQuery('bank'), enabled: opened !== null });
  // The quota push (a settled top-up moves the quota) refreshes the top-up's state.
  const quota = usePaymentStore((state) => state.quota);
  const refetch = records.refetch;
  useEffect(() => {
    if (quota && opened) void refetch();
  }, [quota, opened, refetch]);
  const current = (opened && records.data?.items.find((item) => item.id === opened.id)) || opened;
  return (
    <Page title={t('payhub.menu.usdt')}>
      <Card>
        {rate.data ? (
          <p className="mb-3 text-sm text-slate-600">
            {t('payhub.topup.rate', { rate: money(rate.data.usdt) })}
          </p>
        ) : null}
        {unavailable ? (
          <p
            className="rounded-lg bg-amber-50 p-3 text-sm text-amber-800"
            role="alert"
            data-testid="usdt-unavailable"
          >
            {t('payhub.topup.usdtUnavailable')}
          </p>
        ) : (
          <TopupForm
            range={range.data ? { min: range.data.minAmount, max: range.data.maxAmount } : null}
            open={async (amount, idempotencyKey) => {
              try {
                return await api.quota.pay({ body: { amount, method: 'usdt' }, idempotencyKey });
              } catch (error) {
                if ((error as { errCode?: number }).errCode === ErrorCode.UsdtTopupUnavailable)
                  setUnavailable(true);
                throw error;
              }
            }}
            onOpened={setOpened}
          />
        )}
      </Card>
      {current ? (
        <>
          {current.usdtAmount ? (
            <Card className="flex flex-col items-center gap-3 text-center">
              <p className="text-sm font-medium text-slate-700">{t('payhub.topup.usdtSend')}</p>
              <div className="text-2xl font-semibold tabular-nums text-slate-900">
                <CopyValue value={current.usdtAmount} testId="usdt-amount" /> USDT
              </div>
              <QrImage text={current.payTo} label={t('payhub.topup.usdtAddress')} />
              <p className="text-sm font-medium text-slate-700">{t('payhub.topup.usdtAddress')}</p>
              <div className="w-full break-all">
                <CopyValue value={current.payTo} testId="usdt-address" />
              </div>
              <p className="rounded-lg bg-amber-50 p-3 text-left text-xs text-amber-800">
                {t('payhub.topup.usdtWarning')}
              </p>
            </Card>
          ) : null}
          <TopupCard topup={current} />
        </>
      ) : null}
    </Page>
  );
}

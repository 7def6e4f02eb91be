import type { Topup } from '@payhub/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { useFormatMoney } from '../../shared/payment-ui.tsx';
import { Card } from '../../shared/ui/card.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { topupRangeQuery } from './api.ts';
import { QrImage } from './qr-image.tsx';
import { TopupCard, TopupForm } from './topup-form.tsx';

/** /payhub/usdt: top up quota with USDT; the custody address is shown as text and as a QR code. */
export default function UsdtPage() {
  const { t } = useTranslation();
  const range = useQuery(topupRangeQuery());
  const money = useFormatMoney();
  const [opened, setOpened] = useState<Topup | null>(null);
  return (
    <Page title={t('payhub.menu.usdt')}>
      <Card>
        {range.data ? (
          <p className="mb-3 text-sm text-slate-600">
            {t('payhub.topup.rate', { rate: money(range.data.localPerUsdt) })}
          </p>
        ) : null}
        <TopupForm
          range={range.data ? { min: range.data.minAmount, max: range.data.maxAmount } : null}
          open={(amount, idempotencyKey) =>
            api.quota.pay({ body: { amount, method: 'usdt' }, idempotencyKey })
          }
          onOpened={setOpened}
        />
      </Card>
      {opened ? (
        <>
          <TopupCard topup={opened} />
          <Card className="flex flex-col items-center gap-2">
            <p className="text-sm font-medium text-slate-700">{t('payhub.topup.usdtAddress')}</p>
            <QrImage text={opened.payTo} label={t('payhub.topup.usdtAddress')} />
          </Card>
        </>
      ) : null}
    </Page>
  );
}

import type { Topup } from '@payhub/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { useFormatMoney } from '../../shared/payment-ui.tsx';
import { Card, CardTitle, DetailRow } from '../../shared/ui/card.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { rechargeBankQuery, topupRangeQuery, useQuota } from './api.ts';
import { CopyValue, TopupCard, TopupForm } from './topup-form.tsx';

/** /payhub/recharge: top up quota by bank transfer to the project's account (a CLABE in Mexico: its rails). */
export default function RechargePage() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const quota = useQuota();
  const bank = useQuery(rechargeBankQuery());
  const range = useQuery(topupRangeQuery());
  const [opened, setOpened] = useState<Topup | null>(null);
  return (
    <Page title={t('payhub.menu.recharge')}>
      <Card>
        <CardTitle>{t('payhub.topup.bankAccount')}</CardTitle>
        {bank.data ? (
          <dl>
            <DetailRow label={t('payhub.topup.bank')}>{bank.data.bankCode}</DetailRow>
            <DetailRow
              label={t(bank.data.scheme === 'clabe' ? 'payhub.topup.clabe' : 'payhub.topup.accountNo')}
            >
              <CopyValue value={bank.data.accountNo} />
            </DetailRow>
            <DetailRow label={t('payhub.topup.holder')}>{bank.data.holderName}</DetailRow>
          </dl>
        ) : null}
        <p className="mt-2 text-sm text-slate-600">
          {t('payhub.quota')}: {quota.data ? money(quota.data.quota) : '…'}
        </p>
      </Card>
      <Card>
        <TopupForm
          range={range.data ? { min: range.data.minAmount, max: range.data.maxAmount } : null}
          open={(amount, idempotencyKey) =>
            api.quota.pay({ body: { amount, method: 'bank' }, idempotencyKey })
          }
          onOpened={setOpened}
        />
      </Card>
      {opened ? <TopupCard topup={opened} /> : null}
    </Page>
  );
}

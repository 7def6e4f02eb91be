import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListState, useFormatMoney } from '../../shared/payment-ui.tsx';
import { Card, CardTitle, DetailRow } from '../../shared/ui/card.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { rechargeBankQuery, useTopups } from './api.ts';
import { CopyValue } from './topup-form.tsx';

/** /payhub/va-bank: transfer instructions for the bank top-ups still awaiting payment. */
export default function VaBankPage() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const bank = useQuery(rechargeBankQuery());
  const topups = useTopups('bank');
  const open = (topups.data?.items ?? []).filter((topup) => topup.state === 0 && topup.method === 'bank');
  return (
    <Page title={t('payhub.menu.vaBank')}>
      <Card>
        <CardTitle>{t('payhub.topup.vaTitle')}</CardTitle>
        <p className="mb-2 text-sm text-slate-600">{t('payhub.topup.vaSteps')}</p>
        {bank.data ? (
          <dl>
            <DetailRow label={t('payhub.topup.bank')}>{bank.data.bankCode}</DetailRow>
            <DetailRow label={t('payhub.topup.accountNo')}>
              <CopyValue value={bank.data.accountNo} />
            </DetailRow>
            <DetailRow label={t('payhub.topup.holder')}>{bank.data.holderName}</DetailRow>
          </dl>
        ) : null}
      </Card>
      <Card>
        <CardTitle>{t('payhub.topup.openTopups')}</CardTitle>
        <ListState loading={topups.isLoading} empty={open.length === 0 ? t('payhub.topup.empty') : null}>
          <dl>
            {open.map((topup) => (
              <DetailRow key={topup.id} label={topup.orderNo}>
                <CopyValue value={money(topup.amount)} />
              </DetailRow>
            ))}
          </dl>
        </ListState>
      </Card>
    </Page>
  );
}

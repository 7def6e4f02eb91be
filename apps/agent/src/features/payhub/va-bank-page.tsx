import { Landmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../lib/paths.ts';
import { ListState, MenuTile, useFormatMoney } from '../../shared/payment-ui.tsx';
import { Card, CardTitle, DetailRow } from '../../shared/ui/card.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { useTopups } from './api.ts';
import { CopyValue } from './topup-form.tsx';

/**
 * /payhub/va-bank: the bank top-ups still awaiting a transfer, each with what to send: the exact
 * amount, the account it was opened on (the project's rails) and its number as the payment reference.
 * The platform issues no virtual accounts, so none is shown (issue 11: the fixed bank account was
 * shown here as a "VA").
 */
export default function VaBankPage() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const topups = useTopups('bank');
  const open = (topups.data?.items ?? []).filter((topup) => topup.state === 0 && topup.method === 'bank');
  return (
    <Page title={t('payhub.menu.vaBank')}>
      <Card>
        <CardTitle>{t('payhub.topup.vaTitle')}</CardTitle>
        <p className="text-sm text-slate-600">{t('payhub.topup.vaSteps')}</p>
      </Card>
      <ListState
        loading={topups.isLoading}
        query={topups}
        empty={open.length === 0 ? t('payhub.topup.empty') : null}
      >
        {open.map((topup) => (
          <Card key={topup.id}>
            <dl>
              <DetailRow label={t('payhub.topup.amount')}>
                <CopyValue value={money(topup.amount)} />
              </DetailRow>
              <DetailRow label={t('payhub.topup.payTo')}>
                <CopyValue value={topup.payTo} />
              </DetailRow>
              <DetailRow label={t('payhub.topup.reference')}>
                <CopyValue value={topup.orderNo} />
              </DetailRow>
            </dl>
          </Card>
        ))}
      </ListState>
      <nav className="grid grid-cols-3 gap-2">
        <MenuTile
          to={paths.payhubRecharge}
          icon={<Landmark className="size-6" />}
          label={t('payhub.topup.newTopup')}
        />
      </nav>
    </Page>
  );
}

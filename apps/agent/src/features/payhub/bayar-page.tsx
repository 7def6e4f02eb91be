import { Banknote, Bitcoin, Building2, Landmark, QrCode } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../lib/paths.ts';
import { MenuTile, useFormatMoney, useRails } from '../../shared/payment-ui.tsx';
import { Card, CardTitle } from '../../shared/ui/card.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { useQuota } from './api.ts';

/**
 * /payhub/bayar: pay for quota — the current quota and the ways to top it up that the project's rails
 * offer (a Mexican project: SPEI to its CLABE and USDT; no Indodax, no QR code).
 */
export default function BayarPage() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const quota = useQuota();
  const rails = useRails();
  const offers = (method: 'bank' | 'usdt' | 'indodax') => rails.topUpMethods.includes(method);
  return (
    <Page title={t('payhub.menu.bayar')}>
      <Card>
        <CardTitle>{t('payhub.quota')}</CardTitle>
        <p className="text-2xl font-bold text-slate-900">{quota.data ? money(quota.data.quota) : '…'}</p>
        <p className="text-sm text-slate-600">
          {t('payhub.quotaAvailable')}: {quota.data ? money(quota.data.available) : '…'}
        </p>
      </Card>
      <p className="text-sm font-medium text-slate-700">{t('payhub.topup.choose')}</p>
      <nav className="grid grid-cols-3 gap-2">
        {offers('bank') ? (
          <MenuTile
            to={paths.payhubRecharge}
            icon={<Landmark className="size-6" />}
            label={t('payhub.topup.method.bank')}
          />
        ) : null}
        {offers('usdt') ? (
          <MenuTile
            to={paths.payhubUsdt}
            icon={<Bitcoin className="size-6" />}
            label={t('payhub.topup.method.usdt')}
          />
        ) : null}
        {offers('indodax') ? (
          <MenuTile
            to={paths.payhubIndodax}
            icon={<Banknote className="size-6" />}
            label={t('payhub.topup.method.indodax')}
          />
        ) : null}
        {offers('bank') ? (
          <MenuTile
            to={paths.payhubVaBank}
            icon={<Building2 className="size-6" />}
            label={t('payhub.menu.vaBank')}
          />
        ) : null}
        {rails.depositPorts.includes('qris') && offers('bank') ? (
          <MenuTile
            to={paths.payhubQrcode}
            icon={<QrCode className="size-6" />}
            label={t('payhub.menu.qrcode')}
          />
        ) : null}
      </nav>
    </Page>
  );
}

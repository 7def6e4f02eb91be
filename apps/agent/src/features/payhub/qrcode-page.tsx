import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState, useFormatMoney } from '../../shared/payment-ui.tsx';
import { Card } from '../../shared/ui/card.tsx';
import { SelectField } from '../../shared/ui/field.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { useTopups } from './api.ts';
import { QrImage } from './qr-image.tsx';

/** /payhub/qrcode: a QR code of an open top-up's payment target and amount, for scanning with a bank app. */
export default function QrcodePage() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const bank = useTopups('bank');
  const open = (bank.data?.items ?? []).filter((topup) => topup.state === 0);
  const [chosen, setChosen] = useState<string>('');
  const topup = open.find((item) => item.orderNo === chosen) ?? open[0];
  return (
    <Page title={t('payhub.menu.qrcode')}>
      <ListState loading={bank.isLoading} empty={open.length === 0 ? t('payhub.topup.empty') : null}>
        {topup ? (
          <Card className="flex flex-col items-center gap-3">
            <SelectField
              className="w-full"
              label={t('payhub.topup.qrChoose')}
              value={topup.orderNo}
              onChange={setChosen}
              options={open.map((item) => ({
                value: item.orderNo,
                label: `${item.orderNo} · ${money(item.amount)}`,
              }))}
            />
            <p className="text-sm font-medium text-slate-700">{t('payhub.topup.qrTitle')}</p>
            <QrImage
              text={`payhub:${topup.method}?to=${encodeURIComponent(topup.payTo)}&amount=${topup.amount}&ref=${topup.orderNo}`}
              label={t('payhub.topup.qrTitle')}
            />
            <p className="text-center text-lg font-bold text-slate-900">{money(topup.amount)}</p>
            <p className="text-center text-sm text-slate-600">{t('payhub.topup.qrHint')}</p>
          </Card>
        ) : null}
      </ListState>
    </Page>
  );
}

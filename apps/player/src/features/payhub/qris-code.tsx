import { parseAmount, qrisPayload } from '@payhub/contracts';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The QRIS code of a deposit order: the EMVCo payload (contracts/qris.ts: the operator's QRIS
 * merchant id (NMID) as the merchant, the exact amount, the order number, CRC-16) drawn as an SVG by the `qrcode` library.
 */
export function QrisCode({
  payee,
  amount,
  orderNo,
  timeZone,
}: {
  payee: { bankCode: string; holderName: string; qrisNmid: string };
  amount: string;
  orderNo: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const [svg, setSvg] = useState<string | null>(null);
  // The city of tag 60: the project's time-zone city ("Asia/Jakarta" → "Jakarta").
  const city = (timeZone.split('/').pop() ?? 'Jakarta').replaceAll('_', ' ');
  const payload = qrisPayload({
    bankCode: payee.bankCode,
    holderName: payee.holderName,
    nmid: payee.qrisNmid,
    city,
    amountMinor: parseAmount(amount, 'IDR', 'wire'),
    reference: orderNo,
  });
  useEffect(() => {
    let live = true;
    void QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then((text) => {
      if (live) setSvg(text);
    });
    return () => {
      live = false;
    };
  }, [payload]);
  return (
    <section
      className="rounded-2xl bg-white p-4 text-center shadow-sm ring-1 ring-slate-200/70"
      data-testid="qris"
    >
      <h2 className="text-[14px] font-semibold text-slate-900">{t('playerMoney.qris.title')}</h2>
      {svg && (
        <img
          alt={t('playerMoney.qris.title')}
          data-payload={payload}
          src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`}
          className="mx-auto mt-3 size-60"
        />
      )}
      <p className="mt-2 text-[13px] leading-relaxed text-slate-500">{t('playerMoney.qris.hint')}</p>
    </section>
  );
}

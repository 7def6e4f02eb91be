import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { ListState, parseAmountInput, useFormatMoney, useFormatTime } from '../../shared/payment-ui.tsx';
import { Badge } from '../../shared/ui/badge.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Card, CardTitle } from '../../shared/ui/card.tsx';
import { ConfirmSheet } from '../../shared/ui/confirm-sheet.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { usePayhubMutation } from './api.ts';
import { commissionQuery, productsQuery, vouchersQuery } from './tools-api.ts';
import { usePayhubLive } from './use-payhub-live.ts';

/** /payhub/toko (shop): quota vouchers bought with commission, and the operator's vouchers to claim. */
export default function TokoPage() {
  const { t } = useTranslation();
  usePayhubLive();
  const money = useFormatMoney();
  const time = useFormatTime();
  const balance = useQuery(commissionQuery());
  const products = useQuery(productsQuery());
  const vouchers = useQuery(vouchersQuery());
  // One key per purchase attempt: a double tap buys once.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const buy = usePayhubMutation(
    (productId: string) => api.payhubTools.shopBuy({ body: { productId }, idempotencyKey: key }),
    () => {
      notify.success(t('payhubTools.shop.bought'));
      setKey(crypto.randomUUID());
    },
  );
  const claim = usePayhubMutation(
    (id: number) => api.payhubTools.voucherClaim({ body: { id } }),
    () => notify.success(t('payhubTools.shop.claimed')),
  );
  const items = vouchers.data?.items ?? [];
  /** The product waiting for the confirmation sheet: buying spends commission. */
  const [buying, setBuying] = useState<string | null>(null);
  const product = products.data?.items.find((item) => item.id === buying) ?? null;
  const available = balance.data ? parseAmountInput(balance.data.available) : null;
  const affordable = (price: string) => {
    const cost = parseAmountInput(price);
    return available !== null && cost !== null && cost <= available;
  };
  return (
    <Page title={t('payhubTools.shop.title')}>
      <Card className="bg-gradient-to-br from-brand-700 to-brand-800 text-white ring-0">
        <p className="text-sm text-white/80">{t('payhubTools.shop.commission')}</p>
        <p className="mt-1 text-3xl font-bold tracking-tight" data-testid="shop-commission">
          {balance.data ? money(balance.data.available) : '…'}
        </p>
      </Card>
      <Card>
        <CardTitle>{t('payhubTools.shop.products')}</CardTitle>
        {/* The products come from the server: a spinner while they load, a retry when that failed. */}
        <ListState loading={products.isPending} query={products} empty={null}>
          <ul className="flex flex-col gap-2" data-testid="product-list">
            {(products.data?.items ?? []).map((product) => (
              <li
                key={product.id}
                className="flex items-center justify-between gap-3 rounded-xl bg-slate-50 px-3 py-2.5"
              >
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{money(product.faceValue)}</p>
                  <p className="text-[13px] text-slate-600">
                    {t('payhubTools.shop.price')}: {money(product.price)}
                  </p>
                </div>
                <Button
                  size="sm"
                  className="shrink-0"
                  disabled={!affordable(product.price)}
                  title={affordable(product.price) ? undefined : t('payhub.confirm.notEnough')}
                  busy={buy.isPending && buy.variables === product.id}
                  onClick={() => setBuying(product.id)}
                >
                  {t('payhubTools.shop.buy')}
                </Button>
              </li>
            ))}
          </ul>
        </ListState>
      </Card>
      <Card>
        <CardTitle>{t('payhubTools.shop.vouchers')}</CardTitle>
        <ListState
          loading={vouchers.isPending}
          query={vouchers}
          empty={items.length === 0 ? t('payhubTools.shop.empty') : null}
        >
          <ul className="flex flex-col gap-2" data-testid="voucher-list">
            {items.map((voucher) => (
              <li key={voucher.id} className="rounded-xl bg-slate-50 px-3 py-2.5">
                <div className="flex items-center justify-between gap-2">
                  <span className="font-mono text-sm text-slate-900">{voucher.code}</span>
                  <Badge tone={voucher.state === 'claimed' ? 'success' : 'brand'}>
                    {t(`payhubTools.shop.states.${voucher.state}`)}
                  </Badge>
                </div>
                <p className="text-sm text-slate-700">
                  {money(voucher.faceValue)} · {time(voucher.createdAt)}
                </p>
                {voucher.state === 'unclaimed' ? (
                  <Button
                    className="mt-2"
                    size="sm"
                    variant="secondary"
                    busy={claim.isPending && claim.variables === voucher.id}
                    onClick={() => claim.mutate(voucher.id)}
                  >
                    {t('payhubTools.shop.claim')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </ListState>
      </Card>
      <ConfirmSheet
        open={product !== null}
        title={t('payhub.confirm.buyTitle')}
        evidence={
          product && available !== null
            ? [
                { label: t('payhubTools.shop.products'), value: money(product.faceValue) },
                { label: t('payhub.confirm.price'), value: money(product.price) },
                {
                  label: t('payhub.confirm.balanceAfter'),
                  value: money(available - (parseAmountInput(product.price) ?? 0n)),
                },
              ]
            : []
        }
        confirmLabel={t('payhubTools.shop.buy')}
        busy={buy.isPending}
        onConfirm={() => {
          if (product) buy.mutate(product.id, { onSettled: () => setBuying(null) });
        }}
        onCancel={() => setBuying(null)}
      />
    </Page>
  );
}

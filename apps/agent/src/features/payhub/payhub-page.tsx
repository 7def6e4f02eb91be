import {
  ArrowDownToLine,
  Banknote,
  Bitcoin,
  Building2,
  ClipboardList,
  Clock,
  CreditCard,
  History,
  Landmark,
  Link2,
  QrCode,
  ReceiptText,
  Settings,
  ShieldCheck,
  ShoppingBag,
  Wallet,
} from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { paths } from '../../lib/paths.ts';
import { useGlobalStore } from '../../lib/stores/global.store.ts';
import { usePaymentStore } from '../../lib/stores/payment.store.ts';
import { MenuTile, parseAmountInput, useFormatMoney, useRails } from '../../shared/payment-ui.tsx';
import { Badge } from '../../shared/ui/badge.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Card, CardTitle, DetailRow } from '../../shared/ui/card.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { useOperatorStatus, usePayhubMutation, useQuota, useUnprocessed } from './api.ts';
import { LinkReminder } from './link-reminder.tsx';
import { usePayhubLive } from './use-payhub-live.ts';

/** Quota below this share of the per-order limit raises the low-quota alert. */
const LOW_QUOTA_DIVISOR = 10n;

/** /payhub: quota, work status, unprocessed deposit and withdraw orders, alerts, and the menu. */
export default function PayhubPage() {
  const { t } = useTranslation();
  usePayhubLive();
  const money = useFormatMoney();
  const rails = useRails();
  const role = useGlobalStore((state) => state.paymentRole);
  const quota = useQuota();
  const status = useOperatorStatus();
  const unprocessed = useUnprocessed();
  const work = usePayhubMutation((working: boolean) =>
    api.payhub.setWork({ params: { flag: working ? 1 : 0 } }),
  );

  useEffect(() => {
    if (quota.data) usePaymentStore.setState({ quota: quota.data });
    if (status.data) usePaymentStore.setState({ workStatus: status.data.working, config: status.data });
    if (unprocessed.data)
      usePaymentStore.setState({
        unprocessedOrders: unprocessed.data.orders,
        unprocessedWithdrawOrders: unprocessed.data.withdrawOrders,
      });
  }, [quota.data, status.data, unprocessed.data]);

  const alerts: string[] = [];
  if (status.data && status.data.kycStatus !== 'verified') alerts.push(t('payhub.alertKyc'));
  const available = quota.data ? (parseAmountInput(quota.data.available) ?? 0n) : null;
  const perOrderMax = status.data ? parseAmountInput(status.data.perOrderMax) : null;
  if (available !== null && perOrderMax !== null && available < perOrderMax / LOW_QUOTA_DIVISOR)
    alerts.push(t('payhub.alertQuotaLow'));

  return (
    <Page title={t('payhub.title')}>
      <Card className="bg-gradient-to-br from-brand-700 to-brand-800 text-white ring-0">
        <p className="text-sm text-white/80">{t('payhub.quota')}</p>
        <p className="mt-1 text-3xl font-bold tracking-tight" data-testid="quota-amount">
          {quota.data ? money(quota.data.quota) : '…'}
        </p>
        <dl className="mt-3 flex flex-col gap-1 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-white/75">{t('payhub.quotaAvailable')}</dt>
            <dd className="font-semibold" data-testid="quota-available">
              {quota.data ? money(quota.data.available) : '…'}
            </dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-white/75">{t('payhub.quotaHeld')}</dt>
            <dd className="font-semibold">{quota.data ? money(quota.data.held) : '…'}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-white/75">{t('payhub.commission')}</dt>
            <dd className="font-semibold">{quota.data ? money(quota.data.commission) : '…'}</dd>
          </div>
        </dl>
      </Card>

      <Card className="flex items-center justify-between gap-3">
        <div>
          <p className="text-sm text-slate-600">{t('payhub.workStatus')}</p>
          <p className="font-semibold text-slate-900" data-testid="work-status">
            {status.data?.working ? t('payhub.working') : t('payhub.notWorking')}
          </p>
        </div>
        <Button
          variant={status.data?.working ? 'secondary' : 'primary'}
          busy={work.isPending}
          disabled={!status.data}
          onClick={() => work.mutate(!status.data?.working)}
        >
          {status.data?.working ? t('payhub.stopWork') : t('payhub.startWork')}
        </Button>
      </Card>

      <div className="grid grid-cols-2 gap-3">
        <Card>
          <p className="text-[13px] text-slate-600">{t('payhub.unprocessedOrders')}</p>
          <p className="mt-1 text-2xl font-bold text-slate-900" data-testid="unprocessed-orders">
            {unprocessed.data?.orders ?? '…'}
          </p>
        </Card>
        <Card>
          <p className="text-[13px] text-slate-600">{t('payhub.unprocessedWithdrawOrders')}</p>
          <p className="mt-1 text-2xl font-bold text-slate-900" data-testid="unprocessed-withdrawals">
            {unprocessed.data?.withdrawOrders ?? '…'}
          </p>
        </Card>
      </div>

      <LinkReminder />

      <Card>
        <CardTitle>{t('payhub.alerts')}</CardTitle>
        {alerts.length === 0 ? (
          <p className="text-sm text-slate-600">{t('payhub.alertNone')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {alerts.map((alert) => (
              <li
                key={alert}
                role="alert"
                className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
              >
                {alert}
              </li>
            ))}
          </ul>
        )}
      </Card>

      <nav aria-label={t('payhub.title')} className="grid grid-cols-3 gap-2">
        <MenuTile
          to={paths.payhubPesanan}
          icon={<ClipboardList className="size-6" />}
          label={t('payhub.menu.pesanan')}
          count={unprocessed.data?.orders}
        />
        <MenuTile
          to={paths.withdraw}
          icon={<ArrowDownToLine className="size-6" />}
          label={t('payhub.menu.withdraw')}
          count={unprocessed.data?.withdrawOrders}
        />
        <MenuTile
          to={paths.payhubBayar}
          icon={<Wallet className="size-6" />}
          label={t('payhub.menu.bayar')}
        />
        {rails.topUpMethods.includes('bank') ? (
          <MenuTile
            to={paths.payhubRecharge}
            icon={<Landmark className="size-6" />}
            label={t('payhub.menu.recharge')}
          />
        ) : null}
        {rails.topUpMethods.includes('usdt') ? (
          <MenuTile
            to={paths.payhubUsdt}
            icon={<Bitcoin className="size-6" />}
            label={t('payhub.menu.usdt')}
          />
        ) : null}
        {rails.topUpMethods.includes('indodax') ? (
          <MenuTile
            to={paths.payhubIndodax}
            icon={<Banknote className="size-6" />}
            label={t('payhub.menu.indodax')}
          />
        ) : null}
        {rails.topUpMethods.includes('bank') ? (
          <MenuTile
            to={paths.payhubVaBank}
            icon={<Building2 className="size-6" />}
            label={t('payhub.menu.vaBank')}
          />
        ) : null}
        {rails.depositPorts.includes('qris') && rails.topUpMethods.includes('bank') ? (
          <MenuTile
            to={paths.payhubQrcode}
            icon={<QrCode className="size-6" />}
            label={t('payhub.menu.qrcode')}
          />
        ) : null}
        <MenuTile
          to={paths.payhubRechargeRecord}
          icon={<History className="size-6" />}
          label={t('payhub.menu.rechargeRecord')}
        />
        <MenuTile
          to={paths.transaction}
          icon={<ReceiptText className="size-6" />}
          label={t('payhub.menu.transaction')}
        />
        <MenuTile
          to={paths.payhubCards}
          icon={<CreditCard className="size-6" />}
          label={t('payhubTools.menu.cards')}
        />
        <MenuTile
          to={paths.payhubLink}
          icon={<Link2 className="size-6" />}
          label={t('payhubTools.menu.link')}
        />
        <MenuTile
          to={paths.payhubWorkHours}
          icon={<Clock className="size-6" />}
          label={t('payhubTools.menu.workHours')}
        />
        <MenuTile
          to={paths.payhubToko}
          icon={<ShoppingBag className="size-6" />}
          label={t('payhubTools.menu.shop')}
        />
        <MenuTile
          to={paths.payhubMengatur}
          icon={<Settings className="size-6" />}
          label={t('payhubTools.menu.settings')}
        />
        {role === 'Manage' ? (
          <MenuTile
            to={paths.manage}
            icon={<ShieldCheck className="size-6" />}
            label={t('payhub.menu.manage')}
          />
        ) : null}
      </nav>

      {status.data ? (
        <Card>
          <CardTitle>{t('payhub.kyc')}</CardTitle>
          <dl>
            <DetailRow label={t('payhub.kyc')}>
              <Badge tone={status.data.kycStatus === 'verified' ? 'success' : 'warning'}>
                {t(`payhub.kycStatus.${status.data.kycStatus}`)}
              </Badge>
            </DetailRow>
            <DetailRow label={t('payhub.perOrderMax')}>{money(status.data.perOrderMax)}</DetailRow>
            <DetailRow label={t('payhub.dailyUsed')}>
              {money(status.data.dailyUsed)} / {money(status.data.dailyMax)}
            </DetailRow>
          </dl>
        </Card>
      ) : null}
    </Page>
  );
}

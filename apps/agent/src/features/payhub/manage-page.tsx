import { type PayOrder, PayOrderState, type WithdrawOrder } from '@payhub/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { uploadImage } from '../../lib/upload.ts';
import { ListButton, ListState, Tabs, useFormatMoney, useFormatTime } from '../../shared/payment-ui.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Card, CardTitle, DetailRow } from '../../shared/ui/card.tsx';
import { ageOf, ConfirmSheet } from '../../shared/ui/confirm-sheet.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { useLeaderOrders, useLeaderWithdrawals, useManagerOrders, usePayhubMutation } from './api.ts';
import { PayStateBadge } from './payhub-ui.tsx';
import { usePayhubLive } from './use-payhub-live.ts';

type Queue = 'exceptional' | 'canceled' | 'withdrawals';

/** /manage: the Manage role's queues — exceptional and canceled deposits (handleState 0), exceptional withdrawals. */
export default function ManagePage() {
  const { t, i18n } = useTranslation();
  usePayhubLive();
  const money = useFormatMoney();
  const time = useFormatTime();
  const [queue, setQueue] = useState<Queue>('exceptional');
  const exceptional = useManagerOrders([PayOrderState.EXCEPTIONAL]);
  const canceled = useManagerOrders([PayOrderState.CANCELED]);
  const withdrawals = useLeaderWithdrawals(2);
  const [order, setOrder] = useState<PayOrder | null>(null);
  const [withdrawal, setWithdrawal] = useState<WithdrawOrder | null>(null);
  const [voucherUrl, setVoucherUrl] = useState<string | null>(null);
  /** The money-moving action waiting for its confirmation sheet. */
  const [confirming, setConfirming] = useState<'success' | 'finish' | null>(null);
  const done = () => {
    notify.success(t('payhub.manage.done'));
    setConfirming(null);
    setOrder(null);
    setWithdrawal(null);
    setVoucherUrl(null);
  };
  const deposit = usePayhubMutation(
    (input: { id: number; action: 'success' | 'cancel' | 'unable' }) => {
      const params = { params: { id: input.id } };
      if (input.action === 'success') return api.payhub.leaderSuccess({ ...params, body: {} });
      if (input.action === 'cancel') return api.payhub.leaderCancel(params);
      return api.payhub.leaderUnable(params);
    },
    done,
    'payOrder',
  );
  const settle = usePayhubMutation(
    (input: { id: number; action: 'finish' | 'fail'; voucherUrl?: string }) =>
      api.withdraw.leaderHandle({ body: input }),
    done,
    'withdrawOrder',
  );
  const list = queue === 'exceptional' ? exceptional : canceled;

  return (
    <Page title={t('payhub.manage.title')}>
      <Tabs
        value={queue}
        onChange={setQueue}
        options={[
          { value: 'exceptional', label: t('payhub.manage.exceptional'), count: exceptional.data?.total },
          { value: 'canceled', label: t('payhub.manage.canceled'), count: canceled.data?.total },
          { value: 'withdrawals', label: t('payhub.manage.withdrawals'), count: withdrawals.data?.total },
        ]}
      />
      {queue === 'withdrawals' ? (
        <ListState
          loading={withdrawals.isLoading}
          query={withdrawals}
          empty={withdrawals.data?.items.length === 0 ? t('payhub.manage.empty') : null}
        >
          <ul className="flex flex-col gap-2">
            {withdrawals.data?.items.map((item) => (
              <li key={item.id}>
                <ListButton
                  title={money(item.amount)}
                  detail={`${item.orderNo} · ${item.remark ?? time(item.updatedAt)}`}
                  onClick={() => setWithdrawal(item)}
                />
              </li>
            ))}
          </ul>
        </ListState>
      ) : (
        <ListState
          loading={list.isLoading}
          query={list}
          empty={list.data?.items.length === 0 ? t('payhub.manage.empty') : null}
        >
          <ul className="flex flex-col gap-2">
            {list.data?.items.map((item) => (
              <li key={item.id}>
                <ListButton
                  testId={`manage-order-${item.orderNo}`}
                  title={money(item.amount)}
                  detail={`${item.orderNo} · ${item.remark ?? time(item.updatedAt)}`}
                  trailing={<PayStateBadge state={item.state} reversedAt={item.reversedAt} />}
                  onClick={() => setOrder(item)}
                />
              </li>
            ))}
          </ul>
        </ListState>
      )}

      <Modal
        open={order !== null}
        title={t('payhub.manage.deposits')}
        onDismiss={() => setOrder(null)}
        description={
          order ? (
            <span className="block text-left">
              <dl>
                <DetailRow label={t('payhub.orders.orderNo')}>{order.orderNo}</DetailRow>
                <DetailRow label={t('payhub.orders.amount')}>{money(order.amount)}</DetailRow>
                <DetailRow label={t('payhub.orders.remark')}>{order.remark ?? '—'}</DetailRow>
              </dl>
              {order.voucherUrl ? (
                <img
                  src={order.voucherUrl}
                  alt={t('payhub.orders.voucher')}
                  className="mt-2 max-h-48 rounded-lg"
                />
              ) : null}
            </span>
          ) : null
        }
        actions={
          order ? (
            <>
              <Button block onClick={() => setConfirming('success')}>
                {t('payhub.manage.success')}
              </Button>
              {order.state === PayOrderState.EXCEPTIONAL ? (
                <>
                  <Button
                    block
                    variant="secondary"
                    onClick={() => deposit.mutate({ id: order.id, action: 'cancel' })}
                  >
                    {t('payhub.manage.cancel')}
                  </Button>
                  <Button
                    block
                    variant="danger"
                    onClick={() => deposit.mutate({ id: order.id, action: 'unable' })}
                  >
                    {t('payhub.manage.unable')}
                  </Button>
                </>
              ) : null}
              <Button block variant="ghost" onClick={() => setOrder(null)}>
                {t('common.close')}
              </Button>
            </>
          ) : null
        }
      />
      <Modal
        open={withdrawal !== null}
        title={t('payhub.manage.withdrawals')}
        onDismiss={() => setWithdrawal(null)}
        description={
          withdrawal ? (
            <span className="block text-left">
              <dl>
                <DetailRow label={t('payhub.orders.orderNo')}>{withdrawal.orderNo}</DetailRow>
                <DetailRow label={t('payhub.orders.amount')}>{money(withdrawal.amount)}</DetailRow>
                <DetailRow label={t('payhub.withdraw.destination')}>
                  {withdrawal.bankCode} {withdrawal.accountNo}
                </DetailRow>
                <DetailRow label={t('payhub.orders.remark')}>{withdrawal.remark ?? '—'}</DetailRow>
              </dl>
              {withdrawal.voucherUrl ? null : (
                <label className="mt-3 flex flex-col gap-1.5 text-sm font-medium text-slate-700">
                  {t('payhub.withdraw.uploadVoucher')}
                  <input
                    type="file"
                    accept="image/png,image/jpeg,image/webp"
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      if (file) void uploadImage(file).then(setVoucherUrl);
                    }}
                  />
                </label>
              )}
            </span>
          ) : null
        }
        actions={
          withdrawal ? (
            <>
              <Button
                block
                onClick={() => {
                  if (!(voucherUrl ?? withdrawal.voucherUrl))
                    notify.error(t('payhub.withdraw.voucherRequired'));
                  else setConfirming('finish');
                }}
              >
                {t('payhub.manage.finish')}
              </Button>
              <Button
                block
                variant="danger"
                onClick={() => settle.mutate({ id: withdrawal.id, action: 'fail' })}
              >
                {t('payhub.manage.fail')}
              </Button>
              <Button block variant="ghost" onClick={() => setWithdrawal(null)}>
                {t('common.close')}
              </Button>
            </>
          ) : null
        }
      />
      <ConfirmSheet
        open={order !== null && confirming === 'success'}
        title={t('payhub.confirm.depositTitle')}
        evidence={
          order
            ? [
                { label: t('payhub.orders.amount'), value: money(order.amount) },
                {
                  label: t('payhub.confirm.payer'),
                  value: order.payerName
                    ? `${order.payerName} · ${t('payhub.confirm.player', { id: order.playerId })}`
                    : t('payhub.confirm.player', { id: order.playerId }),
                },
                { label: t('payhub.confirm.bank'), value: order.bankCode },
                {
                  label: t('payhub.confirm.payee'),
                  value: order.payee
                    ? `${order.payee.bankCode} ${order.payee.accountNo} · ${order.payee.holderName}`
                    : '—',
                },
                { label: t('payhub.orders.orderNo'), value: order.orderNo },
                { label: t('payhub.confirm.age'), value: ageOf(order.createdAt, i18n.language) },
                ...(order.voucherUrl
                  ? []
                  : [{ label: t('payhub.confirm.voucher'), value: t('payhub.confirm.noVoucher') }]),
              ]
            : []
        }
        imageUrl={order?.voucherUrl}
        imageAlt={t('payhub.orders.voucher')}
        confirmLabel={t('payhub.manage.success')}
        busy={deposit.isPending}
        onConfirm={() => order && deposit.mutate({ id: order.id, action: 'success' })}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmSheet
        open={withdrawal !== null && confirming === 'finish'}
        title={t('payhub.confirm.withdrawTitle')}
        evidence={
          withdrawal
            ? [
                { label: t('payhub.orders.amount'), value: money(withdrawal.amount) },
                {
                  label: t('payhub.confirm.destination'),
                  value: `${withdrawal.bankCode} ${withdrawal.accountNo}`,
                },
                { label: t('payhub.orders.orderNo'), value: withdrawal.orderNo },
                { label: t('payhub.confirm.age'), value: ageOf(withdrawal.createdAt, i18n.language) },
              ]
            : []
        }
        imageUrl={voucherUrl ?? withdrawal?.voucherUrl}
        imageAlt={t('payhub.orders.voucher')}
        confirmLabel={t('payhub.manage.finish')}
        busy={settle.isPending}
        onConfirm={() => {
          const url = voucherUrl ?? withdrawal?.voucherUrl;
          if (withdrawal && url) settle.mutate({ id: withdrawal.id, action: 'finish', voucherUrl: url });
        }}
        onCancel={() => setConfirming(null)}
      />
      <Card>
        <CardTitle>{t('payhub.manage.handledByMe')}</CardTitle>
        <LeaderHistory />
      </Card>
    </Page>
  );
}

function LeaderHistory() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const orders = useLeaderOrders();
  return (
    <ListState
      loading={orders.isLoading}
      query={orders}
      empty={orders.data?.items.length === 0 ? t('payhub.manage.empty') : null}
    >
      <dl>
        {orders.data?.items.map((item) => (
          <DetailRow key={item.id} label={item.orderNo}>
            {money(item.amount)} <PayStateBadge state={item.state} reversedAt={item.reversedAt} />
          </DetailRow>
        ))}
      </dl>
    </ListState>
  );
}

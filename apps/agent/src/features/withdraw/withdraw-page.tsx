import { type WithdrawOrder, WithdrawOrderState } from '@payhub/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useGlobalStore } from '../../lib/stores/global.store.ts';
import { uploadImage } from '../../lib/upload.ts';
import { ListButton, ListState, Tabs, useFormatMoney, useFormatTime } from '../../shared/payment-ui.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { DetailRow } from '../../shared/ui/card.tsx';
import { ageOf, ConfirmSheet } from '../../shared/ui/confirm-sheet.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { useWithdrawHandles, useWithdrawLive, useWithdrawMutation } from './api.ts';
import { WithdrawStateBadge } from './withdraw-ui.tsx';

type Filter = 'pool' | 'mine';

/** /withdraw: waiting withdrawals of the project to take, and the operator's own to pay and finish. */
export default function WithdrawPage() {
  const { t, i18n } = useTranslation();
  useWithdrawLive();
  const money = useFormatMoney();
  const time = useFormatTime();
  const userId = useGlobalStore((state) => state.user?.id);
  const open = useWithdrawHandles(0);
  const [filter, setFilter] = useState<Filter>('pool');
  const [selected, setSelected] = useState<WithdrawOrder | null>(null);
  const [voucherUrl, setVoucherUrl] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  /** Finishing pays the player out: it waits for the confirmation sheet. */
  const [confirmingFinish, setConfirmingFinish] = useState(false);
  const pool = (open.data?.items ?? []).filter((order) => order.state === WithdrawOrderState.WAIT);
  const mine = (open.data?.items ?? []).filter(
    (order) => order.state === WithdrawOrderState.CONFIRM && order.operatorId === userId,
  );
  const list = filter === 'pool' ? pool : mine;
  // A report says why (the manager reads it on /manage; issue 11).
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const close = () => {
    setReason('');
    setReasonMissing(false);
    setConfirmingFinish(false);
    setSelected(null);
    setVoucherUrl(null);
  };
  const handle = useWithdrawMutation(
    (input: { id: number; action: 'take' | 'finish' | 'report'; voucherUrl?: string; remark?: string }) =>
      api.withdraw.spammerHandle({ body: input }),
    (order) => {
      notify.success(
        t(
          order.state === WithdrawOrderState.CONFIRM
            ? 'payhub.withdraw.taken'
            : order.state === WithdrawOrderState.FINISH
              ? 'payhub.withdraw.finished'
              : 'payhub.withdraw.reported',
        ),
      );
      if (order.state === WithdrawOrderState.CONFIRM) {
        setFilter('mine');
        setSelected(order);
      } else close();
    },
  );

  async function attach(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    try {
      setVoucherUrl(await uploadImage(file));
    } finally {
      setUploading(false);
    }
  }

  return (
    <Page title={t('payhub.withdraw.title')}>
      <Tabs
        value={filter}
        onChange={setFilter}
        options={[
          { value: 'pool', label: t('payhub.withdraw.pool'), count: pool.length },
          { value: 'mine', label: t('payhub.withdraw.mine'), count: mine.length },
        ]}
      />
      <ListState
        loading={open.isLoading}
        query={open}
        empty={list.length === 0 ? t('payhub.withdraw.empty') : null}
      >
        <ul className="flex flex-col gap-2" data-testid="withdraw-list">
          {list.map((order) => (
            <li key={order.id}>
              <ListButton
                testId={`withdraw-${order.orderNo}`}
                title={money(order.amount)}
                detail={`${order.bankCode} · ${order.orderNo} · ${time(order.createdAt)}`}
                trailing={<WithdrawStateBadge state={order.state} />}
                onClick={() => setSelected(order)}
              />
            </li>
          ))}
        </ul>
      </ListState>
      <Modal
        open={selected !== null}
        title={t('payhub.orders.detail')}
        testId="withdraw-detail"
        onDismiss={close}
        description={
          selected ? (
            <span className="block text-left">
              <dl>
                <DetailRow label={t('payhub.orders.orderNo')}>{selected.orderNo}</DetailRow>
                <DetailRow label={t('payhub.orders.amount')}>{money(selected.amount)}</DetailRow>
                <DetailRow label={t('payhub.withdraw.fee')}>{money(selected.fee)}</DetailRow>
                <DetailRow label={t('payhub.withdraw.destination')}>
                  {selected.bankCode} {selected.accountNo} · {selected.holderName}
                </DetailRow>
                <DetailRow label={t('payhub.orders.expiresAt')}>{time(selected.expiresAt)}</DetailRow>
              </dl>
              {selected.state === WithdrawOrderState.CONFIRM ? (
                <label className="mt-3 flex flex-col gap-1.5 text-sm font-medium text-slate-700">
                  {t('payhub.withdraw.uploadVoucher')}
                  <input
                    type="file"
                    accept="image/png,image/jpeg,image/webp"
                    data-testid="withdraw-voucher"
                    onChange={(event) => void attach(event.target.files?.[0])}
                  />
                </label>
              ) : null}
              {voucherUrl ? (
                <img
                  src={voucherUrl}
                  alt={t('payhub.orders.voucher')}
                  className="mt-2 max-h-48 rounded-lg ring-1 ring-slate-200"
                />
              ) : null}
              {selected.state === WithdrawOrderState.CONFIRM ? (
                <TextField
                  className="mt-3"
                  label={t('payhub.orders.reason')}
                  hint={t('payhub.withdraw.reasonHint')}
                  name="reason"
                  maxLength={500}
                  value={reason}
                  error={reasonMissing ? t('payhub.orders.reasonRequired') : null}
                  onChange={(event) => {
                    setReason(event.target.value);
                    setReasonMissing(false);
                  }}
                />
              ) : null}
            </span>
          ) : null
        }
        actions={
          <>
            {selected?.state === WithdrawOrderState.WAIT ? (
              <Button
                block
                busy={handle.isPending}
                data-testid="withdraw-take"
                onClick={() => handle.mutate({ id: selected.id, action: 'take' })}
              >
                {t('payhub.withdraw.take')}
              </Button>
            ) : null}
            {selected?.state === WithdrawOrderState.CONFIRM ? (
              <>
                <Button
                  block
                  busy={handle.isPending || uploading}
                  data-testid="withdraw-finish"
                  onClick={() => {
                    if (!voucherUrl) notify.error(t('payhub.withdraw.voucherRequired'));
                    else setConfirmingFinish(true);
                  }}
                >
                  {t('payhub.withdraw.finish')}
                </Button>
                <Button
                  block
                  variant="secondary"
                  onClick={() => {
                    const remark = reason.trim();
                    if (remark.length < 3) setReasonMissing(true);
                    else handle.mutate({ id: selected.id, action: 'report', remark });
                  }}
                >
                  {t('payhub.withdraw.report')}
                </Button>
              </>
            ) : null}
            <Button block variant="ghost" onClick={close}>
              {t('common.close')}
            </Button>
          </>
        }
      />
      <ConfirmSheet
        open={selected !== null && confirmingFinish}
        title={t('payhub.confirm.withdrawTitle')}
        evidence={
          selected
            ? [
                { label: t('payhub.orders.amount'), value: money(selected.amount) },
                {
                  label: t('payhub.confirm.destination'),
                  value: `${selected.bankCode} ${selected.accountNo} · ${selected.holderName}`,
                },
                { label: t('payhub.orders.orderNo'), value: selected.orderNo },
                { label: t('payhub.confirm.age'), value: ageOf(selected.createdAt, i18n.language) },
              ]
            : []
        }
        imageUrl={voucherUrl}
        imageAlt={t('payhub.orders.voucher')}
        confirmLabel={t('payhub.withdraw.finish')}
        busy={handle.isPending}
        onConfirm={() => {
          if (selected && voucherUrl) handle.mutate({ id: selected.id, action: 'finish', voucherUrl });
        }}
        onCancel={() => setConfirmingFinish(false)}
      />
    </Page>
  );
}

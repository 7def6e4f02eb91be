import { type PayOrder, PayOrderState } from '@payhub/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { copyText, notify } from '../../lib/notify.ts';
import { ListButton, ListState, Tabs, useFormatMoney, useFormatTime } from '../../shared/payment-ui.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { DetailRow } from '../../shared/ui/card.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { operatorOrdersQuery, useOperatorOrders, usePayhubMutation } from './api.ts';
import { PayStateBadge } from './payhub-ui.tsx';
import { usePayhubLive } from './use-payhub-live.ts';

type Filter = 'wait' | 'checking' | 'done';
/** Finished orders (the history tab): paid, checked, canceled, reported, failed. */
const FINISHED_STATES = [
  PayOrderState.PAID,
  PayOrderState.CHECK_SUCCESS,
  PayOrderState.CANCELED,
  PayOrderState.EXCEPTIONAL,
  PayOrderState.FAILED,
] as const;

/** Whether an order matches a search: its number, payer name or amount contains the text. */
function matches(order: PayOrder, text: string, shownAmount: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return [order.orderNo, order.payerName ?? '', order.amount, shownAmount].some((value) =>
    value.toLowerCase().includes(needle),
  );
}
type Action = 'confirm' | 'report' | 'cancel';

/** /payhub/pesanan: the operator's deposit orders, waiting and checking (spec §4), live; and the finished ones, searchable. */
export default function OrdersPage() {
  const { t } = useTranslation();
  usePayhubLive();
  const money = useFormatMoney();
  const time = useFormatTime();
  const [filter, setFilter] = useState<Filter>('wait');
  const [selected, setSelected] = useState<PayOrder | null>(null);
  const [asking, setAsking] = useState<Action | null>(null);
  // A report must say why (the manager reads it on /manage); a cancel may (issue 11).
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const ask = (action: Action | null) => {
    setAsking(action);
    setReason('');
    setReasonMissing(false);
  };
  const waiting = useOperatorOrders([PayOrderState.WAIT]);
  const checking = useOperatorOrders([PayOrderState.CHECKING]);
  // The history loads when its tab is opened (500 newest; the search filters them by number, payer or amount).
  const finished = useQuery({ ...operatorOrdersQuery(FINISHED_STATES), enabled: filter === 'done' });
  const [search, setSearch] = useState('');
  const list = filter === 'wait' ? waiting : filter === 'checking' ? checking : finished;
  const shown = (list.data?.items ?? []).filter(
    (order) => filter !== 'done' || matches(order, search, money(order.amount)),
  );
  const check = usePayhubMutation(
    (input: { id: number; action: Action; remark?: string }) => api.payhub.payCheck({ body: input }),
    (order) => {
      notify.success(
        t(
          order.state === PayOrderState.PAID
            ? 'payhub.orders.confirmed'
            : order.state === PayOrderState.EXCEPTIONAL
              ? 'payhub.orders.reported'
              : 'payhub.orders.canceled',
        ),
      );
      ask(null);
      setSelected(null);
    },
    'payOrder',
  );

  const questions: Record<Action, string> = {
    confirm: t('payhub.orders.confirmQuestion', { amount: selected ? money(selected.amount) : '' }),
    report: t('payhub.orders.reportQuestion'),
    cancel: t('payhub.orders.cancelQuestion'),
  };

  return (
    <Page title={t('payhub.orders.title')}>
      <Tabs
        value={filter}
        onChange={setFilter}
        options={[
          { value: 'wait', label: t('payhub.orders.wait'), count: waiting.data?.total },
          { value: 'checking', label: t('payhub.orders.checking'), count: checking.data?.total },
          { value: 'done', label: t('payhub.orders.done') },
        ]}
      />
      {filter === 'done' ? (
        <TextField
          label={t('payhub.orders.search')}
          placeholder={t('payhub.orders.searchHint')}
          type="search"
          name="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      ) : null}
      <ListState
        loading={list.isLoading}
        query={list}
        empty={list.data && shown.length === 0 ? t('payhub.orders.empty') : null}
      >
        <ul className="flex flex-col gap-2" data-testid="order-list">
          {shown.map((order) => (
            <li key={order.id}>
              <ListButton
                testId={`order-${order.orderNo}`}
                title={money(order.amount)}
                detail={`${order.orderNo} · ${time(order.createdAt)}`}
                trailing={<PayStateBadge state={order.state} reversedAt={order.reversedAt} />}
                onClick={() => setSelected(order)}
              />
            </li>
          ))}
        </ul>
      </ListState>

      <Modal
        open={selected !== null && asking === null}
        title={t('payhub.orders.detail')}
        testId="order-detail"
        onDismiss={() => setSelected(null)}
        description={
          selected ? (
            <span className="block text-left">
              <dl>
                <DetailRow label={t('payhub.orders.orderNo')}>{selected.orderNo}</DetailRow>
                <DetailRow label={t('payhub.orders.amount')}>
                  <span data-testid="order-amount">{money(selected.amount)}</span>
                </DetailRow>
                <DetailRow label={t('payhub.commission')}>{money(selected.commission)}</DetailRow>
                {/* Who pays and from which bank: what the operator checks the transfer against. */}
                <DetailRow label={t('payhub.confirm.payer')}>
                  <span data-testid="order-payer">
                    {selected.payerName ? `${selected.payerName} · ` : ''}
                    {t('payhub.confirm.player', { id: selected.playerId })}
                  </span>
                </DetailRow>
                <DetailRow label={t('payhub.confirm.bank')}>{selected.bankCode}</DetailRow>
                <DetailRow label={t('payhub.orders.payee')}>
                  {selected.payee ? `${selected.payee.bankCode} ${selected.payee.accountNo}` : '—'}
                </DetailRow>
                <DetailRow label={t('payhub.orders.createdAt')}>{time(selected.createdAt)}</DetailRow>
                <DetailRow label={t('payhub.orders.expiresAt')}>{time(selected.expiresAt)}</DetailRow>
                <DetailRow label="">
                  <PayStateBadge state={selected.state} reversedAt={selected.reversedAt} />
                </DetailRow>
              </dl>
              <span className="mt-3 block text-sm font-medium text-slate-700">
                {t('payhub.orders.voucher')}
              </span>
              {selected.voucherUrl ? (
                <img
                  src={selected.voucherUrl}
                  alt={t('payhub.orders.voucher')}
                  className="mt-2 max-h-64 w-full rounded-lg object-contain ring-1 ring-slate-200"
                />
              ) : (
                <span className="mt-1 block text-sm text-slate-600">{t('payhub.orders.noVoucher')}</span>
              )}
            </span>
          ) : null
        }
        actions={
          <>
            {selected?.state === PayOrderState.WAIT || selected?.state === PayOrderState.CHECKING ? (
              <>
                <Button block onClick={() => ask('confirm')} data-testid="order-confirm">
                  {t('payhub.orders.confirm')}
                </Button>
                <Button block variant="secondary" onClick={() => ask('report')}>
                  {t('payhub.orders.report')}
                </Button>
              </>
            ) : null}
            {selected?.state === PayOrderState.WAIT ? (
              <Button block variant="danger" onClick={() => ask('cancel')}>
                {t('payhub.orders.cancel')}
              </Button>
            ) : null}
            <Button block variant="ghost" onClick={() => selected && void copyText(selected.orderNo)}>
              {t('payhub.topup.copy')} {t('payhub.orders.orderNo')}
            </Button>
            <Button block variant="ghost" onClick={() => setSelected(null)}>
              {t('common.close')}
            </Button>
          </>
        }
      />
      <Modal
        open={selected !== null && asking !== null}
        level={1}
        tone={asking === 'confirm' ? 'brand' : 'warning'}
        title={asking ? t(`payhub.orders.${asking}`) : ''}
        description={
          asking ? (
            <span className="block text-left">
              <span className="block">{questions[asking]}</span>
              {asking !== 'confirm' ? (
                <TextField
                  className="mt-3"
                  label={t(asking === 'report' ? 'payhub.orders.reason' : 'payhub.orders.reasonOptional')}
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
          ) : (
            ''
          )
        }
        onDismiss={() => ask(null)}
        actions={
          <>
            <Button
              block
              busy={check.isPending}
              data-testid="order-action-yes"
              onClick={() => {
                if (!selected || !asking) return;
                const remark = reason.trim();
                if (asking === 'report' && remark.length < 3) {
                  setReasonMissing(true);
                  return;
                }
                check.mutate({ id: selected.id, action: asking, ...(remark ? { remark } : {}) });
              }}
            >
              {t('common.confirm')}
            </Button>
            <Button block variant="secondary" onClick={() => ask(null)}>
              {t('common.cancel')}
            </Button>
          </>
        }
      />
    </Page>
  );
}

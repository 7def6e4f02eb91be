import { OPERATOR_MOVEMENT_TYPES, type OperatorMovement, type OperatorMovementType } from '@payhub/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGlobalStore } from '../../lib/stores/global.store.ts';
import { setScrollLocked } from '../../lib/stores/layout.store.ts';
import { ListButton, ListState, useFormatMoney, useFormatTime } from '../../shared/payment-ui.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Card, DetailRow } from '../../shared/ui/card.tsx';
import { SelectField, TextField } from '../../shared/ui/field.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { type TransactionFilter, transactionsQuery } from './api.ts';
import { dayStartInstant, nextDay } from './transaction-range.ts';

const REFERENCE_TYPES = ['pay_order', 'withdraw_order', 'quota_topup', 'shop_voucher', 'commission_change'];

/** The amount with its sign and colour: green when the balance grew, red when it shrank. */
function SignedAmount({ amount, className }: { amount: string; className?: string }) {
  const money = useFormatMoney();
  const out = amount.startsWith('-');
  return (
    <span
      className={clsx('font-semibold tabular-nums', out ? 'text-red-700' : 'text-emerald-700', className)}
    >
      {out ? `− ${money(amount.slice(1))}` : `+ ${money(amount)}`}
    </span>
  );
}

/**
 * /transaction (spec §2 route key `transaction`): every movement of the operator's quota and
 * commission, newest first, filtered by type and by days of the project's time zone, a keyset page at
 * a time. A row opens its detail sheet; while the sheet is open page scrolling is locked (spec §2).
 */
export default function TransactionPage() {
  const { t, i18n } = useTranslation();
  const time = useFormatTime();
  const timeZone = useGlobalStore((state) => state.site.project?.timeZone) ?? 'Asia/Jakarta';
  const [type, setType] = useState<OperatorMovementType | ''>('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const [open, setOpen] = useState<OperatorMovement | null>(null);

  const rangeInvalid = fromDay !== '' && toDay !== '' && toDay < fromDay;
  const filter: TransactionFilter = {
    ...(type ? { type } : {}),
    ...(fromDay && !rangeInvalid ? { from: dayStartInstant(fromDay, timeZone) } : {}),
    ...(toDay && !rangeInvalid ? { to: dayStartInstant(nextDay(toDay), timeZone) } : {}),
  };
  const movements = useInfiniteQuery(transactionsQuery(filter));
  const items = movements.data?.pages.flatMap((page) => page.items) ?? [];

  // The shell locks page scrolling on /transaction while this flag is up: exactly while a sheet is open.
  useEffect(() => {
    setScrollLocked(open !== null);
    return () => setScrollLocked(false);
  }, [open]);

  const codeLabel = (code: string) =>
    i18n.exists(`payhub.ledgerCodes.${code}`)
      ? t(`payhub.ledgerCodes.${code}` as 'payhub.ledgerCodes.other')
      : t('payhub.ledgerCodes.other');
  const referenceLabel = (movement: OperatorMovement) => {
    if (!movement.referenceId) return null;
    const kind = REFERENCE_TYPES.includes(movement.referenceType ?? '') ? movement.referenceType : 'other';
    return t(`payhub.transaction.references.${kind}` as 'payhub.transaction.references.other', {
      id: movement.referenceId,
    });
  };
  const filtered = type !== '' || fromDay !== '' || toDay !== '';

  return (
    <Page title={t('payhub.transaction.title')}>
      <p className="text-sm text-slate-600">{t('payhub.transaction.intro')}</p>
      <Card className="flex flex-col gap-3">
        <SelectField
          label={t('payhub.transaction.filterType')}
          value={type}
          onChange={(value) => setType(value as OperatorMovementType | '')}
          options={[
            { value: '', label: t('payhub.transaction.types.all') },
            ...OPERATOR_MOVEMENT_TYPES.map((value) => ({
              value,
              label: t(`payhub.transaction.types.${value}`),
            })),
          ]}
        />
        {/* One date per row: two side by side leave the browser's date text cut at 360 px. */}
        <div className="flex flex-col gap-3">
          <TextField
            type="date"
            data-testid="transaction-from"
            label={t('payhub.transaction.filterFrom')}
            value={fromDay}
            onChange={(event) => setFromDay(event.target.value)}
          />
          <TextField
            type="date"
            data-testid="transaction-to"
            label={t('payhub.transaction.filterTo')}
            value={toDay}
            min={fromDay || undefined}
            onChange={(event) => setToDay(event.target.value)}
            error={rangeInvalid ? t('payhub.transaction.rangeInvalid') : null}
          />
        </div>
        {filtered ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              setType('');
              setFromDay('');
              setToDay('');
            }}
          >
            {t('payhub.transaction.clearFilter')}
          </Button>
        ) : null}
      </Card>

      <ListState
        loading={movements.isLoading}
        query={movements}
        empty={movements.isSuccess && items.length === 0 ? t('payhub.transaction.empty') : null}
      >
        <ul className="flex flex-col gap-2" data-testid="transaction-list">
          {items.map((movement) => (
            <li key={movement.id}>
              <ListButton
                testId="transaction-row"
                title={codeLabel(movement.code)}
                detail={`${t(`payhub.transaction.accounts.${movement.account}`)} · ${time(movement.createdAt)}`}
                trailing={<SignedAmount amount={movement.amount} className="text-[15px]" />}
                onClick={() => setOpen(movement)}
              />
            </li>
          ))}
        </ul>
        {movements.hasNextPage ? (
          <Button
            variant="secondary"
            block
            busy={movements.isFetchingNextPage}
            data-testid="transaction-more"
            onClick={() => void movements.fetchNextPage()}
          >
            {t('payhub.transaction.more')}
          </Button>
        ) : items.length > 0 ? (
          <p className="py-2 text-center text-[13px] text-slate-500">{t('payhub.transaction.end')}</p>
        ) : null}
      </ListState>

      <Modal
        open={open !== null}
        title={t('payhub.transaction.detailTitle')}
        testId="transaction-detail"
        onDismiss={() => setOpen(null)}
        description={
          open ? (
            <dl className="text-left">
              <DetailRow label={t('payhub.transaction.amount')}>
                <SignedAmount amount={open.amount} />
              </DetailRow>
              <DetailRow label={t('payhub.transaction.type')}>
                {t(`payhub.transaction.types.${open.type}`)}
              </DetailRow>
              <DetailRow label={t('payhub.transaction.description')}>{codeLabel(open.code)}</DetailRow>
              <DetailRow label={t('payhub.transaction.account')}>
                {t(`payhub.transaction.accounts.${open.account}`)}
              </DetailRow>
              {open.balanceAfter !== null ? (
                <DetailRow label={t('payhub.transaction.balanceAfter')}>
                  <BalanceAfter amount={open.balanceAfter} />
                </DetailRow>
              ) : null}
              <DetailRow label={t('payhub.transaction.time')}>{time(open.createdAt)}</DetailRow>
              {referenceLabel(open) ? (
                <DetailRow label={t('payhub.transaction.reference')}>{referenceLabel(open)}</DetailRow>
              ) : null}
              <DetailRow label={t('payhub.transaction.entryId')}>{open.id}</DetailRow>
            </dl>
          ) : null
        }
        actions={
          <Button
            block
            variant="secondary"
            data-testid="transaction-detail-close"
            onClick={() => setOpen(null)}
          >
            {t('payhub.transaction.close')}
          </Button>
        }
      />
    </Page>
  );
}

function BalanceAfter({ amount }: { amount: string }) {
  const money = useFormatMoney();
  return <span className="tabular-nums">{money(amount)}</span>;
}

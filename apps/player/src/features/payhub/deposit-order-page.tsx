import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { CircleCheck, CircleX, Clock, Copy, ImageUp, Search } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { useProjectFormat } from '../../lib/currency.ts';
import { applyDepositOrder } from '../../lib/deposit-live.ts';
import { notify } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { queryClient } from '../../lib/query-client.ts';
import { checkImageFile, IMAGE_ACCEPT } from '../../shared/image-file.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { depositTone, StateChip } from '../../shared/ui/state-chip.tsx';
import { depositOrderQuery } from './api.ts';
import { QrisCode } from './qris-code.tsx';

const OPEN_STATES: readonly number[] = [-1, 0, 3, 4, 5];
const WAIT = 0;

async function copy(text: string, success: string, failure: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(success);
  } catch {
    notify.error(failure);
  }
}

function CopyRow({ label, value, copyText }: { label: string; value: string; copyText?: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="text-[12.5px] text-slate-500">{label}</p>
        <p className="truncate text-[15.5px] font-semibold text-slate-900 tabular-nums">{value}</p>
      </div>
      {copyText !== undefined && (
        <button
          type="button"
          onClick={() => void copy(copyText, t('player.copySuccess'), t('player.copyFailure'))}
          aria-label={`${t('playerDeposit.copy')} ${label}`}
          className="flex h-9 shrink-0 items-center gap-1.5 rounded-lg bg-brand-50 px-3 text-[13px] font-semibold text-brand-700 active:bg-brand-100"
        >
          <Copy className="size-4" />
          {t('playerDeposit.copy')}
        </button>
      )}
    </div>
  );
}

/** One deposit order: its state (pushed: lib/deposit-live.ts), the operator's account and amount, and the voucher upload. */
export default function DepositOrderPage() {
  const { t } = useTranslation();
  const format = useProjectFormat();
  const id = Number(useParams().id);
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const order = useQuery(depositOrderQuery(id));

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !order.data) return;
    const problem = checkImageFile(file);
    if (problem) {
      notify.error(
        problem === 'wrongType' ? t('playerDeposit.voucherWrongType') : t('playerDeposit.voucherTooLarge'),
      );
      return;
    }
    setUploading(true);
    try {
      const body = new FormData();
      body.append('file', file);
      const uploaded = await api.site.upload({ body } as Parameters<typeof api.site.upload>[0]);
      const updated = await api.payhub.voucher({ body: { id: order.data.id, voucherUrl: uploaded.url } });
      applyDepositOrder(queryClient, updated);
      notify.success(t('playerDeposit.voucherSent'));
    } catch {
      // The error dialog has told the user why.
    } finally {
      setUploading(false);
    }
  }

  const header = (
    <PageHeader title={t('playerDeposit.orderTitle')} backTo="/wallet" backLabel={t('player.back')} />
  );
  if (!order.data) {
    return (
      <>
        {header}
        <PageSpinner label={t('player.loading')} />
      </>
    );
  }
  const current = order.data;
  // A credited deposit the bank took back keeps its state; the page says what happened instead.
  const tone = depositTone(current);
  const stateKey = String(current.state) as '0';
  const StateIcon =
    tone === 'success'
      ? CircleCheck
      : tone === 'danger' || tone === 'neutral'
        ? CircleX
        : current.state === 4
          ? Search
          : Clock;

  return (
    <div className="min-h-dvh">
      {header}
      <main className="mx-auto flex max-w-md flex-col gap-4 px-4 pt-4 pb-8">
        <section className="rounded-2xl bg-white p-5 text-center shadow-sm ring-1 ring-slate-200/70">
          <span
            className={clsx(
              'mx-auto flex size-12 items-center justify-center rounded-full',
              tone === 'success' && 'bg-emerald-50 text-emerald-700',
              tone === 'pending' && 'bg-amber-50 text-amber-600',
              tone === 'danger' && 'bg-rose-50 text-rose-600',
              tone === 'neutral' && 'bg-slate-100 text-slate-500',
            )}
          >
            <StateIcon className="size-6" />
          </span>
          <p
            className="mt-3 text-[28px] leading-tight font-bold text-slate-900 tabular-nums"
            data-testid="order-amount"
          >
            {format.money(current.amount)}
          </p>
          <div className="mt-2 flex justify-center" data-testid="order-state">
            <StateChip
              tone={tone}
              label={
                current.reversedAt
                  ? t('playerWallet.depositReversed')
                  : t(`playerWallet.depositStates.${stateKey}`)
              }
            />
          </div>
          <p className="mt-3 text-[13.5px] leading-relaxed text-slate-600">
            {current.reversedAt ? t('playerDeposit.reversedHint') : t(`playerDeposit.stateHints.${stateKey}`)}
          </p>
          {current.state === WAIT && (
            <p className="mt-2 text-[13px] font-semibold text-amber-700">
              {t('playerDeposit.payBefore', { time: format.time(current.expiresAt) })}
            </p>
          )}
        </section>

        {current.payee?.qrisNmid &&
          current.port === 'qris' &&
          current.currency === 'IDR' &&
          current.state === WAIT && (
            <QrisCode
              payee={{ ...current.payee, qrisNmid: current.payee.qrisNmid }}
              amount={current.amount}
              orderNo={current.orderNo}
              timeZone={format.project?.timeZone ?? 'Asia/Jakarta'}
            />
          )}

        {current.payee && OPEN_STATES.includes(current.state) && (
          <section className="rounded-2xl bg-white px-4 pt-3 pb-1 shadow-sm ring-1 ring-slate-200/70">
            <h2 className="text-[14px] font-semibold text-slate-900">{t('playerDeposit.transferTo')}</h2>
            {current.port === 'spei' || current.port === 'oxxo' ? (
              <p className="mt-1 text-[13px] leading-relaxed text-slate-500">
                {t(`playerDeposit.portHints.${current.port}`)}
              </p>
            ) : null}
            <div className="divide-y divide-slate-100">
              <CopyRow label={t('playerDeposit.payeeBank')} value={current.payee.bankCode} />
              <CopyRow
                label={t(current.port === 'spei' ? 'playerDeposit.payeeClabe' : 'playerDeposit.payeeAccount')}
                value={current.payee.accountNo}
                copyText={current.payee.accountNo}
              />
              <CopyRow label={t('playerDeposit.payeeHolder')} value={current.payee.holderName} />
              <CopyRow
                label={t('playerDeposit.exactAmount')}
                value={format.money(current.amount)}
                copyText={current.amount.endsWith('.00') ? current.amount.slice(0, -3) : current.amount}
              />
            </div>
          </section>
        )}

        {(current.state === WAIT || current.voucherUrl) && (
          <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200/70">
            <h2 className="text-[14px] font-semibold text-slate-900">{t('playerDeposit.voucher')}</h2>
            {current.voucherUrl ? (
              <img
                src={current.voucherUrl}
                alt={t('playerDeposit.voucher')}
                className="mx-auto mt-3 max-h-56 max-w-full rounded-xl object-contain ring-1 ring-slate-200"
              />
            ) : (
              <>
                <p className="mt-1 text-[13px] leading-relaxed text-slate-500">
                  {t('playerDeposit.voucherHint')}
                </p>
                <input
                  ref={fileInput}
                  type="file"
                  accept={IMAGE_ACCEPT}
                  onChange={(event) => void upload(event)}
                  className="hidden"
                  name="voucher"
                />
                <Button
                  variant="secondary"
                  block
                  busy={uploading}
                  onClick={() => fileInput.current?.click()}
                  className="mt-3"
                >
                  <ImageUp className="size-5" />
                  {t('playerDeposit.uploadVoucher')}
                </Button>
              </>
            )}
          </section>
        )}

        <section className="rounded-2xl bg-white px-4 py-1 shadow-sm ring-1 ring-slate-200/70">
          <CopyRow label={t('playerDeposit.orderNo')} value={current.orderNo} copyText={current.orderNo} />
        </section>

        {!OPEN_STATES.includes(current.state) && (
          <div className="grid grid-cols-2 gap-3">
            <Link
              to={paths.wallet}
              className="flex h-12 items-center justify-center rounded-xl bg-white text-[15px] font-semibold text-slate-700 ring-1 ring-slate-200 active:bg-slate-50"
            >
              {t('playerDeposit.backToWallet')}
            </Link>
            <Link
              to={paths.deposit}
              className="flex h-12 items-center justify-center rounded-xl bg-brand-600 text-[15px] font-semibold text-white active:bg-brand-700"
            >
              {t('playerDeposit.newDeposit')}
            </Link>
          </div>
        )}
      </main>
    </div>
  );
}

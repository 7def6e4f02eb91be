import { ErrorCode } from '@payhub/contracts';
import { useQuery } from '@tanstack/react-query';
import { Copy, ShieldAlert, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { useProjectFormat } from '../../lib/currency.ts';
import { notify } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { queryClient } from '../../lib/query-client.ts';
import { QUERY_KEYS } from '../../lib/query-keys.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Callout } from '../../shared/ui/callout.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { StateChip, type StateTone } from '../../shared/ui/state-chip.tsx';
import { AddressQr } from './address-qr.tsx';
import { chainDepositsQuery, depositAddressQuery, responsibleSettingsQuery } from './api.ts';
import { useUsdtText } from './usdt-text.ts';

const DEPOSIT_TONES: Record<string, StateTone> = {
  pending: 'pending',
  credited: 'success',
  dust: 'neutral',
  dropped: 'danger',
};
/** The dev faucet's amount. */
const FAUCET_AMOUNT = '100';

/** USDT wire amounts carry 6 decimals; screens show 2 (contracts/assets.ts displayDigits). */

/**
 * A crypto deposit: the player's USDT address as text and QR code, the network warning, the minimum,
 * and the deposits seen with their live confirmations (pushed over realtime: lib/realtime.ts).
 */
export default function ChainDepositPage() {
  const { t } = useTranslation();
  const shortUsdt = useUsdtText();
  const address = useQuery(depositAddressQuery());
  const deposits = useQuery(chainDepositsQuery());
  const paused = (address.error as { errCode?: number } | null)?.errCode === ErrorCode.UserCannotPlay;
  const settings = useQuery(responsibleSettingsQuery(paused));
  const format = useProjectFormat();
  const [sending, setSending] = useState(false);
  const header = (
    <PageHeader title={t('playerChain.depositTitle')} backTo={paths.wallet} backLabel={t('player.back')} />
  );
  if (paused) {
    const exclusion = settings.data?.exclusion ?? null;
    return (
      <>
        {header}
        <main className="mx-auto flex max-w-md flex-col gap-4 px-4 py-4">
          <Callout tone="danger" icon={ShieldAlert} role="status" testId="deposit-paused">
            <p className="text-[15px] font-semibold text-rose-800">
              {exclusion === null
                ? t('playerSafety.depositUnavailable')
                : exclusion.until === null
                  ? t('playerSafety.depositPausedPermanent')
                  : t('playerSafety.depositPaused', {
                      date: format.dateTime(new Date(exclusion.until * 1000).toISOString()),
                    })}
            </p>
            {exclusion !== null && (
              <p className="text-[13px] text-rose-700">{t('playerSafety.depositPausedHint')}</p>
            )}
          </Callout>
        </main>
      </>
    );
  }
  if (!address.data) {
    return (
      <>
        {header}
        <PageSpinner label={t('player.loading')} />
      </>
    );
  }
  const info = address.data;

  async function copy() {
    await navigator.clipboard?.writeText(info.address).catch(() => undefined);
    notify.success(t('playerChain.copied'));
  }

  async function faucet() {
    setSending(true);
    try {
      await api.chain.devFaucet({ body: { amount: FAUCET_AMOUNT } });
      notify.success(t('playerChain.faucetSent'));
      await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.chainDeposits });
    } catch {
      // The error dialog has told the user why.
    } finally {
      setSending(false);
    }
  }

  const items = deposits.data?.items ?? [];
  return (
    <>
      {header}
      <main className="mx-auto flex max-w-md flex-col gap-4 px-4 py-4">
        <section className="flex flex-col items-center gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200/70">
          <h2 className="self-start text-[14px] font-semibold text-slate-700">
            {t('playerChain.yourAddress')}
          </h2>
          <AddressQr address={info.address} label={t('playerChain.qrLabel')} />
          <p
            className="w-full break-all text-center font-mono text-[14px] text-slate-900"
            data-testid="chain-address"
          >
            {info.address}
          </p>
          <Button variant="secondary" block onClick={() => void copy()}>
            <Copy className="size-4" /> {t('playerChain.copy')}
          </Button>
        </section>
        <section
          className="flex gap-2 rounded-xl bg-amber-50 p-3 text-[13px] text-amber-900 ring-1 ring-amber-200"
          role="note"
        >
          <TriangleAlert className="size-5 shrink-0" />
          <div className="flex flex-col gap-1">
            <p>{t('playerChain.networkWarning', { network: info.network })}</p>
            <p>{t('playerChain.minimum', { amount: shortUsdt(info.minDeposit) })}</p>
            <p>{t('playerChain.confirmationsNeeded', { count: info.confirmationsRequired })}</p>
          </div>
        </section>
        {info.faucet && (
          <Button block busy={sending} onClick={() => void faucet()} data-testid="chain-faucet">
            {t('playerChain.faucet')}
          </Button>
        )}
        <section className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/70">
          <h2 className="px-4 pt-3.5 text-[14px] font-semibold text-slate-700">
            {t('playerChain.deposits')}
          </h2>
          {items.length === 0 ? (
            <p className="px-4 py-4 text-[13px] text-slate-500">{t('playerChain.noDeposits')}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {items.map((deposit) => (
                <li
                  key={deposit.id}
                  className="flex items-center gap-3 px-4 py-3"
                  data-testid="chain-deposit"
                >
                  <div className="min-w-0 flex-1">
                    <p className="text-[15px] font-semibold text-slate-900">
                      {shortUsdt(deposit.amount)} USDT
                    </p>
                    <p className="truncate font-mono text-[11.5px] text-slate-500">{deposit.txHash}</p>
                    {deposit.state === 'pending' && (
                      <p className="text-[12.5px] text-slate-600" data-testid="chain-confirmations">
                        {t('playerChain.confirmations', {
                          count: Math.min(deposit.confirmations, deposit.confirmationsRequired),
                          required: deposit.confirmationsRequired,
                        })}
                      </p>
                    )}
                  </div>
                  <StateChip
                    tone={DEPOSIT_TONES[deposit.state] ?? 'neutral'}
                    label={t(`playerChain.depositStates.${deposit.state}`)}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      </main>
    </>
  );
}

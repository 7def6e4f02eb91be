import { Bitcoin, ChevronRight, Landmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProjectFormat } from '../../lib/currency.ts';
import { paths } from '../../lib/paths.ts';
import { WithdrawHoldNotice } from '../../lib/withdraw-hold.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';

/** Deposit or withdraw: local currency through the payment hub, or USDT on chain (the chain feature's screens). */
export function ChooserPage({ kind }: { kind: 'deposit' | 'withdraw' }) {
  const { t } = useTranslation();
  // The project's own deposit ports (its rails): SPEI and OXXO in Mexico, bank transfer and QRIS in Indonesia.
  const ports = (useProjectFormat().project?.rails.depositPorts ?? [])
    .map((port) => t(`playerWallet.ports.${port}`))
    .join(' · ');
  const options =
    kind === 'deposit'
      ? [
          {
            to: paths.deposit,
            icon: Landmark,
            title: t('playerMoney.chooser.local'),
            hint: t('playerMoney.chooser.localDepositHint', { ports }),
            id: 'local',
          },
          {
            to: paths.chainDeposit,
            icon: Bitcoin,
            title: t('playerMoney.chooser.crypto'),
            hint: t('playerMoney.chooser.cryptoDepositHint'),
            id: 'crypto',
          },
        ]
      : [
          {
            to: paths.withdraw,
            icon: Landmark,
            title: t('playerMoney.chooser.local'),
            hint: t('playerMoney.chooser.localWithdrawHint'),
            id: 'local',
          },
          {
            to: paths.chainWithdraw,
            icon: Bitcoin,
            title: t('playerMoney.chooser.crypto'),
            hint: t('playerMoney.chooser.cryptoWithdrawHint'),
            id: 'crypto',
          },
        ];
  return (
    <div className="min-h-dvh">
      <PageHeader
        title={
          kind === 'deposit' ? t('playerMoney.chooser.depositTitle') : t('playerMoney.chooser.withdrawTitle')
        }
        backTo={paths.home}
        backLabel={t('player.back')}
      />
      <main className="mx-auto flex max-w-md flex-col gap-3 px-4 pt-4 pb-8">
        {kind === 'withdraw' && <WithdrawHoldNotice />}
        {options.map(({ to, icon: Icon, title, hint, id }) => (
          <Link
            key={id}
            to={to}
            data-testid={`choose-${id}`}
            className="flex items-center gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200/70 active:bg-slate-50"
          >
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
              <Icon className="size-6" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block text-[15px] font-semibold text-slate-900">{title}</span>
              <span className="block text-[13px] text-slate-500">{hint}</span>
            </span>
            <ChevronRight className="size-5 text-slate-400" />
          </Link>
        ))}
      </main>
    </div>
  );
}

export function DepositChooserPage() {
  return <ChooserPage kind="deposit" />;
}
export function WithdrawChooserPage() {
  return <ChooserPage kind="withdraw" />;
}

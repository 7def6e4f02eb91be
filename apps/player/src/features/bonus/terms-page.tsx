import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useProjectFormat } from '../../lib/currency.ts';
import { paths } from '../../lib/paths.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { bonusOverviewQuery } from './api.ts';

const ITEMS = [
  'firstDeposit',
  'referral',
  'wagering',
  'betsFrom',
  'order',
  'withdraw',
  'abuse',
  'clawback',
  'exclusion',
] as const;

/** Every rule of bonus money, with the project's figures (minimum, percentages, days, multiple). */
export default function BonusTermsPage() {
  const { t } = useTranslation();
  const format = useProjectFormat();
  const overview = useQuery(bonusOverviewQuery());
  if (!overview.data) return <PageSpinner label={t('player.loading')} />;
  const { terms } = overview.data;
  const values = {
    min: format.asset(terms.minFirstDeposit, terms.asset),
    days: terms.referralDelayDays,
    multiple: terms.wageringMultiple,
  };
  return (
    <div className="min-h-dvh bg-slate-50">
      <PageHeader
        title={t('playerWallet.bonus.termsTitle')}
        backTo={paths.bonus}
        backLabel={t('player.back')}
      />
      <main className="mx-auto max-w-md px-4 pt-4 pb-[max(2rem,env(safe-area-inset-bottom))]">
        <ol className="flex flex-col gap-3 rounded-2xl bg-white px-4 py-4 shadow-sm ring-1 ring-slate-200/70">
          {ITEMS.map((item, index) => (
            <li
              key={item}
              className="flex gap-3 text-[14px] leading-relaxed text-slate-700"
              data-testid="bonus-term"
            >
              <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-[12px] font-semibold text-brand-700">
                {index + 1}
              </span>
              <span>
                {t(`playerWallet.bonus.termsItems.${item}`, {
                  ...values,
                  percent: (item === 'referral' ? terms.referralBp : terms.bonusBp) / 100,
                })}
              </span>
            </li>
          ))}
        </ol>
      </main>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Callout } from '../shared/ui/callout.tsx';
import { api } from './api.ts';
import { useProjectFormat } from './currency.ts';
import { paths } from './paths.ts';

/** The caller's bonus money (issue 17): read by the bonus screens and the withdrawal screens' notice. */
export const bonusOverviewQuery = () => ({
  queryKey: ['bonus', 'overview'] as const,
  queryFn: () => api.bonus.overview(),
  staleTime: 0,
});

/**
 * Told before a withdrawal (bank or crypto) is confirmed: with a wagering requirement open, what the
 * player chose in advance happens — the withdrawal is refused, or the bonus is forfeited.
 */
export function BonusWithdrawNotice() {
  const { t } = useTranslation();
  const format = useProjectFormat();
  const overview = useQuery(bonusOverviewQuery());
  const data = overview.data;
  if (!data?.openRequirement) return null;
  const locked = data.balances
    .filter((row) => row.balance !== '0' && !/^0(\.0+)?$/.test(row.balance))
    .map((row) => format.asset(row.balance, row.asset))
    .join(' + ');
  return (
    <Callout tone="warning" icon={Gift} testId="bonus-withdraw-notice">
      <p>
        {data.onWithdraw === 'refuse'
          ? t('playerWallet.bonus.withdrawNotice.refuse')
          : t('playerWallet.bonus.withdrawNotice.forfeit', { amount: locked })}
      </p>
      <Link to={paths.bonus} className="font-semibold text-amber-700 underline underline-offset-2">
        {t('playerWallet.bonus.withdrawNotice.change')}
      </Link>
    </Callout>
  );
}

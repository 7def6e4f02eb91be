import { useQuery } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Callout } from '../shared/ui/callout.tsx';
import { api } from './api.ts';

/**
 * Whether the caller's withdrawals wait for a compliance review (a fraud case open on the account):
 * read by both withdrawal screens, which then say so before the form instead of after a refusal.
 */
export const withdrawHoldQuery = () => ({
  queryKey: ['withdraw', 'hold'] as const,
  queryFn: () => api.withdraw.hold(),
  staleTime: 0,
});

/** True while the caller's withdrawals are held (the server refuses them with 712 meanwhile). */
export function useWithdrawHeld(): boolean {
  return useQuery(withdrawHoldQuery()).data?.held === true;
}

/** The held state in words, above the withdrawal form. */
export function WithdrawHoldNotice() {
  const { t } = useTranslation();
  if (!useWithdrawHeld()) return null;
  return (
    <Callout tone="danger" icon={ShieldAlert} role="status" testId="withdraw-hold-notice">
      <p className="font-semibold">{t('playerWallet.withdrawHold.title')}</p>
      <p>{t('playerWallet.withdrawHold.body')}</p>
    </Callout>
  );
}

import type { BonusOverview, BonusWithdrawChoice } from '@payhub/contracts';
import { api } from '../../lib/api.ts';
import { bonusOverviewQuery } from '../../lib/bonus.tsx';
import { queryClient, showSaved } from '../../lib/query-client.ts';

export { bonusOverviewQuery };

/**
 * Saves the advance choice for a withdrawal with an open requirement; the overview shows it at once
 * (a read from before the save cannot put the old choice back: the next tap on it would do nothing),
 * and is read again.
 */
export async function saveWithdrawChoice(onWithdraw: BonusWithdrawChoice): Promise<void> {
  await api.bonus.setWithdrawChoice({ body: { onWithdraw } });
  const { queryKey } = bonusOverviewQuery();
  await showSaved<BonusOverview>(queryKey, (current) => (current ? { ...current, onWithdraw } : current));
  void queryClient.invalidateQueries({ queryKey });
}

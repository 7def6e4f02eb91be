import type { BonusOverview, BonusWithdrawChoice } from '@payhub/contracts';
import { api } from '../../lib/api.ts';
import { bonusOverviewQuery } from '../../lib/bonus.tsx';
import { queryClient } from '../../lib/query-client.ts';

export { bonusOverviewQuery };

/** Saves the advance choice for a withdrawal with an open requirement; the overview shows it at once. */
export async function saveWithdrawChoice(onWithdraw: BonusWithdrawChoice): Promise<void> {
  await api.bonus.setWithdrawChoice({ body: { onWithdraw } });
  queryClient.setQueryData<BonusOverview>(bonusOverviewQuery().queryKey, (current) =>
    current ? { ...current, onWithdraw } : current,
  );
}

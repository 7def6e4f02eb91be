// The saved withdrawal choice survives an overview read that was already on its way when it was saved.
import type { BonusOverview, BonusWithdrawChoice } from '@payhub/contracts';
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

let serverChoice: BonusWithdrawChoice = 'forfeit';
const pendingReads: Array<() => void> = [];
vi.mock('../../lib/api.ts', () => ({
  api: {
    bonus: {
      // Each read answers with the choice the server held when the read arrived, when the test says.
      overview: () => {
        const answer = { onWithdraw: serverChoice } as BonusOverview;
        return new Promise<BonusOverview>((resolve) => pendingReads.push(() => resolve(answer)));
      },
      setWithdrawChoice: async ({ body }: { body: { onWithdraw: BonusWithdrawChoice } }) => {
        serverChoice = body.onWithdraw;
        return {};
      },
    },
  },
}));
// The withdrawal notice beside the query formats money from the stored preferences; not used here.
vi.mock('../../lib/currency.ts', () => ({ useProjectFormat: () => ({}) }));

const { bonusOverviewQuery, saveWithdrawChoice } = await import('./api.ts');
const { queryClient } = await import('../../lib/query-client.ts');

afterEach(() => {
  queryClient.clear();
  pendingReads.length = 0;
  serverChoice = 'forfeit';
});

describe('saveWithdrawChoice', () => {
  it('keeps the saved choice when a read from before the save answers after it', async () => {
    const { queryKey } = bonusOverviewQuery();
    queryClient.setQueryData<BonusOverview>(queryKey, { onWithdraw: 'forfeit' } as BonusOverview);
    // The page opens (an observer, as useQuery is) and reads the overview again; the server answers
    // 'forfeit', slowly.
    const page = new QueryObserver(queryClient, bonusOverviewQuery());
    const unsubscribe = page.subscribe(() => {});
    expect(pendingReads).toHaveLength(1);
    const answerStaleRead = pendingReads.shift()!;

    await saveWithdrawChoice('refuse');
    expect(queryClient.getQueryData<BonusOverview>(queryKey)?.onWithdraw).toBe('refuse');

    answerStaleRead();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(queryClient.getQueryData<BonusOverview>(queryKey)?.onWithdraw).toBe('refuse');

    // The fresh read after the save answers with the server's choice.
    expect(pendingReads).toHaveLength(1);
    pendingReads.shift()!();
    await vi.waitFor(() => expect(queryClient.isFetching({ queryKey })).toBe(0));
    expect(page.getCurrentResult().data?.onWithdraw).toBe('refuse');
    unsubscribe();
  });
});

// Proves the pem banner's data: the promo feature loads the report checks once the session is signed in and on every refresh, and none before.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const spaReportCheck = vi.fn();
vi.mock('../../lib/api.ts', () => ({ api: { promo: { spaReportCheck } } }));

const { useGlobalStore } = await import('../../lib/stores/global.store.ts');
const { hasPendingReportCheck, usePemStore } = await import('../../lib/stores/pem.store.ts');
const { installPemRefresh } = await import('./pem-refresh.ts');

const check = (id: number, status: number) => ({
  id,
  status,
  reportId: id,
  kind: 'review',
  reporterId: 7,
  reporterNickname: 'Promotor (demo)',
  reportDate: '2026-11-21',
  note: null,
  createdAt: 0,
});

beforeEach(() => {
  spaReportCheck.mockReset();
});

describe('pem refresh', () => {
  it('waits for the sign-in, then loads the checks; a later refresh clears the banner', async () => {
    useGlobalStore.setState({ status: 'booting' });
    spaReportCheck.mockResolvedValue({ items: [check(1, 0), check(2, 1)], pending: 1 });
    installPemRefresh();
    const refresh = usePemStore.getState().refreshReportChecks;
    expect(refresh).not.toBeNull();
    await refresh?.();
    expect(spaReportCheck).not.toHaveBeenCalled();

    useGlobalStore.setState({ status: 'signedIn' });
    await vi.waitFor(() => expect(spaReportCheck).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(hasPendingReportCheck(usePemStore.getState().reportChecks)).toBe(true));

    spaReportCheck.mockResolvedValue({ items: [check(1, 1), check(2, 1)], pending: 0 });
    await usePemStore.getState().refreshReportChecks?.();
    expect(usePemStore.getState().reportChecks).toEqual([
      { id: 1, status: 1 },
      { id: 2, status: 1 },
    ]);
    expect(hasPendingReportCheck(usePemStore.getState().reportChecks)).toBe(false);
  });
});

// Proves the operator's payment-hub lists follow pushed orders without a request: a new order of this
// operator joins the waiting list, its next version moves it to the checking list, a late stale copy
// and another operator's order change nothing, and the manager's queues follow handleState.
import type { PayOrder, User } from '@payhub/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/api.ts', () => ({ api: {} }));

const { useGlobalStore } = await import('../../lib/stores/global.store.ts');
const { applyPayOrder, payhubKeys } = await import('./api.ts');

const ME = 41;
let nextId = 9000;
function order(changes: Partial<PayOrder>): PayOrder {
  return {
    id: nextId,
    orderNo: `P${nextId}`,
    state: 0,
    amount: '150000.00',
    commission: '0.00',
    currency: 'IDR',
    bankCode: 'BCA',
    port: 'bank_transfer',
    payee: null,
    playerId: 7,
    operatorId: ME,
    handleState: 0,
    handlerId: null,
    voucherUrl: null,
    remark: null,
    expiresAt: '2026-01-01T00:30:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: 1,
    ...changes,
  } as PayOrder;
}
const empty = { items: [], total: 0 };

describe('applyPayOrder', () => {
  useGlobalStore.setState({ user: { id: ME } as User });

  it('moves the operator’s order between its lists by version, with no refetch', () => {
    nextId += 1;
    const client = new QueryClient();
    const refetches = vi.spyOn(client, 'invalidateQueries');
    const waiting = payhubKeys.orders({ scope: 'mine', states: [0] });
    const checking = payhubKeys.orders({ scope: 'mine', states: [3] });
    client.setQueryData(waiting, empty);
    client.setQueryData(checking, empty);

    expect(applyPayOrder(client, order({ state: 0, version: 1 }))).toBe(true);
    expect(client.getQueryData<{ items: PayOrder[] }>(waiting)?.items.map((item) => item.id)).toEqual([
      nextId,
    ]);

    applyPayOrder(client, order({ state: 3, version: 2 }));
    expect(client.getQueryData(waiting)).toEqual(empty);
    expect(client.getQueryData<{ total: number }>(checking)?.total).toBe(1);

    expect(applyPayOrder(client, order({ state: 0, version: 1 }))).toBe(false);
    expect(client.getQueryData(waiting)).toEqual(empty);
    expect(refetches).not.toHaveBeenCalled();
  });

  it('leaves another operator’s order out and follows handleState in the manager’s queue', () => {
    nextId += 1;
    const client = new QueryClient();
    const waiting = payhubKeys.orders({ scope: 'mine', states: [0] });
    const exceptional = payhubKeys.orders({ scope: 'manage', states: [4] });
    client.setQueryData(waiting, empty);
    client.setQueryData(exceptional, empty);

    applyPayOrder(client, order({ operatorId: ME + 1, state: 4, version: 3 }));
    expect(client.getQueryData(waiting)).toEqual(empty);
    expect(client.getQueryData<{ total: number }>(exceptional)?.total).toBe(1);

    applyPayOrder(client, order({ operatorId: ME + 1, state: 4, handleState: 1, handlerId: ME, version: 4 }));
    expect(client.getQueryData(exceptional)).toEqual(empty);
  });
});

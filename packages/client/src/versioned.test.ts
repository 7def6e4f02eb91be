// Proves pushed entities are applied by version: newer copies replace, move between or leave the
// cached lists (newest id first, totals kept), stale copies change nothing, and only a list that
// cannot tell membership is refetched — on a real TanStack QueryClient, without a request.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { applyPushed, applyToPage, type Page, VersionRegister } from './versioned.ts';

interface Order {
  id: number;
  version: number;
  state: number;
}
const order = (id: number, version: number, state: number): Order => ({ id, version, state });
const page = (...items: Order[]): Page<Order> => ({ items, total: items.length });

describe('applyToPage', () => {
  it('replaces an older copy, keeps a newer one', () => {
    expect(applyToPage(page(order(2, 1, 0)), order(2, 2, 0), true)).toEqual(page(order(2, 2, 0)));
    expect(applyToPage(page(order(2, 3, 0)), order(2, 2, 0), true)).toBe('same');
    expect(applyToPage(page(order(2, 3, 0)), order(2, 3, 1), false)).toBe('same');
  });
  it('removes a copy that no longer belongs and inserts one that now does, newest id first', () => {
    expect(applyToPage(page(order(3, 1, 0), order(1, 1, 0)), order(3, 2, 1), false)).toEqual(
      page(order(1, 1, 0)),
    );
    expect(applyToPage(page(order(5, 1, 0), order(1, 1, 0)), order(3, 1, 0), true)).toEqual(
      page(order(5, 1, 0), order(3, 1, 0), order(1, 1, 0)),
    );
    expect(applyToPage(page(order(1, 1, 0)), order(9, 1, 0), true)).toEqual(
      page(order(9, 1, 0), order(1, 1, 0)),
    );
  });
  it('answers unknown only for an absent entity whose membership cannot be told', () => {
    expect(applyToPage(page(order(1, 1, 0)), order(2, 1, 0), undefined)).toBe('unknown');
    expect(applyToPage(page(order(1, 1, 0)), order(2, 1, 0), false)).toBe('same');
  });
});

describe('applyPushed on a QueryClient', () => {
  const family = (states: number[]) => ['orders', { states }] as const;
  const belongs = (key: readonly unknown[], entity: Order) =>
    (key[1] as { states: number[] }).states.includes(entity.state);

  it('moves an order between lists and the detail without fetching, and drops a late stale copy', () => {
    const client = new QueryClient();
    const fetches = vi.spyOn(client, 'invalidateQueries');
    client.setQueryData(family([0]), page(order(7, 1, 0)));
    client.setQueryData(family([1]), page());
    client.setQueryData(['order', 7], order(7, 1, 0));
    const register = new VersionRegister();
    const target = { families: [{ queryKey: ['orders'], belongs }], entityKey: ['order', 7] };

    expect(applyPushed(client, register, order(7, 2, 1), target)).toBe(true);
    expect(client.getQueryData(family([0]))).toEqual(page());
    expect(client.getQueryData(family([1]))).toEqual(page(order(7, 2, 1)));
    expect(client.getQueryData(['order', 7])).toEqual(order(7, 2, 1));

    // The waiting copy arrives late: it must not bring the order back to the waiting list.
    expect(applyPushed(client, register, order(7, 1, 0), target)).toBe(false);
    expect(client.getQueryData(family([0]))).toEqual(page());
    expect(fetches).not.toHaveBeenCalled();
  });

  it('refetches only the list that cannot tell, and creates no detail entry', () => {
    const client = new QueryClient();
    const fetches = vi.spyOn(client, 'invalidateQueries');
    client.setQueryData(['orders', 'mystery'], page());
    client.setQueryData(family([0]), page());
    const target = {
      families: [
        {
          queryKey: ['orders'],
          belongs: (key: readonly unknown[]) => (key[1] === 'mystery' ? undefined : true),
        },
      ],
      entityKey: ['order', 8],
    };
    applyPushed(client, new VersionRegister(), order(8, 1, 0), target);
    expect(fetches).toHaveBeenCalledTimes(1);
    expect(fetches).toHaveBeenCalledWith({ queryKey: ['orders', 'mystery'], exact: true });
    expect(client.getQueryData(family([0]))).toEqual(page(order(8, 1, 0)));
    expect(client.getQueryData(['order', 8])).toBeUndefined();
  });
});

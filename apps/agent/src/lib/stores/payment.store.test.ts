// Proves the persistence of spec §4: only quota, config and withdraw of the payment state are
// stored, under version 0; migrating a stored state of another version clears the main token;
// the other stores are not persisted; the global reset clears data center, pem and payment.
import { beforeEach, describe, expect, it, vi } from 'vitest';

class MemoryStorage {
  private values = new Map<string, string>();
  get length() {
    return this.values.size;
  }
  clear() {
    this.values.clear();
  }
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  key(index: number) {
    return [...this.values.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
  setItem(key: string, value: string) {
    this.values.set(key, String(value));
  }
}

const storage = new MemoryStorage();
vi.stubGlobal('localStorage', storage);

async function freshStores() {
  vi.resetModules();
  const payment = await import('./payment.store.ts');
  const reset = await import('./reset.ts');
  const dataCenter = await import('./data-center.store.ts');
  const pem = await import('./pem.store.ts');
  return { ...payment, ...reset, ...dataCenter, ...pem };
}

describe('payment store persistence', () => {
  beforeEach(() => storage.clear());

  it('persists only quota, config and withdraw, under version 0', async () => {
    const { usePaymentStore, PAYMENT_STORAGE_KEY } = await freshStores();
    usePaymentStore.setState({
      quota: { remaining: '10.00' },
      config: { minimum: '1.00' },
      withdraw: { pending: 1 },
      workStatus: true,
      unprocessedOrders: 4,
      myBankCards: [{ accountNo: '123', bankCardHolder: 'A', cardUrl: null, state: 1 }],
    });
    const stored = JSON.parse(storage.getItem(PAYMENT_STORAGE_KEY)!);
    expect(stored.version).toBe(0);
    expect(stored.state).toEqual({
      quota: { remaining: '10.00' },
      config: { minimum: '1.00' },
      withdraw: { pending: 1 },
    });
  });

  it('restores the persisted fields and leaves the rest at their initial values', async () => {
    storage.setItem(
      'payhub-payment',
      JSON.stringify({
        state: { quota: { remaining: '5.00' }, config: null, withdraw: null, workStatus: true },
        version: 0,
      }),
    );
    storage.setItem('main_token', 'still-signed-in');
    const { usePaymentStore } = await freshStores();
    expect(usePaymentStore.getState().quota).toEqual({ remaining: '5.00' });
    expect(usePaymentStore.getState().workStatus).toBe(false);
    expect(storage.getItem('main_token')).toBe('still-signed-in');
  });

  it('migrating a stored state of another version clears the stored main token', async () => {
    storage.setItem(
      'payhub-payment',
      JSON.stringify({ state: { quota: { remaining: '7.00' } }, version: 1 }),
    );
    storage.setItem('main_token', 'old-session');
    const { usePaymentStore } = await freshStores();
    expect(storage.getItem('main_token')).toBeNull();
    expect(usePaymentStore.getState().quota).toEqual({ remaining: '7.00' });
  });

  it('migratePayment keeps only the persisted fields', async () => {
    const { migratePayment } = await freshStores();
    storage.setItem('main_token', 'x');
    expect(migratePayment({ quota: 1, config: 2, withdraw: 3, workStatus: true }, 0)).toEqual({
      quota: 1,
      config: 2,
      withdraw: 3,
    });
    expect(storage.getItem('main_token')).toBeNull();
  });

  it('does not persist the data center or pem stores', async () => {
    const { useDataCenterStore, usePemStore } = await freshStores();
    useDataCenterStore.setState({ value: 1 });
    usePemStore.setState({ reportChecks: [{ id: 1, status: 0 }] });
    expect(storage.length).toBe(0);
  });

  it('the global reset clears data center, pem report checks and payment state', async () => {
    const { resetAll, useDataCenterStore, usePemStore, usePaymentStore, hasPendingReportCheck } =
      await freshStores();
    useDataCenterStore.setState({
      value: 1,
      d0: [
        {
          date: 'x',
          applyCount: 1,
          completeCount: 1,
          depositFirstCount: 0,
          depositAllCount: 0,
          depositFirstAmount: '0.00',
        },
      ],
    });
    usePemStore.setState({ reportChecks: [{ id: 1, status: 0 }] });
    expect(hasPendingReportCheck(usePemStore.getState().reportChecks)).toBe(true);
    usePaymentStore.setState({ quota: { remaining: '1.00' }, unprocessedOrders: 3 });
    resetAll();
    expect(useDataCenterStore.getState().value).toBe(0);
    expect(useDataCenterStore.getState().d0).toEqual([]);
    expect(usePemStore.getState().reportChecks).toEqual([]);
    expect(usePaymentStore.getState().quota).toBeNull();
    expect(usePaymentStore.getState().unprocessedOrders).toBe(0);
  });
});

import { TOKEN_KEY } from '@payhub/client/storage.ts';
import type { PaymentRole } from '@payhub/contracts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** A bank card of the operator (spec §3). */
export interface BankCard {
  accountNo: string;
  bankCardHolder: string;
  cardUrl: string | null;
  state: number;
  oldAccountNo?: string;
  newAccountNo?: string;
}

/**
 * The payment state (spec §3). Quota, config and withdraw are shaped by the payment-hub feature;
 * the shell only stores and persists them.
 */
export interface PaymentState {
  quota: unknown;
  config: unknown;
  withdraw: unknown;
  workStatus: boolean;
  role: PaymentRole | null;
  myBankCards: BankCard[];
  cardUrlAmount: number;
  unprocessedOrders: number;
  unprocessedWithdrawOrders: number;
  taskFlag: { linkExpirationReminder: number | null };
}

export const PAYMENT_STORAGE_KEY = 'payhub-payment';
/** The persisted state's version (spec §4). */
const PAYMENT_STORE_VERSION = 0;

export const initialPaymentState: PaymentState = {
  quota: null,
  config: null,
  withdraw: null,
  workStatus: false,
  role: null,
  myBankCards: [],
  cardUrlAmount: 0,
  unprocessedOrders: 0,
  unprocessedWithdrawOrders: 0,
  taskFlag: { linkExpirationReminder: null },
};

export type PersistedPayment = Pick<PaymentState, 'quota' | 'config' | 'withdraw'>;

/** Only quota, config and withdraw persist (spec §4). */
export function persistedPart(state: PaymentState): PersistedPayment {
  return { quota: state.quota, config: state.config, withdraw: state.withdraw };
}

/**
 * Migrating a stored payment state (written under another version than the current 0) clears the
 * stored main token — a build that changes the store signs everyone out (spec §4) — and keeps only
 * the persisted fields.
 */
export function migratePayment(persisted: unknown, _fromVersion: number): PersistedPayment {
  globalThis.localStorage?.removeItem(TOKEN_KEY);
  return pickPersisted(persisted);
}

/** Reads only the persisted fields back: anything else found in storage is ignored. */
export function pickPersisted(persisted: unknown): PersistedPayment {
  const stored = (persisted && typeof persisted === 'object' ? persisted : {}) as Partial<PersistedPayment>;
  return { quota: stored.quota ?? null, config: stored.config ?? null, withdraw: stored.withdraw ?? null };
}

export const usePaymentStore = create<PaymentState>()(
  persist(() => ({ ...initialPaymentState }), {
    name: PAYMENT_STORAGE_KEY,
    version: PAYMENT_STORE_VERSION,
    storage: createJSONStorage(() => localStorage),
    partialize: persistedPart,
    migrate: migratePayment,
    merge: (persisted, current) => ({ ...current, ...pickPersisted(persisted) }),
  }),
);

export function resetPayment(): void {
  usePaymentStore.setState({ ...initialPaymentState });
}

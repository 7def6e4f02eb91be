import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { RechargeAccount } from '@payhub/contracts';

/**
 * Custody/exchange providers behind one interface (DESIGN.md §4): a top-up is opened with the
 * provider, which later calls our webhook signed with HMAC-SHA256. The dev adapters below stand in
 * for the bank recharge desk and the Indodax exchange (USDT top-ups are watched on chain); the dev simulator
 * settles their top-ups by sending the same signed webhook a provider would.
 */
export type Provider = 'bank' | 'usdt' | 'indodax';
export type ProviderStatus = 'pending' | 'settled' | 'failed';

export interface CustodyAdapter {
  provider: AdapterProvider;
  /** Opens a payment with the provider; answers its reference and where the operator pays. */
  open(topup: {
    orderNo: string;
    amountText: string;
    currency: string;
    /** The project's recharge account (its rails), which bank top-ups are paid into. */
    account: RechargeAccount | null;
  }): Promise<{ reference: string; payTo: string }>;
  /** Asks the provider for the state of a payment (the Indodax "pay" check). */
  status(reference: string): Promise<ProviderStatus>;
}

/** The signed text of a webhook: provider, reference, amount and status, pipe-joined. */
export function webhookPayload(body: {
  provider: string;
  reference: string;
  amount: string;
  status: string;
}): string {
  return `${body.provider}|${body.reference}|${body.amount}|${body.status}`;
}

export function signWebhook(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

export function verifyWebhook(secret: string, payload: string, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return false;
  const expected = Buffer.from(signWebhook(secret, payload), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** Providers behind an adapter; USDT top-ups go through the chain watcher instead (docs/chain.md). */
export type AdapterProvider = Exclude<Provider, 'usdt'>;

/** Development providers: references are random, statuses are set by the simulator. */
export function createDevAdapters(): Record<AdapterProvider, CustodyAdapter> & {
  setStatus(reference: string, status: ProviderStatus): void;
} {
  const statuses = new Map<string, ProviderStatus>();
  const make = (
    provider: AdapterProvider,
    payTo: (reference: string, account: RechargeAccount | null) => string,
  ): CustodyAdapter => ({
    provider,
    async open(topup) {
      const reference = `${provider.toUpperCase()}-${randomBytes(8).toString('hex')}`;
      statuses.set(reference, 'pending');
      return { reference, payTo: payTo(reference, topup.account) };
    },
    async status(reference) {
      return statuses.get(reference) ?? 'pending';
    },
  });
  return {
    // The project's own account (an Indonesian bank account, a Mexican CLABE), never a fixed one.
    bank: make('bank', (_reference, account) =>
      account ? `${account.bankCode} ${account.accountNo} · ${account.holderName}` : '',
    ),
    indodax: make('indodax', (reference) => `https://indodax.dev.local/checkout/${reference}`),
    setStatus(reference, status) {
      statuses.set(reference, status);
    },
  };
}

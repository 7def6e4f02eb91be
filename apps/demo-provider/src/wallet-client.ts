import { createPrivateKey, type KeyObject, randomUUID, sign } from 'node:crypto';

/**
 * How an aggregator calls an operator's seamless wallet: each body signed (RSA-SHA256, base64, in
 * `X-Payhub-Signature`), a timeout per attempt, and the same body re-sent on a timeout or a network
 * error (the operator is idempotent by transaction_uuid, so a retry never moves money twice).
 */
export interface WalletAnswer {
  status: string;
  balance?: number;
  [key: string]: unknown;
}

export class WalletUnreachable extends Error {}

export interface WalletClientOptions {
  baseUrl: string;
  privateKey: KeyObject | string;
  timeoutMs?: number;
  attempts?: number;
  /** Fault injection: the share of attempts cut short by a 1 ms timeout (0 in normal runs). */
  faultRate?: number;
  log?: (line: string) => void;
}

export function createWalletClient(options: WalletClientOptions) {
  const key =
    typeof options.privateKey === 'string' ? createPrivateKey(options.privateKey) : options.privateKey;
  const base = options.baseUrl.replace(/\/+$/, '');
  const attempts = options.attempts ?? 4;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const faultRate = options.faultRate ?? 0;

  async function once(path: string, text: string, signature: string, timeout: number): Promise<WalletAnswer> {
    const response = await fetch(`${base}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-payhub-signature': signature },
      body: text,
      signal: AbortSignal.timeout(timeout),
    });
    if (!response.ok) throw new Error(`wallet answered HTTP ${response.status}`);
    return (await response.json()) as WalletAnswer;
  }

  return {
    /** One wallet call with retries; throws WalletUnreachable when no attempt got an answer. */
    async call(path: string, body: Record<string, unknown>): Promise<WalletAnswer> {
      const text = JSON.stringify({ request_uuid: randomUUID(), ...body });
      const signature = sign('sha256', Buffer.from(text), key).toString('base64');
      let last: unknown;
      for (let attempt = 1; attempt <= attempts; attempt += 1) {
        const faulty = Math.random() < faultRate;
        try {
          return await once(path, text, signature, faulty ? 1 : timeoutMs);
        } catch (error) {
          last = error;
          options.log?.(`wallet ${path} attempt ${attempt} failed: ${(error as Error).message}`);
          await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
        }
      }
      throw new WalletUnreachable(`wallet ${path} unreachable: ${(last as Error)?.message}`);
    },
  };
}
export type WalletClient = ReturnType<typeof createWalletClient>;

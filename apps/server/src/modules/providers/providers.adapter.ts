import type { KeyObject } from 'node:crypto';

/** One game a provider offers. */
export interface ProviderGame {
  code: string;
  name: string;
  category: 'slots' | 'live';
  /** An absolute image URL served by the provider. */
  thumbnail: string;
  demo: boolean;
}

export interface LaunchRequest {
  gameCode: string;
  /** The session token the provider sends back with every wallet call; null in demo mode. */
  token: string | null;
  userId: number | null;
  asset: string;
  lang: string;
  demo: boolean;
}

/**
 * What we need of a game provider (or an aggregator): its games, a launch URL for a session, and
 * the public key that signs its wallet calls. A real aggregator is one more adapter (docs/providers.md).
 */
export interface ProviderAdapter {
  id: string;
  name: string;
  publicKey: KeyObject;
  games(): readonly ProviderGame[];
  launchUrl(request: LaunchRequest): string;
  /** The provider's own record of a UTC day (what reconciliation compares against), when it offers one. */
  record?(day: string): Promise<ProviderRecordLine[]>;
}

/** One wallet transaction as the provider recorded it. */
export interface ProviderRecordLine {
  kind: 'bet' | 'win' | 'rollback';
  transaction_uuid: string;
  reference_transaction_uuid: string | null;
  round: string;
  user: string;
  currency: string;
  amount: number;
}

/** The demo provider of this repository (apps/demo-provider), reached at `baseUrl`. */
export function demoProviderAdapter(baseUrl: string, publicKey: KeyObject): ProviderAdapter {
  const base = baseUrl.replace(/\/+$/, '');
  const games: ProviderGame[] = [
    {
      code: 'demo-fruit-5x3',
      name: 'Buah Emas 5×3',
      category: 'slots',
      thumbnail: `${base}/thumbs/demo-fruit-5x3.svg`,
      demo: true,
    },
    {
      code: 'demo-live-roulette',
      name: 'Roulette Langsung',
      category: 'live',
      thumbnail: `${base}/thumbs/demo-live-roulette.svg`,
      demo: true,
    },
  ];
  return {
    id: 'demo',
    name: 'Payhub Demo Provider',
    publicKey,
    games: () => games,
    launchUrl(request) {
      const query = new URLSearchParams({
        game: request.gameCode,
        lang: request.lang,
        currency: request.asset,
        mode: request.demo ? 'demo' : 'real',
      });
      if (request.token) query.set('token', request.token);
      if (request.userId !== null) query.set('user', String(request.userId));
      return `${base}/play?${query.toString()}`;
    },
    async record(day) {
      const response = await fetch(`${base}/record?day=${encodeURIComponent(day)}`, {
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`demo provider record: HTTP ${response.status}`);
      return ((await response.json()) as { items: ProviderRecordLine[] }).items;
    },
  };
}

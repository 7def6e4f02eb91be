// Proves limits and exclusions apply to third-party play with the real responsible-play gate (not a
// stub): a provider bet over the player's daily wager limit answers RS_ERROR_LIMIT_REACHED, a
// self-excluded player's bet answers RS_ERROR_USER_DISABLED, and neither moves money; the open
// round's win still settles.
import { randomUUID } from 'node:crypto';
import type { PayhubClient } from '@payhub/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { devKeyPair, SIGNATURE_HEADER, signBody } from './providers.keys.ts';

let testApp: TestApp;
let player: PayhubClient;
let privatePem: string;

async function call(
  path: string,
  body: Record<string, unknown>,
): Promise<{ status: string; balance?: number }> {
  const text = JSON.stringify({ request_uuid: randomUUID(), ...body });
  const response = await fetch(`${testApp.baseUrl}/provider/demo/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(privatePem, text) },
    body: text,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { status: string; balance?: number };
}

async function idr(): Promise<bigint> {
  const row = (await player.api.wallet.balances()).items.find((item) => item.asset === 'IDR')!;
  return BigInt(row.available.replace('.', ''));
}

beforeAll(async () => {
  testApp = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  privatePem = devKeyPair(testApp.config.dataDir, 'demo').privatePem;
  player = await testApp.signIn('player');
});
afterAll(async () => testApp?.close());

describe('responsible play on provider bets (the real gate)', () => {
  it('refuses a bet over the wager limit and any bet once self-excluded, moving nothing', async () => {
    const launch = new URL(
      (
        await player.api.providers.launch({
          body: { providerId: 'demo', gameCode: 'demo-fruit-5x3', asset: 'IDR' },
        })
      ).url,
    );
    const session = {
      user: launch.searchParams.get('user')!,
      token: launch.searchParams.get('token')!,
      currency: 'IDR',
      game_code: 'demo-fruit-5x3',
    };
    const bet = (amount: number) =>
      call('transaction/bet', { ...session, transaction_uuid: randomUUID(), round: randomUUID(), amount });
    await player.api.responsible.setLimit({ body: { kind: 'wager_day', amount: '100.00' } });
    const start = await idr();
    const first = { ...session, transaction_uuid: randomUUID(), round: randomUUID(), amount: 6000 };
    expect((await call('transaction/bet', first)).status).toBe('RS_OK');
    const over = await bet(6000);
    expect(over).toMatchObject({ status: 'RS_ERROR_LIMIT_REACHED', balance: Number(start - 6000n) });
    expect(await idr()).toBe(start - 6000n);

    await player.api.responsible.selfExclude({ body: { months: 12 } });
    const excluded = await bet(100);
    expect(excluded).toMatchObject({ status: 'RS_ERROR_USER_DISABLED', balance: Number(start - 6000n) });
    // The round opened before the exclusion still settles.
    const paid = await call('transaction/win', {
      ...session,
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: first.transaction_uuid,
      round: first.round,
      amount: 9000,
    });
    expect(paid).toMatchObject({ status: 'RS_OK', balance: Number(start + 3000n) });
    await expectLedgerClean(testApp);
  });
});

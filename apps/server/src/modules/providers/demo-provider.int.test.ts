// Proves the demo provider plays through our seamless wallet as an aggregator would: signed calls,
// attempts cut short by timeouts are retried and a bet whose answer never came is rolled back; the
// player's balance follows every spin, the day reconciles with the provider's record with zero
// differences, and the ledger check is clean.
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PayhubClient } from '@payhub/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecord } from '../../../../demo-provider/src/record.ts';
import { createDemoProvider } from '../../../../demo-provider/src/server.ts';
import { createWalletClient } from '../../../../demo-provider/src/wallet-client.ts';
import { expectLedgerClean } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { devKeyPair } from './providers.keys.ts';

let testApp: TestApp;
let provider: ReturnType<typeof createDemoProvider>;
let providerUrl: string;
let player: PayhubClient;
let admin: PayhubClient;
const log: string[] = [];

beforeAll(async () => {
  provider = createDemoProvider({
    wallet: {
      call: (path, body) => wallet.call(path, body),
    },
    record: createRecord(join(mkdtempSync(join(tmpdir(), 'demo-provider-')), 'record.jsonl')),
    log: (line) => log.push(line),
  });
  await new Promise<void>((done) => provider.listen(0, '127.0.0.1', done));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  testApp = await startTestApp({
    env: { RATE_LIMIT_PER_MINUTE: '1000000', PROVIDER_DEMO_URL: providerUrl },
    realClock: true,
  });
  wallet = createWalletClient({
    baseUrl: `${testApp.baseUrl}/provider/demo`,
    privateKey: devKeyPair(testApp.config.dataDir, 'demo').privatePem,
    timeoutMs: 5_000,
    attempts: 6,
    faultRate: 0.3,
    log: (line) => log.push(line),
  });
  player = await testApp.signIn('player');
  admin = await testApp.signIn('admin');
});
let wallet: ReturnType<typeof createWalletClient>;
afterAll(async () => {
  await testApp?.close();
  await new Promise((done) => provider?.close(done));
});

async function yec(client: PayhubClient): Promise<bigint> {
  const row = (await client.api.wallet.balances()).items.find((item) => item.asset === 'YEC')!;
  return BigInt(row.available.replace('.', ''));
}

describe('demo provider through the seamless wallet, with timeouts injected', () => {
  it('plays 25 spins, retries, reconciles with zero differences', async () => {
    const games = await player.api.providers.games();
    expect(games.items.map((game) => game.code)).toContain('demo-fruit-5x3');
    expect(games.items[0]!.thumbnail.startsWith(providerUrl)).toBe(true);
    const launch = await player.api.providers.launch({
      body: { providerId: 'demo', gameCode: 'demo-fruit-5x3', asset: 'YEC' },
    });
    const url = new URL(launch.url);
    expect(url.origin).toBe(providerUrl);
    const page = await fetch(launch.url);
    expect(page.status).toBe(200);
    const token = url.searchParams.get('token')!;
    const user = url.searchParams.get('user')!;
    let expected = await yec(player);
    let spins = 0;
    let cancelled = 0;
    for (let index = 0; index < 25; index += 1) {
      const response = await fetch(`${providerUrl}/api/spin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, user, currency: 'YEC', stake: 1000 }),
      });
      const body = (await response.json()) as { payout?: number; balance: number | null; error?: string };
      if (response.status === 200) {
        spins += 1;
        expected = expected - 1000n + BigInt(body.payout!);
        expect(BigInt(body.balance!)).toBe(expected);
      } else {
        expect(response.status).toBe(503);
        cancelled += 1;
      }
      expect(await yec(player)).toBe(expected);
    }
    expect(spins + cancelled).toBe(25);
    expect(spins).toBeGreaterThan(10);
    expect(log.some((line) => line.includes('attempt 1 failed'))).toBe(true);

    const day = new Date().toISOString().slice(0, 10);
    const report = await admin.api.providers.reconcile({ query: { providerId: 'demo', day } });
    expect(report.differences).toEqual([]);
    const row = report.items.find((item) => item.asset === 'YEC')!;
    expect(BigInt(row.betAmount) - BigInt(row.rolledBackAmount)).toBe(BigInt(spins) * 1000n);
    expect(BigInt(row.ggr)).toBe(
      BigInt(row.betAmount) - BigInt(row.rolledBackAmount) - BigInt(row.winAmount),
    );
    await expectLedgerClean(testApp);
  });
});

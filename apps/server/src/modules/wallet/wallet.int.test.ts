// Proves the wallet history through the API: every movement of every asset of the caller in one
// list, typed from its transfer code, linked to its object, filtered by asset, type and date, paged
// by keyset cursor without gaps or repeats, never showing another player's rows, and a bounded CSV
// export of a date range.
import type { PayhubClient } from '@payhub/client';
import { ASSET_CODES, type HistoryRow } from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
let player: PayhubClient;
let other: PayhubClient;
const quoteIds: string[] = [];

beforeAll(async () => {
  testApp = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  player = await testApp.signIn('player');
  other = await testApp.signIn('player-2');
  const exchanges = [
    { from: 'IDR', to: 'YEC', amount: '5000' },
    { from: 'USDT', to: 'IDR', amount: '2.5' },
    { from: 'YEC', to: 'USDT', amount: '100' },
    { from: 'IDR', to: 'USDT', amount: '1234.56' },
  ] as const;
  for (const { from, to, amount } of exchanges) {
    testApp.clock.advance(60_000);
    const quote = await player.api.exchange.quote({ body: { from, to, amount } });
    await player.api.exchange.accept({ params: { id: quote.id } });
    quoteIds.push(quote.id);
  }
  const theirs = await other.api.exchange.quote({ body: { from: 'IDR', to: 'YEC', amount: '100' } });
  await other.api.exchange.accept({ params: { id: theirs.id } });
});
afterAll(async () => testApp?.close());

async function everything(client: PayhubClient, query: Record<string, unknown> = {}, count = 3) {
  const rows: HistoryRow[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page += 1) {
    const answer = await client.api.wallet.history({
      query: { ...query, count, ...(cursor ? { cursor } : {}) } as never,
    });
    rows.push(...answer.items);
    if (!answer.nextCursor) break;
    cursor = answer.nextCursor;
  }
  return rows;
}

describe('wallet history', () => {
  it('lists every movement of every asset once, newest first, linked to its object', async () => {
    const rows = await everything(player);
    // 3 seed credits (play money) + 2 legs for each of 4 exchanges.
    expect(rows).toHaveLength(3 + 8);
    const ids = rows.map((row) => BigInt(row.id));
    expect([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    const exchanges = rows.filter((row) => row.type === 'exchange');
    expect(exchanges).toHaveLength(8);
    expect(new Set(exchanges.map((row) => row.objectId))).toEqual(new Set(quoteIds));
    for (const row of exchanges) expect(row.objectType).toBe('exchange_quote');
    const first = rows.find((row) => row.objectId === quoteIds[0] && row.asset === 'IDR')!;
    expect(first).toMatchObject({ code: 'exchange_in', amount: '-5000.00' });
    // Play money in each of the player's assets (project 12: IDR, USDT, YEC).
    const seeded = rows.filter((row) => row.type === 'bonus').map((row) => row.asset);
    expect(seeded.sort()).toEqual(ASSET_CODES.filter((asset) => asset !== 'MXN').sort());
  });

  it('filters by asset, type and date', async () => {
    const usdt = await everything(player, { asset: 'USDT' });
    expect(usdt.every((row) => row.asset === 'USDT')).toBe(true);
    expect(usdt).toHaveLength(1 + 3);
    const bonus = await everything(player, { type: 'bonus' });
    expect(bonus).toHaveLength(3);
    expect(await everything(player, { type: 'bet' })).toEqual([]);
    const all = await everything(player);
    const cut = all.find((row) => row.objectId === quoteIds[2])!.createdAt;
    const since = await everything(player, { from: cut });
    expect(since.map((row) => row.objectId).sort()).toEqual(
      [quoteIds[2], quoteIds[2], quoteIds[3], quoteIds[3]].sort(),
    );
    const until = await everything(player, { to: cut, type: 'exchange' });
    expect(until).toHaveLength(4);
  });

  it("never shows another player's movements, whatever the cursor", async () => {
    const mine = new Set((await everything(player)).map((row) => row.id));
    const theirs = await everything(other);
    for (const row of theirs) expect(mine.has(row.id)).toBe(false);
    const answer = await player.api.wallet.history({ query: { cursor: '999999999999', count: 100 } });
    expect(answer.items.every((row) => mine.has(row.id))).toBe(true);
  });

  it('refuses bad filters with 3', async () => {
    for (const query of [
      { cursor: '-1' },
      { cursor: 'abc' },
      { count: 0 },
      { count: 101 },
      { asset: 'BTC' },
      { type: 'jackpot' },
      { from: 'yesterday' },
      { from: '2026-11-24T00:00:00Z', to: '2026-11-23T00:00:00Z' },
      { offset: 10 },
    ])
      expect(
        (await failure(player.api.wallet.history({ query: query as never }))).errCode,
        JSON.stringify(query),
      ).toBe(3);
  });

  it('exports a bounded date range as CSV', async () => {
    const now = testApp.clock.now();
    const all = await everything(player);
    const from = all.find((row) => row.objectId === quoteIds[0])!.createdAt;
    const to = new Date(now.getTime() + 60_000).toISOString();
    const answer = await player.api.wallet.historyExport({ query: { from, to } });
    const lines = answer.csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,createdAt,asset,type,code,amount,balanceAfter,objectType,objectId');
    expect(answer.rows).toBe(lines.length - 1);
    expect(answer.rows).toBe(8); // the 4 exchanges' legs since the first; the seed before is left out
    expect(answer.filename).toMatch(/^history-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const tooLong = await failure(
      player.api.wallet.historyExport({
        query: { from: '2026-01-01T00:00:00Z', to: '2026-06-01T00:00:00Z' },
      }),
    );
    expect(tooLong.errCode).toBe(3);
    expect((await failure(player.api.wallet.historyExport({ query: { from } as never }))).errCode).toBe(3);
  });
});

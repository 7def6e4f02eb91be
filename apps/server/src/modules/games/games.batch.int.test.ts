// Proves the group commit of single-outcome bets (docs/decisions.md "Games: bets settled in
// batches") through the real server: bets of many players at once leave in shared statements and
// each ends as it would alone (its nonce, its money, its gate records); a bet refused inside a batch
// undoes that batch, every bet of it is then placed alone and only the refused one fails; a player
// whose gate has something to check takes the locked path from inside a batch, and the limit holds;
// a batch in YEC is valued as a bet alone is; one under age or cooling off is refused from a batch.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { PayhubClient } from '@payhub/client';
import { type Asset, type BetWire, ErrorCode, parseAmount } from '@payhub/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean, failure } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { accounts, createLedger } from '../../ledger/ledger.ts';
import type { PlayGate } from '../../money/play-gate.ts';
import { systemClock } from '../../platform/clock.ts';

const PROJECT = 12;
let testApp: TestApp;
/** How many times the gate was asked about each player's stake as one of a batch: the real gate, watched. */
const inBatches = new Map<number, number>();

beforeAll(async () => {
  let real: PlayGate | null = null;
  const watched = new Proxy({} as PlayGate, {
    get(_, key: keyof PlayGate) {
      if (!real) real = testApp.app.responsiblePlay.gate;
      if (key === 'quickStakes')
        return (contexts: Parameters<NonNullable<PlayGate['quickStakes']>>[0], offset: number) => {
          for (const { userId } of contexts) inBatches.set(userId, (inBatches.get(userId) ?? 0) + 1);
          return real!.quickStakes?.(contexts, offset) ?? null;
        };
      const value = real[key];
      return typeof value === 'function' ? value.bind(real) : value;
    },
  });
  testApp = await startTestApp({
    realClock: true,
    env: { RATE_LIMIT_PER_MINUTE: '10000000' },
    overrides: { playGate: watched },
  });
  // The batches' statements as the pool runs them: their sizes, and whether they committed.
  const pool = testApp.database.pool as unknown as { query: (...args: unknown[]) => Promise<unknown> };
  const query = pool.query.bind(pool);
  pool.query = (...args: unknown[]) => {
    const config = args[0] as { text?: string; values?: unknown[][] };
    const answer = query(...args);
    if (typeof config === 'object' && config.text?.includes('ledger_stake_operations(')) {
      const size = config.values?.[0]?.length ?? 0;
      const asset = String(config.values?.[7]?.[0]);
      answer.then(
        () => batches.push({ size, asset, committed: true }),
        () => batches.push({ size, asset, committed: false }),
      );
    }
    return answer;
  };
});
afterAll(async () => testApp?.close());

const batches: Array<{ size: number; asset: string; committed: boolean }> = [];

/** New players of project 12, each with `funds` of `asset` (minor units) from the house and a signed-in client. */
async function players(
  count: number,
  funds: bigint,
  tag: string,
  asset: Asset = 'IDR',
): Promise<Array<{ id: number; client: PayhubClient }>> {
  const db = testApp.database.db;
  const ledger = createLedger(systemClock);
  const house = await ledger.systemAccount(db, { projectId: PROJECT, currency: asset, kind: 'house' });
  const rows = await db.execute<{ id: string }>(sql`
    INSERT INTO users (project_id, phone, password_hash, nickname)
    SELECT ${PROJECT}, ${tag} || lpad(i::text, 5, '0'), 'x', 'batch' || i FROM generate_series(1, ${count}::int) AS i
    RETURNING id`);
  const made = [];
  for (const row of rows.rows) {
    const id = Number(row.id);
    const wallet = await ledger.account(db, accounts.player(PROJECT, id, asset));
    await ledger.transfer(db, {
      id: `batch-test-fund:${id}`,
      debitAccountId: house.id,
      creditAccountId: wallet.id,
      amount: funds,
      code: 'deposit',
    });
    const token = randomBytes(32).toString('base64url');
    await testApp.database.pool.query(
      `INSERT INTO sessions (token_hash, user_id, project_id, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')`,
      [createHash('sha256').update(token).digest(), id, PROJECT],
    );
    const client = testApp.client(PROJECT);
    client.setToken(token);
    made.push({ id, client });
  }
  return made;
}

const dice = (asset: Asset = 'IDR', stake = '1000.00') => ({
  body: {
    id: randomUUID(),
    asset,
    stake,
    params: { game: 'dice' as const, target: 4950, direction: 'under' as const },
  },
});

async function available(client: PayhubClient): Promise<bigint> {
  const answer = await client.api.wallet.balances();
  return parseAmount(answer.items.find((row) => row.asset === 'IDR')!.available, 'IDR', 'wire');
}

const batched = (id: number) => (inBatches.get(id) ?? 0) > 0;

describe('bets of many players in one statement', () => {
  it('leave together under load, and each ends as it would alone', async () => {
    const crowd = await players(16, 1_000_000n, '0899100');
    // Each player's first bet makes its gate row (the locked path); then six more, all players at once.
    await Promise.all(crowd.map(({ client }) => client.api.games.bet(dice())));
    const placed = await Promise.all(
      crowd.map(async ({ client }) => {
        const bets: BetWire[] = [];
        for (let round = 0; round < 6; round += 1) bets.push(await client.api.games.bet(dice()));
        return bets;
      }),
    );
    expect(crowd.filter(({ id }) => batched(id)).length).toBeGreaterThan(0);
    const committed = batches.filter((batch) => batch.committed);
    expect(committed.length).toBeGreaterThan(0);
    expect(Math.max(...committed.map((batch) => batch.size))).toBeGreaterThan(2);
    for (const [index, { id, client }] of crowd.entries()) {
      const bets = placed[index]!;
      expect(bets.map((bet) => bet.nonce)).toEqual([1, 2, 3, 4, 5, 6]);
      const { rows } = await testApp.database.pool.query<{ payouts: string; count: string; stakes: string }>(
        `SELECT count(*)::text AS count, sum(payout)::text AS payouts, sum(stake)::text AS stakes
           FROM game_bets WHERE player_id = $1`,
        [id],
      );
      expect(rows[0]!.count).toBe('7');
      expect(await available(client)).toBe(1_000_000n - BigInt(rows[0]!.stakes) + BigInt(rows[0]!.payouts));
      const activity = await testApp.database.pool.query(
        'SELECT 1 FROM responsible_activity WHERE user_id = $1',
        [id],
      );
      // The first bet's stake and settlement (the locked path, which creates the gate row), then one
      // 'play' row for each of the six others, batched or alone.
      expect(activity.rowCount).toBe(8);
    }
    await expectLedgerClean(testApp);
  });

  it('a bet refused inside a batch fails alone; the others of its batch are placed', async () => {
    const crowd = await players(11, 1_000_000n, '0899200');
    const [poor] = await players(1, 1_000_000n, '0899300');
    const everyone = [...crowd, poor!];
    await Promise.all(everyone.map(({ client }) => client.api.games.bet(dice())));
    // The poor player is left 500.00: a bet of 1,000.00 is refused, wherever it is placed.
    const db = testApp.database.db;
    const ledger = createLedger(systemClock);
    const house = await ledger.systemAccount(db, { projectId: PROJECT, currency: 'IDR', kind: 'house' });
    const wallet = await ledger.account(db, accounts.player(PROJECT, poor!.id, 'IDR'));
    await ledger.transfer(db, {
      id: `batch-test-drain:${poor!.id}`,
      debitAccountId: wallet.id,
      creditAccountId: house.id,
      amount: (await available(poor!.client)) - 50_000n,
      code: 'withdrawal',
    });
    const nonce = (await poor!.client.api.games.seeds()).active.nonce;
    let refusedInBatch = false;
    for (let wave = 0; wave < 12 && !refusedInBatch; wave += 1) {
      const seen = inBatches.get(poor!.id) ?? 0;
      const answers = await Promise.allSettled(everyone.map(({ client }) => client.api.games.bet(dice())));
      for (const answer of answers.slice(0, -1)) expect(answer.status).toBe('fulfilled');
      const refused = answers.at(-1)!;
      expect(refused.status).toBe('rejected');
      const reason = (refused as PromiseRejectedResult).reason;
      expect((await failure(Promise.reject(reason))).errCode).toBe(ErrorCode.GameInsufficientBalance);
      refusedInBatch = (inBatches.get(poor!.id) ?? 0) > seen;
    }
    expect(refusedInBatch).toBe(true);
    expect(batches.some((batch) => !batch.committed)).toBe(true);
    expect(await available(poor!.client)).toBe(50_000n);
    expect((await poor!.client.api.games.seeds()).active.nonce).toBe(nonce);
    await expectLedgerClean(testApp);
  });

  it('a player with a limit takes the locked path from a batch, and the limit holds', async () => {
    const crowd = await players(8, 1_000_000n, '0899400');
    const limited = crowd[0]!;
    await Promise.all(crowd.map(({ client }) => client.api.games.bet(dice())));
    await limited.client.api.responsible.setLimit({ body: { kind: 'wager_day', amount: '4000.00' } });
    // 1,000.00 wagered: three more fit the limit, the fourth is refused (7042); the others play on.
    const outcomes: string[] = [];
    for (let wave = 0; wave < 4; wave += 1) {
      const answers = await Promise.allSettled(crowd.map(({ client }) => client.api.games.bet(dice())));
      for (const answer of answers.slice(1)) expect(answer.status).toBe('fulfilled');
      const own = answers[0]!;
      outcomes.push(
        own.status === 'fulfilled'
          ? 'placed'
          : String((await failure(Promise.reject((own as PromiseRejectedResult).reason))).errCode),
      );
    }
    expect(outcomes).toEqual(['placed', 'placed', 'placed', String(ErrorCode.WagerLimitReached)]);
    expect(crowd.slice(1).some(({ id }) => batched(id))).toBe(true);
    const wagered = await testApp.database.pool.query<{ value: string }>(
      `SELECT sum(value)::text AS value FROM responsible_activity WHERE user_id = $1 AND kind IN ('stake', 'play')`,
      [limited.id],
    );
    expect(wagered.rows[0]!.value).toBe('400000');
    await expectLedgerClean(testApp);
  });

  it('values a batch in another asset at the rate table, as a bet alone is valued', async () => {
    const crowd = await players(10, 100_000n, '0899500', 'YEC');
    // The first bets take the locked path (valued in Node at the rate read then); the later ones leave in batches.
    for (let wave = 0; wave < 4; wave += 1)
      await Promise.all(crowd.map(({ client }) => client.api.games.bet(dice('YEC', '1.00'))));
    expect(batches.some((batch) => batch.asset === 'YEC' && batch.committed)).toBe(true);
    // Every stake of 1.00 YEC has one value whichever path recorded it (the first waves' locked path,
    // valued in Node, or a batch, valued in its statement), and every win of one payout one value.
    const values = await testApp.database.pool.query<{ kind: string; value: string }>(
      `SELECT DISTINCT 'stake' AS kind, value::text AS value FROM responsible_activity
         WHERE user_id = ANY ($1) AND asset = 'YEC' AND kind IN ('stake', 'play')
       UNION
       SELECT DISTINCT 'win', payout::text FROM responsible_activity
         WHERE user_id = ANY ($1) AND asset = 'YEC' AND kind IN ('settle', 'play') AND payout <> 0
       ORDER BY 1, 2`,
      [crowd.map(({ id }) => id)],
    );
    // Both paths wrote rows here: the locked path's 'stake' and 'settle', the batches' 'play'.
    const kinds = await testApp.database.pool.query<{ kind: string }>(
      `SELECT DISTINCT kind FROM responsible_activity WHERE user_id = ANY ($1) AND asset = 'YEC' ORDER BY 1`,
      [crowd.map(({ id }) => id)],
    );
    expect(kinds.rows.map((row) => row.kind)).toEqual(['play', 'settle', 'stake']);
    const stakes = values.rows.filter((row) => row.kind === 'stake').map((row) => BigInt(row.value));
    const wins = values.rows.filter((row) => row.kind === 'win');
    expect(stakes).toHaveLength(1);
    expect(stakes[0]).toBeGreaterThan(0n);
    expect(wins).toHaveLength(1);
    expect(BigInt(wins[0]!.value)).toBeGreaterThan(stakes[0]!);
  });

  it('refuses from inside a batch a player under age or cooling off (10001), nothing recorded', async () => {
    const crowd = await players(8, 1_000_000n, '0899600');
    // The last two to send: the first of a wave leaves alone, the others in the batch after it.
    const [young, resting] = crowd.slice(6) as [(typeof crowd)[0], (typeof crowd)[0]];
    await Promise.all(crowd.map(({ client }) => client.api.games.bet(dice())));
    await young.client.api.identity.declare({ body: { fullName: 'Siti Rahma', birthDate: '2015-01-01' } });
    await resting.client.api.responsible.coolOff({ body: { hours: 24 } });
    const before = await Promise.all([young, resting].map(({ client }) => available(client)));
    const seen = [young, resting].map(({ id }) => inBatches.get(id) ?? 0);
    // Which request of a wave leaves alone depends on arrival order, which a loaded machine can
    // shuffle: waves go on (up to 10) until both were asked inside a batch at least once.
    const askedInBatch = () =>
      [young, resting].every(({ id }, index) => (inBatches.get(id) ?? 0) > seen[index]!);
    for (let wave = 0; wave < 10 && (wave < 3 || !askedInBatch()); wave += 1) {
      const answers = await Promise.allSettled(crowd.map(({ client }) => client.api.games.bet(dice())));
      for (const answer of answers.slice(0, 6)) expect(answer.status).toBe('fulfilled');
      for (const answer of answers.slice(6)) {
        expect(answer.status).toBe('rejected');
        const reason = (answer as PromiseRejectedResult).reason;
        expect((await failure(Promise.reject(reason))).errCode).toBe(10001);
      }
    }
    // Asked inside batches, both answered false there and were refused on the locked path.
    expect(askedInBatch()).toBe(true);
    expect(await Promise.all([young, resting].map(({ client }) => available(client)))).toEqual(before);
    const recorded = await testApp.database.pool.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM responsible_activity WHERE user_id = ANY ($1)`,
      [[young.id, resting.id]],
    );
    expect(recorded.rows[0]!.n).toBe('4');
    await expectLedgerClean(testApp);
  });
});

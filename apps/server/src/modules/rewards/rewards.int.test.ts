// Proves the referral rebates: random trees and settled wagers over 30 simulated days (manual clock) →
// rebates equal an independent recomputation from the bets table, paid once per (referrer, day, level),
// the ledger check clean, the bonus pool's outflow equal to the sum of rebates; the 23:59:59 / 00:00:00
// Asia/Jakarta boundary; invite codes (7003, 7011, 4010, 4011, bad input) through the real routes.
import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf } from '../../../test/api-errors.ts';
import { errCodeOf, registerPlayer } from '../../../test/promo-support.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { accounts, createLedger } from '../../ledger/ledger.ts';
import { checkLedger, formatReport } from '../../ledger/ledger-check.ts';
import { REWARDS_INVARIANTS } from './rewards.invariants.ts';
import type { RewardsService } from './rewards.service.ts';

const PROJECT = 10; // Asia/Jakarta, IDR
const JAKARTA_OFFSET_MS = 7 * 3_600_000; // no daylight saving in Western Indonesia
const DAY_MS = 86_400_000;

let testApp: TestApp;
let rewards: RewardsService;
let phoneSeq = 0;

beforeAll(async () => {
  testApp = await startTestApp();
  rewards = testApp.app.rewards!.service;
});
afterAll(async () => testApp?.close());

/** A player row and its seed pair, straight in the database (the test's fixture, not the module's). */
async function newPlayer(): Promise<{ id: number; pairId: string }> {
  phoneSeq += 1;
  const phone = `81${String(Date.now() % 1e6).padStart(6, '0')}${String(phoneSeq).padStart(4, '0')}`;
  const { rows } = await testApp.database.pool.query<{ id: string }>(
    `INSERT INTO users (project_id, phone, password_hash, nickname) VALUES ($1, $2, 'x', 'p') RETURNING id`,
    [PROJECT, phone],
  );
  const id = Number(rows[0]!.id);
  const seed = randomBytes(32).toString('hex');
  const pair = await testApp.database.pool.query<{ id: string }>(
    `INSERT INTO game_seed_pairs (project_id, player_id, status, server_seed, server_seed_hash, client_seed)
     VALUES ($1, $2, 'active', $3, $4, 'c') RETURNING id`,
    [PROJECT, id, seed, randomBytes(32).toString('hex')],
  );
  return { id, pairId: pair.rows[0]!.id };
}

let nonce = 0;
/** A settled dice bet of `stake` IDR minor units settled at `at`. */
async function settledBet(
  player: { id: number; pairId: string },
  stake: bigint,
  at: Date,
  status: 'won' | 'lost' | 'open' = 'lost',
) {
  nonce += 1;
  await testApp.database.pool.query(
    `INSERT INTO game_bets (id, project_id, player_id, game, asset, stake, payout, multiplier_bp, status, seed_pair_id,
       nonce, client_seed, params, state, created_at, settled_at)
     VALUES ($1, $2, $3, 'dice', 'IDR', $4, 0, 0, $5, $6, $7, 'c', '{}', '{}', $8, $9)`,
    [
      randomUUID(),
      PROJECT,
      player.id,
      stake.toString(),
      status,
      player.pairId,
      nonce,
      at.toISOString(),
      status === 'open' ? null : at.toISOString(),
    ],
  );
}

const ledger = () => createLedger(testApp.clock);
async function balanceOf(address: ReturnType<typeof accounts.player>): Promise<bigint> {
  const account = await ledger().findAccount(testApp.database.db, address.address);
  return account ? (await ledger().balance(testApp.database.db, account.id)).balance : 0n;
}
const poolBalance = () => balanceOf(accounts.bonusPool(PROJECT, 'IDR'));

/** The Jakarta local day of an instant, computed independently of platform/local-day. */
const jakartaDay = (ms: number) => new Date(ms + JAKARTA_OFFSET_MS).toISOString().slice(0, 10);
const jakartaDayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) - JAKARTA_OFFSET_MS;

let nextFreeDay = Date.UTC(2031, 0, 1);

describe('referral rebates', () => {
  it('pays rebates equal to an independent recomputation, once, from the bonus pool (property, 30 days)', async () => {
    const tiers = await rewards.tiers(PROJECT);
    let paidOverall = 0n;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 4, max: 14 }).chain((size) =>
          fc.record({
            size: fc.constant(size),
            // parent[i]: index of player i's referrer among the earlier players, or -1.
            parents: fc.array(fc.integer({ min: -1, max: size - 1 }), { minLength: size, maxLength: size }),
            bets: fc.array(
              fc.record({
                player: fc.integer({ min: 0, max: size - 1 }),
                day: fc.integer({ min: 0, max: 29 }),
                secondOfDay: fc.integer({ min: 0, max: 86_399 }),
                stake: fc.bigInt({ min: 1n, max: 50_000_000n }),
                status: fc.constantFrom('won' as const, 'lost' as const, 'open' as const),
              }),
              { maxLength: 60 },
            ),
          }),
        ),
        async ({ size, parents, bets }) => {
          const firstDay = jakartaDay(nextFreeDay);
          nextFreeDay += 31 * DAY_MS;
          const players = [];
          for (let index = 0; index < size; index += 1) players.push(await newPlayer());
          const referrer = new Map<number, number>();
          for (let index = 0; index < size; index += 1) {
            await rewards.ensureReferral(players[index]!.id, PROJECT);
            const parent = parents[index]!;
            if (parent >= 0 && parent < index) {
              const code = (await rewards.ensureReferral(players[parent]!.id, PROJECT)).inviteCode;
              await rewards.bindReferrer(players[index]!.id, PROJECT, code);
              referrer.set(players[index]!.id, players[parent]!.id);
            }
          }
          const dayStart0 = jakartaDayStart(firstDay);
          testApp.clock.set(new Date(dayStart0));
          const hasOpen = new Set<number>(); // one open game per player and game
          for (const bet of bets) {
            if (bet.status === 'open' && hasOpen.has(bet.player)) continue;
            if (bet.status === 'open') hasOpen.add(bet.player);
            await settledBet(
              players[bet.player]!,
              bet.stake,
              new Date(dayStart0 + bet.day * DAY_MS + bet.secondOfDay * 1000),
              bet.status,
            );
          }

          const poolBefore = await poolBalance();
          const walletsBefore = new Map<number, bigint>();
          for (const player of players)
            walletsBefore.set(player.id, await balanceOf(accounts.player(PROJECT, player.id, 'IDR')));

          // 30 days, the job run twice per day (and in parallel) after the day ends.
          const days: string[] = [];
          for (let day = 0; day < 30; day += 1) {
            const dayName = jakartaDay(dayStart0 + day * DAY_MS);
            days.push(dayName);
            testApp.clock.set(new Date(dayStart0 + (day + 1) * DAY_MS + 3_600_000));
            await Promise.all([rewards.runRebates(PROJECT, dayName), rewards.runRebates(PROJECT, dayName)]);
            const rerun = await rewards.runRebates(PROJECT, dayName);
            expect(rerun.paid).toBe(0);
          }

          // Independent recomputation straight from the bets table.
          const ids = players.map((player) => player.id);
          const direct = new Map<number, number>();
          for (const up of referrer.values()) direct.set(up, (direct.get(up) ?? 0) + 1);
          const { rows } = await testApp.database.pool.query<{
            player_id: string;
            day: string;
            wager: string;
          }>(
            `SELECT player_id, to_char(settled_at AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD') AS day, sum(stake)::text AS wager
             FROM game_bets WHERE player_id = ANY($1) AND status IN ('won', 'lost') GROUP BY 1, 2`,
            [ids],
          );
          // A referrer's rebate of a day and level is on the level's whole wager, rounded down once
          // (two downlines' 0.6 each pay 1, not 0 + 0).
          const wagerOf = new Map<string, { wager: bigint; rateBp: number }>();
          for (const row of rows) {
            let current = Number(row.player_id);
            for (let level = 1; level <= 3; level += 1) {
              const up = referrer.get(current);
              if (up === undefined) break;
              const count = direct.get(up) ?? 0;
              const tier = [...tiers].reverse().find((candidate) => count >= candidate.minDirect)!;
              const key = `${up}:${row.day}:${level}`;
              const sum = wagerOf.get(key) ?? { wager: 0n, rateBp: tier.ratesBp[level - 1]! };
              sum.wager += BigInt(row.wager);
              wagerOf.set(key, sum);
              current = up;
            }
          }
          const expected = new Map<string, bigint>();
          for (const [key, { wager, rateBp }] of wagerOf)
            expected.set(key, (wager * BigInt(rateBp)) / 10_000n);
          const paid = new Map<string, bigint>();
          for (const day of days)
            for (const rebate of await rewards.rebatesOfDay(PROJECT, day)) {
              if (!ids.includes(rebate.referrerId)) continue;
              const key = `${rebate.referrerId}:${rebate.day}:${rebate.level}`;
              expect(paid.has(key)).toBe(false);
              paid.set(key, rebate.amount);
            }
          const nonZero = (map: Map<string, bigint>) => new Map([...map].filter(([, value]) => value > 0n));
          expect(nonZero(paid)).toEqual(nonZero(expected));

          let sum = 0n;
          for (const value of expected.values()) sum += value;
          paidOverall += sum;
          expect(poolBefore - (await poolBalance())).toBe(sum);
          for (const player of players) {
            let own = 0n;
            for (const [key, value] of expected) if (key.startsWith(`${player.id}:`)) own += value;
            expect(
              (await balanceOf(accounts.player(PROJECT, player.id, 'IDR'))) - walletsBefore.get(player.id)!,
            ).toBe(own);
          }
          // The core ledger invariants and the rewards ones. The games' invariants do not apply: the
          // fixture bets are written straight into game_bets (no stake moved), the rebate base only.
          const report = await checkLedger(testApp.database.pool, REWARDS_INVARIANTS);
          if (!report.ok) throw new Error(formatReport(report));
        },
      ),
      {
        numRuns: 4,
        // Random runs may draw no referral pair with a settled bet (fast-check starts small), so
        // one fixed chain of four with a large settled bet always pays all three levels.
        examples: [
          [
            {
              size: 4,
              parents: [-1, 0, 1, 2],
              bets: [{ player: 3, day: 0, secondOfDay: 3_600, stake: 50_000_000n, status: 'won' as const }],
            },
          ],
        ],
      },
    );
    expect(paidOverall).toBeGreaterThan(0n);
  }, 240_000);

  it('attributes 23:59:59 to the day and 00:00:00 to the next (Asia/Jakarta)', async () => {
    const up = await newPlayer();
    const down = await newPlayer();
    const code = (await rewards.ensureReferral(up.id, PROJECT)).inviteCode;
    await rewards.bindReferrer(down.id, PROJECT, code);
    const day = jakartaDay(nextFreeDay);
    nextFreeDay += 3 * DAY_MS;
    const midnight = jakartaDayStart(day) + DAY_MS;
    testApp.clock.set(new Date(midnight - 3_600_000));
    await settledBet(down, 1_000_000n, new Date(midnight - 1000)); // 23:59:59
    await settledBet(down, 3_000_000n, new Date(midnight)); // 00:00:00 next day
    await expect(rewards.runRebates(PROJECT, day)).rejects.toThrow(/not ended/);
    testApp.clock.set(new Date(midnight + DAY_MS + 60_000));
    await rewards.runRebates(PROJECT, day);
    const next = jakartaDay(midnight);
    await rewards.runRebates(PROJECT, next);
    const bronze = (await rewards.tiers(PROJECT))[0]!.ratesBp[0]!;
    const [first] = (await rewards.rebatesOfDay(PROJECT, day)).filter((row) => row.referrerId === up.id);
    const [second] = (await rewards.rebatesOfDay(PROJECT, next)).filter((row) => row.referrerId === up.id);
    expect(first?.wager).toBe(1_000_000n);
    expect(first?.amount).toBe((1_000_000n * BigInt(bronze)) / 10_000n);
    expect(second?.wager).toBe(3_000_000n);
  });
});

describe('invite codes', () => {
  it('binds once; refuses unknown, own, second and ring codes; bad input moves nothing', async () => {
    const { client: a } = await registerPlayer(testApp, '81299000001', PROJECT);
    const { client: b } = await registerPlayer(testApp, '81299000002', PROJECT);
    const aCode = (await a.api.rewards.referral()).inviteCode;
    const bCode = (await b.api.rewards.referral()).inviteCode;
    expect(aCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(await errCodeOf(b.api.rewards.bindReferrer({ body: { inviteCode: 'ZZZZZZZZ' } }))).toBe(7003);
    expect(await errCodeOf(b.api.rewards.bindReferrer({ body: { inviteCode: 'ab' } }))).toBe(3);
    expect(await errCodeOf(b.api.rewards.bindReferrer({ body: { inviteCode: bCode } }))).toBe(7011);
    expect((await b.api.rewards.referral()).hasReferrer).toBe(false);
    await b.api.rewards.bindReferrer({ body: { inviteCode: aCode.toLowerCase() } });
    expect((await b.api.rewards.referral()).hasReferrer).toBe(true);
    expect((await a.api.rewards.referral()).team).toEqual([
      { level: 1, count: 1 },
      { level: 2, count: 0 },
      { level: 3, count: 0 },
    ]);
    expect(await errCodeOf(b.api.rewards.bindReferrer({ body: { inviteCode: aCode } }))).toBe(4010);
    expect(await errCodeOf(a.api.rewards.bindReferrer({ body: { inviteCode: bCode } }))).toBe(4011);
    expect((await a.api.rewards.referral()).hasReferrer).toBe(false);
  });

  it('binds one of two players naming each other at once: the other is a ring (4011)', async () => {
    // Each bind's ring check reads the links committed before it: at once, both passed (a ring that
    // paid a player rebates on their own wager). Five pairs, each bound both ways in parallel.
    for (let pair = 0; pair < 5; pair += 1) {
      const { client: a } = await registerPlayer(testApp, `8129910${pair}001`, PROJECT);
      const { client: b } = await registerPlayer(testApp, `8129910${pair}002`, PROJECT);
      const [aCode, bCode] = [
        (await a.api.rewards.referral()).inviteCode,
        (await b.api.rewards.referral()).inviteCode,
      ];
      const outcomes = await Promise.all([
        codeOf(a.api.rewards.bindReferrer({ body: { inviteCode: bCode } })),
        codeOf(b.api.rewards.bindReferrer({ body: { inviteCode: aCode } })),
      ]);
      // -1: bound.
      expect(outcomes.sort()).toEqual([-1, 4011]);
      const bound = [
        (await a.api.rewards.referral()).hasReferrer,
        (await b.api.rewards.referral()).hasReferrer,
      ];
      expect(bound.filter(Boolean)).toHaveLength(1);
    }
  });

  it('takes an invite code at registration; an unknown one refuses the registration and creates nothing', async () => {
    const { client: a } = await registerPlayer(testApp, '81299000011', PROJECT);
    const { client: b } = await registerPlayer(testApp, '81299000012', PROJECT);
    await b.api.rewards.bindReferrer({ body: { inviteCode: (await a.api.rewards.referral()).inviteCode } });
    const { client: c } = await registerPlayer(
      testApp,
      '81299000013',
      PROJECT,
      undefined,
      (await b.api.rewards.referral()).inviteCode,
    );
    expect((await c.api.rewards.referral()).hasReferrer).toBe(true);
    expect((await a.api.rewards.referral()).team.map((row) => row.count)).toEqual([1, 1, 0]);
    expect(await errCodeOf(registerPlayer(testApp, '81299000014', PROJECT, undefined, 'NOPE0000'))).toBe(
      7003,
    );
    const { rows } = await testApp.database.pool.query(`SELECT 1 FROM users WHERE phone = '81299000014'`);
    expect(rows).toHaveLength(0);
  });
});

describe('referral tiers set from the console', () => {
  const tiersBody = (bronze: [number, number, number], silverFrom = 3, goldFrom = 10, bronzeFrom = 0) => ({
    tiers: [
      { tier: 'bronze' as const, minDirect: bronzeFrom, ratesBp: bronze },
      { tier: 'silver' as const, minDirect: silverFrom, ratesBp: [120, 60, 25] },
      { tier: 'gold' as const, minDirect: goldFrom, ratesBp: [150, 75, 30] },
    ],
  });

  it('refuses bad tiers with 3 and changes nothing; finance sets them (audited), content may only read; rebates use them', async () => {
    const finance = await testApp.signIn('staff-finance', PROJECT);
    const content = await testApp.signIn('staff-content', PROJECT);
    const before = await finance.api.console.referralTiers();
    expect(before.configured).toBe(false);
    expect(before.tiers.map((tier) => tier.tier)).toEqual(['bronze', 'silver', 'gold']);

    const refused = [
      tiersBody([100, 50, 20], 3, 10, 1), // bronze must start at 0
      tiersBody([100, 50, 20], 0), // silver not above bronze
      tiersBody([100, 50, 20], 10, 10), // gold not above silver
      tiersBody([1001, 50, 20]), // over 10 %
      tiersBody([100, 50, -1]),
      { tiers: tiersBody([100, 50, 20]).tiers.slice(0, 2) },
      { tiers: [...tiersBody([100, 50, 20]).tiers].reverse() },
      { tiers: tiersBody([100, 50, 20]).tiers.map((tier) => ({ ...tier, ratesBp: [100, 50] })) },
    ];
    for (const body of refused)
      expect(
        await errCodeOf(finance.api.console.updateReferralTiers({ body } as never)),
        JSON.stringify(body),
      ).toBe(3);
    expect(await errCodeOf(content.api.console.updateReferralTiers({ body: tiersBody([100, 50, 20]) }))).toBe(
      1031,
    );
    expect(await finance.api.console.referralTiers()).toEqual(before);

    const set = await finance.api.console.updateReferralTiers({ body: tiersBody([100, 50, 20]) });
    expect(set).toEqual({ configured: true, tiers: tiersBody([100, 50, 20]).tiers });
    expect(await content.api.console.referralTiers()).toEqual(set);
    const audit = await testApp.database.pool.query(
      `SELECT before, after FROM audit_log WHERE project_id = $1 AND action = 'rewards.referral_tiers.update'`,
      [PROJECT],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0].before).toEqual({ tiers: before.tiers, configured: false });
    expect(audit.rows[0].after).toEqual({ tiers: set.tiers });

    // The next day's rebate of a bronze referrer is paid at the new level-1 rate (1.00 %).
    const up = await newPlayer();
    const down = await newPlayer();
    await rewards.bindReferrer(down.id, PROJECT, (await rewards.ensureReferral(up.id, PROJECT)).inviteCode);
    const day = jakartaDay(nextFreeDay);
    nextFreeDay += 3 * DAY_MS;
    const start = jakartaDayStart(day);
    await settledBet(down, 2_000_000n, new Date(start + 3_600_000));
    testApp.clock.set(new Date(start + DAY_MS + 60_000));
    await rewards.runRebates(PROJECT, day);
    const [paid] = (await rewards.rebatesOfDay(PROJECT, day)).filter((row) => row.referrerId === up.id);
    expect(paid?.rateBp).toBe(100);
    expect(paid?.amount).toBe(20_000n);
  });

  it('serialises two parallel changes: both answered, the last one stands, each audit line starts from the one before', async () => {
    const finance = await testApp.signIn('staff-finance', PROJECT);
    const admin = await testApp.signIn('admin', PROJECT);
    const first = tiersBody([200, 50, 20]);
    const second = tiersBody([300, 50, 20]);
    const [a, b] = await Promise.all([
      finance.api.console.updateReferralTiers({ body: first }),
      admin.api.console.updateReferralTiers({ body: second }),
    ]);
    const now = await finance.api.console.referralTiers();
    expect([a.tiers, b.tiers]).toContainEqual(now.tiers);
    const audit = await testApp.database.pool.query(
      `SELECT before, after FROM audit_log WHERE project_id = $1 AND action = 'rewards.referral_tiers.update'
       ORDER BY id DESC LIMIT 2`,
      [PROJECT],
    );
    const [last, earlier] = audit.rows;
    expect(last.before.tiers).toEqual(earlier.after.tiers);
    expect(last.after.tiers).toEqual(now.tiers);
  });
});

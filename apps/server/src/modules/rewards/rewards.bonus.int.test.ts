// Proves bonus money through real deposits (payment hub orders confirmed by operators) and the manual
// clock: a first deposit ≥ Rp 50,000 earns 10 % on the bonus balance once (parallel scans grant once;
// a first deposit below the minimum earns nothing, nor does a later one); settled wager converts it to
// the wallet; a withdrawal with an open requirement is refused (4017) or forfeits, as chosen, and the
// forfeit is part of the withdrawal (a withdrawal refused for any other reason keeps the bonus and moves
// nothing; two concurrent ones forfeit once); the
// referrer's bonus is paid on day 7, not before, once under two parallel runs, and never when the
// deposit was reversed (the player's bonus clawed back); a self-referral from the same device is held
// with a case opened; no bonus mail during a cool-off; bad input; the ledger check clean.
import { randomBytes, randomUUID } from 'node:crypto';
import type { PayhubClient } from '@payhub/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedDeposit, expectLedgerClean, failure } from '../../../test/payhub-helpers.ts';
import { errCodeOf } from '../../../test/promo-support.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { accounts, createLedger } from '../../ledger/ledger.ts';
import type { BonusService } from './rewards.bonus.ts';

const PROJECT = 12; // IDR, Asia/Jakarta
const DAY_MS = 86_400_000;
// Tier 0 of project 12 limited to Rp 80,000 a withdrawal, so a first deposit's wallet can pass it.
const TIER_LIMITS = { '12': { '0': { IDR: { perWithdrawal: '80000.00', daily: '500000.00' } } } };
let testApp: TestApp;
let bonus: BonusService;
let operators: PayhubClient[];
let phoneSeq = 0;

beforeAll(async () => {
  testApp = await startTestApp({
    env: { RATE_LIMIT_PER_MINUTE: '10000000', WITHDRAW_TIER_LIMITS: JSON.stringify(TIER_LIMITS) },
  });
  bonus = testApp.app.rewards!.bonus;
  operators = [await testApp.signIn('operator'), await testApp.signIn('operator-2')];
});
afterAll(async () => testApp?.close());

/** Registers a player on a device (a client id), optionally with an invite code. */
async function register(device: string, inviteCode?: string): Promise<{ client: PayhubClient; id: number }> {
  phoneSeq += 1;
  const phone = `81${String(Date.now() % 1e5).padStart(5, '0')}${String(phoneSeq).padStart(4, '0')}`;
  const client = testApp.deviceClient(device, PROJECT);
  await client.api.user.sendCode({ query: { phone, purpose: 'register' } });
  const { code } = await client.api.user.devLatestCode({ query: { phone, purpose: 'register' } });
  const session = await client.api.user.register({
    body: { phone, password: 'player123', code, ...(inviteCode ? { inviteCode } : {}) },
  });
  client.setToken(session.token);
  return { client, id: session.user.id };
}

/** A deposit order paid and confirmed by its operator (credited at the clock's now); its ledger transfer. */
const deposit = (player: PayhubClient, amount: string) =>
  confirmedDeposit(testApp, operators, player, amount);

const ledger = () => createLedger(testApp.clock);
async function balanceAt(address: string): Promise<bigint> {
  const account = await ledger().findAccount(testApp.database.db, address);
  return account ? (await ledger().balance(testApp.database.db, account.id)).balance : 0n;
}
const bonusBalance = (id: number) => balanceAt(accounts.playerBonus(PROJECT, id, 'IDR').address);
const walletBalance = (id: number) => balanceAt(accounts.player(PROJECT, id, 'IDR').address);

async function bonusRows(playerId: number) {
  const { rows } = await testApp.database.pool.query<{
    id: string;
    kind: string;
    state: string;
    amount: string;
  }>(`SELECT id, kind, state, amount::text AS amount FROM rewards_bonuses WHERE player_id = $1 ORDER BY id`, [
    playerId,
  ]);
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    state: row.state,
    amount: BigInt(row.amount),
  }));
}

/** The forfeit transfers of a bonus (rw:bonus:<id>:forfeit, at most one by its id). */
async function forfeitTransfers(bonusId: number): Promise<number> {
  const { rows } = await testApp.database.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ledger_transfers WHERE code = 'bonus_forfeit' AND reference_id = $1`,
    [String(bonusId)],
  );
  return rows[0]!.n;
}

let nonce = 0;
const pairs = new Map<number, string>();
/** A settled (lost) dice bet of `stake` IDR minor units at `at` (the games module's table, a fixture). */
async function settledBet(playerId: number, stake: bigint, at: Date): Promise<void> {
  nonce += 1;
  let pairId = pairs.get(playerId);
  if (!pairId) {
    const pair = await testApp.database.pool.query<{ id: string }>(
      `INSERT INTO game_seed_pairs (project_id, player_id, status, server_seed, server_seed_hash, client_seed)
       VALUES ($1, $2, 'active', $3, $4, 'c') RETURNING id`,
      [PROJECT, playerId, randomBytes(32).toString('hex'), randomBytes(32).toString('hex')],
    );
    pairId = pair.rows[0]!.id;
    pairs.set(playerId, pairId);
  }
  await testApp.database.pool.query(
    `INSERT INTO game_bets (id, project_id, player_id, game, asset, stake, payout, multiplier_bp, status, seed_pair_id,
       nonce, client_seed, params, state, created_at, settled_at)
     VALUES ($1, $2, $3, 'dice', 'IDR', $4, 0, 0, 'lost', $5, $6, 'c', '{}', '{}', $7, $7)`,
    [randomUUID(), PROJECT, playerId, stake.toString(), pairId, nonce, at.toISOString()],
  );
}

function later(ms: number): Date {
  const at = new Date(testApp.clock.now().getTime() + ms);
  testApp.clock.set(at);
  return at;
}

describe('first-deposit bonus and wagering', () => {
  it('pays 10 % of a first deposit ≥ Rp 50,000 once, converts it after the wager, and not for a small first deposit', async () => {
    const small = await register('small-device');
    await deposit(small.client, '40000.00');
    await bonus.scanFirstDeposits(PROJECT);
    await deposit(small.client, '100000.00'); // not the first deposit
    await bonus.scanFirstDeposits(PROJECT);
    expect(await bonusRows(small.id)).toEqual([]);

    const player = await register('bonus-device');
    await deposit(player.client, '50000.00');
    await Promise.all([bonus.scanFirstDeposits(PROJECT), bonus.scanFirstDeposits(PROJECT)]);
    await bonus.scanFirstDeposits(PROJECT);
    expect(await bonusRows(player.id)).toMatchObject([
      { kind: 'first_deposit', state: 'active', amount: 500_000n },
    ]);
    expect(await bonusBalance(player.id)).toBe(500_000n);
    const overview = await player.client.api.bonus.overview();
    expect(overview).toMatchObject({
      terms: {
        asset: 'IDR',
        minFirstDeposit: '50000.00',
        bonusBp: 1000,
        wageringMultiple: 5,
        referralDelayDays: 7,
      },
      onWithdraw: 'forfeit',
      openRequirement: true,
      balances: [{ asset: 'IDR', balance: '5000.00' }],
      bonuses: [
        {
          kind: 'first_deposit',
          state: 'active',
          amount: '5000.00',
          wagerRequired: '25000.00',
          wagered: '0.00',
        },
      ],
    });
    const mails = await player.client.api.inbox.list({ query: { page: 1, count: 20 } });
    expect(mails.items.some((mail) => mail.title === 'Bonus diterima')).toBe(true);
    // The reward history lists the bonus at the moment it went onto the bonus balance.
    const history = (await player.client.api.rewards.rewardHistory()).items;
    expect(history).toMatchObject([
      { kind: 'bonus', detail: 'first_deposit', asset: 'IDR', amount: '5000.00' },
    ]);
    expect(Math.abs(history[0]!.at - testApp.clock.now().getTime() / 1000)).toBeLessThan(5);

    // Part of the requirement: still locked, progress shown.
    const wallet = await walletBalance(player.id);
    await settledBet(player.id, 1_000_000n, later(60_000));
    later(60_000);
    await bonus.runWagering(PROJECT);
    expect((await player.client.api.bonus.overview()).bonuses[0]).toMatchObject({
      state: 'active',
      wagered: '10000.00',
    });
    expect(await walletBalance(player.id)).toBe(wallet);

    // Met: converted once (two parallel runs), the wallet credited, the bonus balance empty.
    await settledBet(player.id, 1_500_000n, later(60_000));
    later(60_000);
    await Promise.all([bonus.runWagering(PROJECT), bonus.runWagering(PROJECT)]);
    expect(await bonusRows(player.id)).toMatchObject([{ state: 'converted' }]);
    expect(await walletBalance(player.id)).toBe(wallet + 500_000n);
    expect(await bonusBalance(player.id)).toBe(0n);
    expect((await player.client.api.bonus.overview()).openRequirement).toBe(false);
    // The fixture bets moved no money (they stand in for the games' settled wager): gone before the check.
    await testApp.database.pool.query(`DELETE FROM game_bets WHERE player_id = $1`, [player.id]);
    await expectLedgerClean(testApp);
  }, 180_000);

  it('refuses a withdrawal with an open requirement (4017) or forfeits the bonus to the pool, as chosen', async () => {
    const player = await register('withdraw-device');
    await deposit(player.client, '60000.00');
    await bonus.scanFirstDeposits(PROJECT);
    expect(await bonusBalance(player.id)).toBe(600_000n);
    // Until the player chooses, a withdrawal forfeits (the default); this player keeps the bonus.
    expect((await player.client.api.bonus.overview()).onWithdraw).toBe('forfeit');
    await bonus.checkWithdraw(player.id);
    await player.client.api.bonus.setWithdrawChoice({ body: { onWithdraw: 'refuse' } });
    await expect(bonus.checkWithdraw(player.id)).rejects.toMatchObject({ errCode: 4017 });
    // Through the bank withdrawal route: refused with 4017, nothing held or moved.
    const bankAccountId = (
      await player.client.api.withdraw.bankAdd({
        body: { bankCode: 'BRI', accountNo: `77${String(Date.now()).slice(-8)}`, holderName: 'Sari Dewi' },
      })
    ).id;
    const wallet = await walletBalance(player.id);
    expect(
      await errCodeOf(player.client.api.withdraw.create({ body: { amount: '50000.00', bankAccountId } })),
    ).toBe(4017);
    expect(await walletBalance(player.id)).toBe(wallet);
    expect(await bonusBalance(player.id)).toBe(600_000n);

    // Bad input on the choice: nothing changes.
    for (const body of [
      { onWithdraw: 'maybe' },
      { onWithdraw: 'forfeit', extra: 1 },
      {},
      { onWithdraw: null },
    ])
      expect(await errCodeOf(player.client.api.bonus.setWithdrawChoice({ body: body as never }))).toBe(3);
    expect((await player.client.api.bonus.overview()).onWithdraw).toBe('refuse');

    expect(await player.client.api.bonus.setWithdrawChoice({ body: { onWithdraw: 'forfeit' } })).toEqual({
      onWithdraw: 'forfeit',
    });
    const order = await player.client.api.withdraw.create({ body: { amount: '50000.00', bankAccountId } });
    expect(order.state).toBe(0);
    expect(await bonusBalance(player.id)).toBe(0n);
    expect(await bonusRows(player.id)).toMatchObject([{ state: 'forfeited' }]);
    await bonus.checkWithdraw(player.id); // nothing open any more
    await expectLedgerClean(testApp);
  }, 120_000);
  it('forfeits only with an accepted withdrawal: a refused one keeps the bonus and every balance', async () => {
    const player = await register('forfeit-refused-device');
    await deposit(player.client, '60000.00');
    await bonus.scanFirstDeposits(PROJECT);
    await player.client.api.bonus.setWithdrawChoice({ body: { onWithdraw: 'forfeit' } });
    const bankAccountId = (
      await player.client.api.withdraw.bankAdd({
        body: { bankCode: 'BNI', accountNo: `66${String(Date.now()).slice(-8)}`, holderName: 'Sari Dewi' },
      })
    ).id;
    const bonusId = (await bonusRows(player.id))[0]!.id;
    const before = {
      wallet: await walletBalance(player.id),
      bonus: await bonusBalance(player.id),
      pool: await balanceAt(accounts.bonusPool(PROJECT, 'IDR').address),
    };
    expect(before.bonus).toBe(600_000n);
    // Rp 60,000 + the Rp 2,000 fee is more than the wallet holds (refused after the forfeit's step);
    // Rp 90,000 is over the tier's Rp 80,000 (7051); another's or no bank account (404).
    const refusals: Array<[() => Promise<unknown>, number]> = [
      [() => player.client.api.withdraw.create({ body: { amount: '60000.00', bankAccountId } }), 3005],
      [() => player.client.api.withdraw.create({ body: { amount: '90000.00', bankAccountId } }), 7051],
      [
        () => player.client.api.withdraw.create({ body: { amount: '50000.00', bankAccountId: 999_999 } }),
        404,
      ],
    ];
    for (const [call, errCode] of refusals) {
      expect(await errCodeOf(call())).toBe(errCode);
      expect(await bonusRows(player.id)).toMatchObject([{ id: bonusId, state: 'active' }]);
      expect({
        wallet: await walletBalance(player.id),
        bonus: await bonusBalance(player.id),
        pool: await balanceAt(accounts.bonusPool(PROJECT, 'IDR').address),
      }).toEqual(before);
    }
    expect(await forfeitTransfers(bonusId)).toBe(0);
    expect((await player.client.api.withdraw.orders({ query: { page: 1, count: 10 } })).total).toBe(0);

    // Accepted: the order holds its amount and the bonus goes back to the pool, once.
    const order = await player.client.api.withdraw.create({ body: { amount: '50000.00', bankAccountId } });
    expect(order.state).toBe(0);
    expect(await bonusRows(player.id)).toMatchObject([{ id: bonusId, state: 'forfeited' }]);
    expect(await bonusBalance(player.id)).toBe(0n);
    expect(await balanceAt(accounts.bonusPool(PROJECT, 'IDR').address)).toBe(before.pool + 600_000n);
    expect(await forfeitTransfers(bonusId)).toBe(1);
    await expectLedgerClean(testApp);
  }, 120_000);

  it('forfeits once under two concurrent withdrawals that are both accepted', async () => {
    const player = await register('forfeit-parallel-device');
    await deposit(player.client, '120000.00');
    await bonus.scanFirstDeposits(PROJECT);
    await player.client.api.bonus.setWithdrawChoice({ body: { onWithdraw: 'forfeit' } });
    const bankAccountId = (
      await player.client.api.withdraw.bankAdd({
        body: { bankCode: 'BCA', accountNo: `55${String(Date.now()).slice(-8)}`, holderName: 'Sari Dewi' },
      })
    ).id;
    const bonusId = (await bonusRows(player.id))[0]!.id;
    const pool = await balanceAt(accounts.bonusPool(PROJECT, 'IDR').address);
    const orders = await Promise.all(
      [1, 2].map(() => player.client.api.withdraw.create({ body: { amount: '50000.00', bankAccountId } })),
    );
    expect(orders.map((order) => order.state)).toEqual([0, 0]);
    expect(await bonusRows(player.id)).toMatchObject([{ id: bonusId, state: 'forfeited' }]);
    expect(await forfeitTransfers(bonusId)).toBe(1);
    expect(await bonusBalance(player.id)).toBe(0n);
    expect(await balanceAt(accounts.bonusPool(PROJECT, 'IDR').address)).toBe(pool + 1_200_000n);
    await expectLedgerClean(testApp);
  }, 120_000);
});

describe('the referrer’s first-deposit bonus', () => {
  it('is paid on day 7, not before, once under two parallel runs; never when the deposit was reversed', async () => {
    const referrer = await register('referrer-device');
    const { inviteCode } = await referrer.client.api.rewards.referral();
    const downline = await register('downline-device', inviteCode);
    const start = testApp.clock.now().getTime();
    await deposit(downline.client, '50000.00');
    await bonus.scanFirstDeposits(PROJECT);
    expect(await bonusRows(referrer.id)).toMatchObject([
      { kind: 'referral', state: 'pending', amount: 500_000n },
    ]);

    testApp.clock.set(new Date(start + 7 * DAY_MS - 60_000));
    await bonus.runDueReferrals(PROJECT);
    expect(await bonusRows(referrer.id)).toMatchObject([{ state: 'pending' }]);
    expect(await bonusBalance(referrer.id)).toBe(0n);

    testApp.clock.set(new Date(start + 7 * DAY_MS + 60_000));
    const runs = await Promise.all([bonus.runDueReferrals(PROJECT), bonus.runDueReferrals(PROJECT)]);
    expect(runs[0].paid + runs[1].paid).toBeLessThanOrEqual(1);
    expect(await bonusRows(referrer.id)).toMatchObject([{ state: 'active' }]);
    expect(await bonusBalance(referrer.id)).toBe(500_000n);
    const { rows } = await testApp.database.pool.query(
      `SELECT count(*)::int AS n FROM ledger_transfers WHERE code = 'referral_bonus' AND reference_id = $1`,
      [String((await bonusRows(referrer.id))[0]!.id)],
    );
    expect(rows[0].n).toBe(1);

    // A second downline whose deposit is reversed: its bonus clawed back, the referrer's never paid.
    const reversed = await register('reversed-device', inviteCode);
    const transfer = await deposit(reversed.client, '80000.00');
    const reversedAt = testApp.clock.now().getTime();
    await bonus.scanFirstDeposits(PROJECT);
    expect(await bonusBalance(reversed.id)).toBe(800_000n);
    const pool = await balanceAt(accounts.bonusPool(PROJECT, 'IDR').address);
    expect(await bonus.depositReversed(PROJECT, transfer)).toEqual({ clawedBack: 800_000n });
    expect(await bonus.depositReversed(PROJECT, transfer)).toEqual({ clawedBack: 0n }); // once
    expect(await bonusBalance(reversed.id)).toBe(0n);
    expect(await balanceAt(accounts.bonusPool(PROJECT, 'IDR').address)).toBe(pool + 800_000n);
    expect(await bonusRows(reversed.id)).toMatchObject([{ state: 'clawed_back' }]);
    testApp.clock.set(new Date(reversedAt + 8 * DAY_MS));
    await bonus.runDueReferrals(PROJECT);
    expect((await bonusRows(referrer.id)).map((row) => row.state)).toEqual(['active', 'void']);
    expect(await bonusBalance(referrer.id)).toBe(500_000n);
    await expectLedgerClean(testApp);
  }, 180_000);
});

describe('abuse controls and messages', () => {
  it('holds a self-referral through a second account on the same device and opens a case', async () => {
    const first = await register('shared-phone');
    const { inviteCode } = await first.client.api.rewards.referral();
    const second = await register('shared-phone', inviteCode);
    await deposit(second.client, '50000.00');
    await bonus.scanFirstDeposits(PROJECT);
    expect(await bonusRows(second.id)).toMatchObject([{ kind: 'first_deposit', state: 'held' }]);
    expect(await bonusRows(first.id)).toMatchObject([{ kind: 'referral', state: 'held' }]);
    expect(await bonusBalance(second.id)).toBe(0n);
    const { rows } = await testApp.database.pool.query<{
      rule: string;
      status: string;
      details: { reasons: string[] };
    }>(`SELECT rule, status, details FROM payhub_cases WHERE subject_type = 'player' AND subject_id = $1`, [
      String(second.id),
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      rule: 'reward_abuse',
      status: 'open',
      details: { reasons: ['same_device'] },
    });
    // Held rewards are never paid by the 7-day job.
    later(8 * DAY_MS);
    await bonus.runDueReferrals(PROJECT);
    expect(await bonusBalance(first.id)).toBe(0n);
    // The player sees it waiting, not why; nothing is in the reward history yet.
    expect((await second.client.api.bonus.overview()).bonuses[0]?.state).toBe('pending');
    expect((await second.client.api.rewards.rewardHistory()).items).toEqual([]);

    // Compliance reviews the case in the console and releases the rewards: the player's bonus goes on
    // the bonus balance at once, the referrer's is due (its day has passed) and the job pays it once.
    const { rows: cases } = await testApp.database.pool.query<{ id: string }>(
      `SELECT id FROM payhub_cases WHERE subject_type = 'player' AND subject_id = $1`,
      [String(second.id)],
    );
    const caseId = Number(cases[0]!.id);
    const compliance = await testApp.signIn('staff-compliance', PROJECT);
    // The console's confirmation shows what releasing pays: both held bonuses, summed per asset.
    const held = await compliance.api.console.caseHeldRewards({ params: { id: caseId } });
    expect(held.rewards.map((row) => [row.playerId, row.kind])).toEqual([
      [second.id, 'first_deposit'],
      [first.id, 'referral'],
    ]);
    expect(held.totals).toHaveLength(1);
    const units = (value: string) => BigInt(value.replace('.', ''));
    expect(units(held.totals[0]!.amount)).toBe(
      held.rewards.reduce((sum, row) => sum + units(row.amount), 0n),
    );
    expect(held.totals[0]!.count).toBe(2);
    // Another project's staff see nothing of it.
    const otherProject = await testApp.signIn('staff-compliance', 10);
    expect(await otherProject.api.console.caseHeldRewards({ params: { id: caseId } })).toEqual({
      totals: [],
      rewards: [],
    });
    const closed = await compliance.api.console.closeCase({
      params: { id: caseId },
      body: { resolution: 'the same phone is shared by a family', heldRewards: 'release' },
    });
    expect(closed).toMatchObject({ status: 'closed', rule: 'reward_abuse' });
    expect(await bonusRows(second.id)).toMatchObject([{ kind: 'first_deposit', state: 'active' }]);
    expect(await bonusBalance(second.id)).toBe(500_000n);
    expect((await second.client.api.rewards.rewardHistory()).items).toMatchObject([
      { kind: 'bonus', detail: 'first_deposit', amount: '5000.00' },
    ]);
    expect(await bonusRows(first.id)).toMatchObject([{ kind: 'referral', state: 'pending' }]);
    await bonus.runDueReferrals(PROJECT);
    await bonus.runDueReferrals(PROJECT);
    expect(await bonusRows(first.id)).toMatchObject([{ kind: 'referral', state: 'active' }]);
    // A second decision on the case moves nothing (only rows still held change).
    expect(await bonus.decideHeld(PROJECT, caseId, 'void')).toEqual({ released: 0, voided: 0 });
    const audit = await (await testApp.signIn('admin', PROJECT)).api.console.audit({
      query: { action: 'rewards.held.release', objectId: String(caseId) },
    });
    expect(audit.items).toHaveLength(1);
    await expectLedgerClean(testApp);
  }, 120_000);

  it("attaches held rewards to the player's reward-abuse case already open, decided with it", async () => {
    const first = await register('shared-tablet');
    const { inviteCode } = await first.client.api.rewards.referral();
    const second = await register('shared-tablet', inviteCode);
    // A case of the rule is open for the player already (a gift code refused on a shared device):
    // a second one cannot open, and the held rows used to be left with no case to decide them.
    const { rows: opened } = await testApp.database.pool.query<{ id: string }>(
      `INSERT INTO payhub_cases (project_id, rule, subject_type, subject_id, details, opened_at)
       VALUES ($1, 'reward_abuse', 'player', $2, '{"reward":"gift_code"}', now()) RETURNING id`,
      [PROJECT, String(second.id)],
    );
    const caseId = Number(opened[0]!.id);
    await deposit(second.client, '50000.00');
    await bonus.scanFirstDeposits(PROJECT);
    const { rows } = await testApp.database.pool.query<{ kind: string; state: string; case_id: string }>(
      `SELECT kind, state, case_id FROM rewards_bonuses WHERE source_player_id = $1 ORDER BY id`,
      [second.id],
    );
    expect(rows).toEqual([
      { kind: 'first_deposit', state: 'held', case_id: String(caseId) },
      { kind: 'referral', state: 'held', case_id: String(caseId) },
    ]);
    expect(await bonus.decideHeld(PROJECT, caseId, 'void')).toEqual({ released: 0, voided: 2 });
    expect((await bonusRows(second.id)).map((row) => row.state)).toEqual(['void']);
    expect(await bonusBalance(second.id)).toBe(0n);
    await expectLedgerClean(testApp);
  }, 120_000);

  it('sends no bonus message during a cool-off', async () => {
    const player = await register('cooling-device');
    await deposit(player.client, '50000.00');
    await player.client.api.responsible.coolOff({ body: { hours: 24 } });
    await bonus.scanFirstDeposits(PROJECT);
    expect(await bonusBalance(player.id)).toBe(500_000n);
    const mails = await player.client.api.inbox.list({ query: { page: 1, count: 20 } });
    expect(mails.items.filter((mail) => mail.title === 'Bonus diterima')).toHaveLength(0);
    await expectLedgerClean(testApp);
  }, 120_000);

  it('answers the overview only to a signed-in player', async () => {
    expect(await errCodeOf(testApp.client(PROJECT).api.bonus.overview())).toBe(
      (await failure(testApp.client(PROJECT).api.rewards.referral())).errCode,
    );
  });
});

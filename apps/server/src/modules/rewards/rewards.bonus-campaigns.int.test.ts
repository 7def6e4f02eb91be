// Proves staff-set bonus money through the console and real deposits: first-deposit terms changed by
// finance apply only to deposits credited after the change (a deposit before it is paid on the old
// terms even when scanned later), bounds refused with 3 and nothing changed, the change audited
// before/after; a deposit-bonus campaign pays its capped percentage of a qualifying later deposit
// once per player (never the first deposit, never below the minimum, never after an early end, never a
// deposit made before the campaign existed), a
// deposit earns one campaign bonus even with two campaigns running, parallel scans and parallel
// grants of one deposit pay once; money terms of a campaign that granted are locked (4019), an ended
// one refuses changes (4018); the player's page and the console list and cost report show it.
import type { PayhubClient } from '@payhub/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean, uploadVoucher } from '../../../test/payhub-helpers.ts';
import { errCodeOf } from '../../../test/promo-support.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import type { BonusService } from './rewards.bonus.ts';

const PROJECT = 12; // IDR
const DAY_MS = 86_400_000;
let testApp: TestApp;
let bonus: BonusService;
let operators: PayhubClient[];
let finance: PayhubClient;
let content: PayhubClient;
let phoneSeq = 0;

beforeAll(async () => {
  // The tests run every scan themselves, between steps of the manual clock. The scheduled one
  // (every 5 s by default) could grant a campaign between a deposit and the parallel grants that
  // race for it, so it is kept out of the way.
  testApp = await startTestApp({
    env: { RATE_LIMIT_PER_MINUTE: '10000000', SCHEDULER_INTERVAL_MS: '600000' },
  });
  bonus = testApp.app.rewards!.bonus;
  operators = [await testApp.signIn('operator'), await testApp.signIn('operator-2')];
  finance = await testApp.signIn('staff-finance', PROJECT);
  content = await testApp.signIn('staff-content', PROJECT);
}, 120_000);
afterAll(async () => testApp?.close());

async function register(device: string, inviteCode?: string): Promise<{ client: PayhubClient; id: number }> {
  phoneSeq += 1;
  const phone = `82${String(Date.now() % 1e5).padStart(5, '0')}${String(phoneSeq).padStart(4, '0')}`;
  const client = testApp.deviceClient(device, PROJECT);
  await client.api.user.sendCode({ query: { phone, purpose: 'register' } });
  const { code } = await client.api.user.devLatestCode({ query: { phone, purpose: 'register' } });
  const session = await client.api.user.register({
    body: { phone, password: 'player123', code, ...(inviteCode ? { inviteCode } : {}) },
  });
  client.setToken(session.token);
  return { client, id: session.user.id };
}

/** A deposit order paid and confirmed by its operator (credited at the clock's now). */
async function deposit(player: PayhubClient, amount: string): Promise<string> {
  const order = await player.api.payhub.createOrder({ body: { amount, bankCode: 'BCA' } });
  await player.api.payhub.voucher({ body: { id: order.id, voucherUrl: await uploadVoucher(player) } });
  for (const operator of operators)
    if (order.operatorId === (await operator.api.user.me()).id) {
      await operator.api.payhub.payCheck({ body: { id: order.id, action: 'confirm' } });
      return `pay:${order.id}:post`;
    }
  throw new Error('no operator took the order');
}

async function bonusRows(playerId: number) {
  const { rows } = await testApp.database.pool.query<{
    kind: string;
    state: string;
    amount: string;
    campaign_id: string | null;
    wager_required: string;
  }>(
    `SELECT kind, state, amount::text AS amount, campaign_id, wager_required::text AS wager_required
       FROM rewards_bonuses WHERE player_id = $1 ORDER BY id`,
    [playerId],
  );
  return rows.map((row) => ({
    kind: row.kind,
    state: row.state,
    amount: BigInt(row.amount),
    campaignId: row.campaign_id === null ? null : Number(row.campaign_id),
    wagerRequired: BigInt(row.wager_required),
  }));
}

const later = (ms: number) => testApp.clock.set(new Date(testApp.clock.now().getTime() + ms));
const nowSeconds = () => Math.floor(testApp.clock.now().getTime() / 1000);
const TERMS = {
  minFirstDeposit: '50000.00',
  bonusBp: 1000,
  referralBp: 1000,
  referralDelayDays: 7,
  wageringMultiple: 5,
};

describe('first-deposit terms set by staff', () => {
  it('apply to deposits credited after the change only, within bounds, audited before/after', async () => {
    const before = await register('terms-before');
    await deposit(before.client, '60000.00'); // credited under today's 10 % / Rp 50.000
    later(60_000);

    // Bad input: out of bounds or malformed, nothing changes.
    const history = (await finance.api.console.bonusTerms()).history.length;
    for (const body of [
      { ...TERMS, bonusBp: 10_001 },
      { ...TERMS, bonusBp: -1 },
      { ...TERMS, wageringMultiple: 0 },
      { ...TERMS, wageringMultiple: 51 },
      { ...TERMS, referralDelayDays: 31 },
      { ...TERMS, minFirstDeposit: '0' },
      { ...TERMS, minFirstDeposit: '12.345' },
      { ...TERMS, extra: 1 },
    ])
      expect(
        await errCodeOf(finance.api.console.updateBonusTerms({ body: body as never })),
        JSON.stringify(body),
      ).toBe(3);
    expect(await errCodeOf(content.api.console.updateBonusTerms({ body: TERMS }))).toBe(1031);
    expect((await finance.api.console.bonusTerms()).history.length).toBe(history);

    const changed = await finance.api.console.updateBonusTerms({
      body: { ...TERMS, minFirstDeposit: '100000.00', bonusBp: 2000, wageringMultiple: 3 },
    });
    expect(changed.current).toMatchObject({
      minFirstDeposit: '100000.00',
      bonusBp: 2000,
      wageringMultiple: 3,
    });
    expect(changed.history.length).toBe(history + 1);
    const audit = await (await testApp.signIn('admin', PROJECT)).api.console.audit({
      query: { action: 'rewards.bonus_terms.update' },
    });
    expect(audit.items[0]).toMatchObject({
      before: { bonusBp: 1000, minFirstDeposit: '50000.00' },
      after: { bonusBp: 2000, minFirstDeposit: '100000.00', wageringMultiple: 3 },
    });

    later(60_000);
    const small = await register('terms-small');
    await deposit(small.client, '60000.00'); // below the new minimum
    const big = await register('terms-big');
    await deposit(big.client, '100000.00');
    await bonus.scanFirstDeposits(PROJECT);

    // The deposit before the change: the old terms (10 %, 5×) although scanned after it.
    expect(await bonusRows(before.id)).toMatchObject([
      { kind: 'first_deposit', amount: 600_000n, wagerRequired: 3_000_000n },
    ]);
    expect(await bonusRows(small.id)).toEqual([]);
    expect(await bonusRows(big.id)).toMatchObject([
      { kind: 'first_deposit', amount: 2_000_000n, wagerRequired: 6_000_000n },
    ]);
    expect((await big.client.api.bonus.overview()).terms).toMatchObject({
      bonusBp: 2000,
      minFirstDeposit: '100000.00',
    });

    // Back to today's defaults for the campaigns below.
    await finance.api.console.updateBonusTerms({ body: TERMS });
    await expectLedgerClean(testApp);
  }, 180_000);

  it('take a rate of 0 as "none" for its own bonus only: the other is still granted', async () => {
    // No referral bonus: the depositor's own is paid (a referral row of 0 failed the whole grant).
    await finance.api.console.updateBonusTerms({ body: { ...TERMS, referralBp: 0 } });
    later(60_000);
    const referrer = await register('zero-referrer');
    const { inviteCode } = await referrer.client.api.rewards.referral();
    const depositor = await register('zero-depositor', inviteCode);
    await deposit(depositor.client, '60000.00');
    await bonus.scanFirstDeposits(PROJECT);
    expect(await bonusRows(depositor.id)).toMatchObject([{ kind: 'first_deposit', amount: 600_000n }]);
    expect(await bonusRows(referrer.id)).toEqual([]);

    // No bonus for the depositor: the referrer's is still due in 7 days. (A minute on: terms changed
    // in the deposit's own instant would be the ones in force for it.)
    later(60_000);
    await finance.api.console.updateBonusTerms({ body: { ...TERMS, bonusBp: 0 } });
    later(60_000);
    const second = await register('zero-second', inviteCode);
    await deposit(second.client, '70000.00');
    await bonus.scanFirstDeposits(PROJECT);
    await bonus.scanFirstDeposits(PROJECT);
    expect(await bonusRows(second.id)).toEqual([]);
    expect(await bonusRows(referrer.id)).toMatchObject([
      { kind: 'referral', state: 'pending', amount: 700_000n },
    ]);

    await finance.api.console.updateBonusTerms({ body: TERMS });
    await expectLedgerClean(testApp);
  }, 180_000);
});

describe('deposit-bonus campaigns', () => {
  const campaignBody = (overrides: Record<string, unknown> = {}) => ({
    name: 'Reload akhir pekan',
    startsAt: nowSeconds() - 60,
    endsAt: nowSeconds() + 7 * 86_400,
    bonusBp: 500,
    maxBonus: '10000.00',
    minDeposit: '100000.00',
    wageringMultiple: 3,
    ...overrides,
  });

  it('refuses bad input and changes nothing', async () => {
    const count = (await finance.api.console.bonusCampaigns()).items.length;
    for (const body of [
      campaignBody({ endsAt: nowSeconds() - 120 }),
      campaignBody({ endsAt: nowSeconds() - 60 - 1 }),
      campaignBody({ bonusBp: 0 }),
      campaignBody({ bonusBp: 10_001 }),
      campaignBody({ maxBonus: '0' }),
      campaignBody({ minDeposit: 'abc' }),
      campaignBody({ wageringMultiple: 51 }),
      campaignBody({ name: 'x' }),
      campaignBody({ endsAt: nowSeconds() + 400 * 86_400 }),
      campaignBody({ asset: 'USDT' }),
    ])
      expect(await errCodeOf(finance.api.console.createBonusCampaign({ body: body as never }))).toBe(3);
    expect(await errCodeOf(content.api.console.createBonusCampaign({ body: campaignBody() }))).toBe(1031);
    expect(await errCodeOf(finance.api.console.endBonusCampaign({ params: { id: 999_999 }, body: {} }))).toBe(
      404,
    );
    expect((await finance.api.console.bonusCampaigns()).items.length).toBe(count);
  });

  it('pays a capped bonus on a later qualifying deposit once per player, never the first deposit', async () => {
    const campaign = await finance.api.console.createBonusCampaign({ body: campaignBody() });
    expect(campaign).toMatchObject({ state: 'running', granted: 0, asset: 'IDR', maxBonus: '10000.00' });
    // Asked to start a minute ago, it starts now: deposits made before it existed never earn it.
    expect(campaign.startsAt).toBe(nowSeconds());

    const player = await register('campaign-player');
    await deposit(player.client, '200000.00'); // the first deposit: the first-deposit bonus only
    later(1000);
    await bonus.scanFirstDeposits(PROJECT);
    await bonus.scanCampaigns(PROJECT);
    expect((await bonusRows(player.id)).map((row) => row.kind)).toEqual(['first_deposit']);

    const below = await register('campaign-below');
    await deposit(below.client, '100000.00');
    later(1000);
    await deposit(below.client, '99999.00'); // a later deposit under the campaign's minimum

    later(1000);
    await deposit(player.client, '300000.00'); // 5 % = Rp 15.000, capped at Rp 10.000
    later(1000);
    await Promise.all([
      bonus.scanCampaigns(PROJECT),
      bonus.scanCampaigns(PROJECT),
      bonus.scanCampaigns(PROJECT),
    ]);
    await bonus.scanCampaigns(PROJECT);
    expect(await bonusRows(player.id)).toMatchObject([
      { kind: 'first_deposit', state: 'active' },
      // Queued behind the first-deposit bonus, with the campaign's own wagering (3×).
      {
        kind: 'campaign',
        state: 'queued',
        amount: 1_000_000n,
        wagerRequired: 3_000_000n,
        campaignId: campaign.id,
      },
    ]);
    expect((await bonusRows(below.id)).filter((row) => row.kind === 'campaign')).toEqual([]);

    await deposit(player.client, '500000.00'); // once per player per campaign
    later(1000);
    await bonus.scanCampaigns(PROJECT);
    expect((await bonusRows(player.id)).filter((row) => row.kind === 'campaign')).toHaveLength(1);

    const overview = await player.client.api.bonus.overview();
    expect(overview.campaigns).toMatchObject([{ id: campaign.id, name: 'Reload akhir pekan', earned: true }]);
    expect(overview.bonuses.find((item) => item.kind === 'campaign')).toMatchObject({
      campaignId: campaign.id,
      campaignName: 'Reload akhir pekan',
      amount: '10000.00',
      state: 'queued',
    });
    const listed = (await content.api.console.bonusCampaigns()).items.find((item) => item.id === campaign.id);
    expect(listed).toMatchObject({ state: 'running', granted: 1, grantedAmount: '10000.00' });

    // The cost report names campaign bonuses as their own kind (ledger code campaign_bonus).
    const day = new Date(testApp.clock.now().getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
    const report = await finance.api.console.rewardsReport({ query: { from: day, to: day } });
    expect(report.items.filter((item) => item.code === 'campaign_bonus')).toMatchObject([
      { asset: 'IDR', paid: '10000.00', paidCount: 1 },
    ]);

    // Money terms are locked once it granted (4019), nothing changed; the name and the end may change.
    expect(
      await errCodeOf(
        finance.api.console.updateBonusCampaign({
          params: { id: campaign.id },
          body: campaignBody({ startsAt: campaign.startsAt, endsAt: campaign.endsAt, bonusBp: 900 }),
        }),
      ),
    ).toBe(4019);
    const renamed = await finance.api.console.updateBonusCampaign({
      params: { id: campaign.id },
      body: campaignBody({
        name: 'Reload spesial',
        startsAt: campaign.startsAt,
        endsAt: campaign.endsAt + 86_400,
      }),
    });
    expect(renamed).toMatchObject({ name: 'Reload spesial', bonusBp: 500, granted: 1 });

    // Ended early: a deposit after the end earns nothing; ending or changing again answers 4018.
    const ended = await finance.api.console.endBonusCampaign({ params: { id: campaign.id }, body: {} });
    expect(ended.state).toBe('ended');
    expect(ended.endedEarlyAt).not.toBeNull();
    later(1000);
    const afterEnd = await register('campaign-after-end');
    await deposit(afterEnd.client, '100000.00');
    later(1000);
    await deposit(afterEnd.client, '200000.00');
    later(1000);
    await bonus.scanCampaigns(PROJECT);
    expect((await bonusRows(afterEnd.id)).filter((row) => row.kind === 'campaign')).toEqual([]);
    expect(
      await errCodeOf(finance.api.console.endBonusCampaign({ params: { id: campaign.id }, body: {} })),
    ).toBe(4018);
    expect(
      await errCodeOf(
        finance.api.console.updateBonusCampaign({ params: { id: campaign.id }, body: campaignBody() }),
      ),
    ).toBe(4018);
    expect((await player.client.api.bonus.overview()).campaigns).toEqual([]);
    await expectLedgerClean(testApp);
  }, 180_000);

  it('lets a deposit earn one campaign bonus when two run, and parallel grants of one deposit pay once', async () => {
    // Deposits made before a campaign existed never earn it, even when it was asked to start earlier.
    const early = await register('campaign-early');
    await deposit(early.client, '100000.00');
    later(1000);
    await deposit(early.client, '200000.00');
    later(1000);
    const first = await finance.api.console.createBonusCampaign({
      body: campaignBody({ name: 'Reload A', startsAt: nowSeconds() - 3600 }),
    });
    const second = await finance.api.console.createBonusCampaign({
      body: campaignBody({ name: 'Reload B', bonusBp: 1000, maxBonus: '50000.00' }),
    });
    const player = await register('two-campaigns');
    await deposit(player.client, '100000.00');
    later(1000);
    const transfer = await deposit(player.client, '200000.00');
    later(1000);
    const { rows } = await testApp.database.pool.query<{ created_at: Date }>(
      `SELECT created_at FROM ledger_transfers WHERE id = $1`,
      [transfer],
    );
    const credited = {
      playerId: player.id,
      transferId: transfer,
      asset: 'IDR' as const,
      amount: 20_000_000n,
      at: rows[0]!.created_at,
    };
    // Ten parallel grants of the same deposit for each campaign: one bonus in all.
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        bonus.grantCampaign(PROJECT, index % 2 === 0 ? first.id : second.id, credited),
      ),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    await bonus.scanCampaigns(PROJECT);
    expect((await bonusRows(player.id)).filter((row) => row.kind === 'campaign')).toHaveLength(1);
    expect((await bonusRows(early.id)).filter((row) => row.kind === 'campaign')).toEqual([]);

    // The next deposit earns the campaign the player has not had yet.
    await deposit(player.client, '300000.00');
    later(1000);
    await bonus.scanCampaigns(PROJECT);
    const campaignRows = (await bonusRows(player.id)).filter((row) => row.kind === 'campaign');
    expect(new Set(campaignRows.map((row) => row.campaignId))).toEqual(new Set([first.id, second.id]));

    // A scheduled campaign pays nothing before its start, and ending it before its start ends it.
    const scheduled = await finance.api.console.createBonusCampaign({
      body: campaignBody({
        name: 'Reload nanti',
        startsAt: nowSeconds() + 86_400,
        endsAt: nowSeconds() + 2 * 86_400,
      }),
    });
    expect(scheduled.state).toBe('scheduled');
    expect(
      (await finance.api.console.endBonusCampaign({ params: { id: scheduled.id }, body: {} })).state,
    ).toBe('ended');
    later(DAY_MS);
    await expectLedgerClean(testApp);
  }, 180_000);
});

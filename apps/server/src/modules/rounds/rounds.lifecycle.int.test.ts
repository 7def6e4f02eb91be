// Proves the rounds' lifecycle beyond one crash round: a wingo bet settled in the next draw by the
// documented table with the chain's number and bets after the close refused (10030); a round stranded
// past its draw voided with every stake returned; a bet riding at 200× paid 200×; a chain waiting for
// its salt read again after a pause and played once salted. The harness: test/rounds-support.ts.
import { randomBytes, randomUUID } from 'node:crypto';
import type { PayhubClient } from '@payhub/client';
import { parseAmount } from '@payhub/contracts';
import {
  chainCheckpoints,
  chainRoundOf,
  chainStep,
  crashPointCents,
  createChainWalk,
  parseWingoPick,
  roundHash,
  wingoMultiplierBp,
  wingoNumber,
} from '@payhub/games';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean, failure } from '../../../test/payhub-helpers.ts';
import { CHAIN_LENGTH, sleep, useRoundsApp } from '../../../test/rounds-support.ts';
import type { TestApp } from '../../../test/test-app.ts';

const rounds = useRoundsApp();
const { drive, driveUntil, row, replaceChain, available } = rounds;
let testApp: TestApp;
let player: PayhubClient;
let other: PayhubClient;
beforeAll(() => {
  ({ testApp, player, other } = rounds);
});

describe('wingo', () => {
  it('settles a bet in the next draw by the documented table; the number is the chain result; bets after the close get 10030', async () => {
    let round: Awaited<ReturnType<typeof player.api.rounds.state>>['round'] = null;
    let fairness: Awaited<ReturnType<typeof player.api.rounds.state>>['fairness'] = null;
    await drive(async () => {
      const state = await player.api.rounds.state({ params: { game: 'wingo30' } });
      round = state.round;
      fairness = state.fairness;
      // Time for the four bets below in the window (1.5 s at most).
      return state.round?.state === 'betting' && Date.parse(state.round.bettingEndsAt) - Date.now() > 1_000;
    });
    const open = round!;
    expect(open.period).toMatch(/^\d{8}1\d{5}$/);
    const picks = ['colour:green', 'colour:violet', 'number:7', 'size:big'];
    const bets = [];
    for (const pick of picks)
      bets.push(
        await player.api.rounds.wingoBet({
          body: { betId: randomUUID(), game: 'wingo30', asset: 'IDR', amount: '100', pick },
        }),
      );
    expect(
      (
        await failure(
          player.api.rounds.wingoBet({
            body: { betId: randomUUID(), game: 'wingo30', asset: 'IDR', amount: '100', pick: 'colour:blue' },
          }),
        )
      ).errCode,
    ).toBe(3);
    // After the close, before the draw: refused.
    await sleep(Math.max(0, Date.parse(open.bettingEndsAt) - Date.now() + 50));
    expect(Date.now()).toBeLessThan(Date.parse(open.drawAt!));
    const late = await failure(
      player.api.rounds.wingoBet({
        body: { betId: randomUUID(), game: 'wingo30', asset: 'IDR', amount: '100', pick: 'size:small' },
      }),
    );
    expect(late.errCode).toBe(10030);
    // The largest stake holds for wingo too (checked before the round is read).
    const overMax = await failure(
      player.api.rounds.wingoBet({
        body: { betId: randomUUID(), game: 'wingo60', asset: 'IDR', amount: '5000.01', pick: 'size:small' },
      }),
    );
    expect(overMax.errCode).toBe(702);

    await driveUntil(open.id, 'ended');
    const history = await player.api.rounds.history({ params: { game: 'wingo30' }, query: {} });
    const ended = history.items.find((item) => item.id === open.id)!;
    expect(ended.result).toBe(wingoNumber(ended.hash!, fairness!.salt!));
    expect(chainRoundOf(ended.hash!, fairness!.terminatingHash, 300)).toBe(ended.chainRound);
    // The page carries the chain of its rounds (one here), and the walk the fairness page runs agrees.
    expect(history.chains).toEqual([fairness]);
    expect(history.items.every((item) => item.chainId === fairness!.chainId)).toBe(true);
    const walk = createChainWalk(fairness!.terminatingHash, [
      { chainRound: ended.chainRound, hash: ended.hash! },
    ]);
    while (!walk.advance(1_000));
    expect(walk.verdicts()).toEqual([true]);
    const mine = await player.api.rounds.myBets({ params: { game: 'wingo30' }, query: {} });
    for (const bet of bets) {
      const settledBet = mine.items.find((item) => item.id === bet.id)!;
      const bp = wingoMultiplierBp(parseWingoPick(bet.pick!)!, ended.result!);
      expect(settledBet.state).toBe(bp > 0n ? 'won' : 'lost');
      if (bp > 0n) expect(parseAmount(settledBet.payout!, 'IDR', 'wire')).toBe((10_000n * bp) / 10_000n);
    }
    // The console's GGR report reads the same bets through the service: today's wingo30 IDR totals
    // equal the settled bets' sums (voided and open bets excluded).
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Jakarta' });
    const totals = await testApp.app.rounds.service.dailyTotals({
      projectId: 12,
      timeZone: 'Asia/Jakarta',
      from: today,
      to: today,
    });
    const expected = await row<{ n: number; stakes: string; payouts: string }>(sql`
      SELECT count(*)::int AS n, sum(stake)::text AS stakes, sum(payout)::text AS payouts FROM round_bets
       WHERE project_id = 12 AND game = 'wingo30' AND asset = 'IDR' AND state IN ('won', 'lost')`);
    const wingo = totals.find((item) => item.game === 'wingo30' && item.asset === 'IDR')!;
    expect(wingo.bets).toBe(expected!.n);
    expect(wingo.bets).toBeGreaterThanOrEqual(bets.length);
    expect(wingo.stakes).toBe(BigInt(expected!.stakes));
    expect(wingo.payouts).toBe(BigInt(expected!.payouts));
    await expectLedgerClean(testApp);
  });
});

describe('a round that cannot finish', () => {
  it('is voided once its draw is further past than the limit (every node down), every stake returned', async () => {
    let open: Awaited<ReturnType<typeof player.api.rounds.state>>['round'] = null;
    await drive(async () => {
      open = (await player.api.rounds.state({ params: { game: 'wingo120' } })).round;
      return open?.state === 'betting' && Date.parse(open.bettingEndsAt) - Date.now() > 1_000;
    });
    const round = open!;
    const before = { player: await available(player, 'IDR'), other: await available(other, 'IDR') };
    const bets = [
      await player.api.rounds.wingoBet({
        body: { betId: randomUUID(), game: 'wingo120', asset: 'IDR', amount: '100', pick: 'number:3' },
      }),
      await other.api.rounds.wingoBet({
        body: { betId: randomUUID(), game: 'wingo120', asset: 'IDR', amount: '250', pick: 'size:big' },
      }),
    ];
    expect(await available(player, 'IDR')).toBe(before.player - 10_000n);
    // No clock ran for 11 minutes (more than the 10-minute limit): the round's draw lies that far
    // behind the database's clock when a clock next looks at it.
    await testApp.database.db.execute(sql`
      UPDATE rounds SET betting_ends_at = betting_ends_at - interval '11 minutes',
                        draw_at = draw_at - interval '11 minutes'
       WHERE id = ${round.id}::bigint`);
    await testApp.app.rounds.service.tick();
    const after = (await row<{ state: string }>(
      sql`SELECT state FROM rounds WHERE id = ${round.id}::bigint`,
    ))!;
    expect(after.state).toBe('voided');
    const stored = await testApp.database.db.execute<{ state: string; payout: string | null }>(
      sql`SELECT state, payout::text FROM round_bets WHERE round_id = ${round.id}::bigint`,
    );
    expect(stored.rows).toEqual([
      { state: 'voided', payout: null },
      { state: 'voided', payout: null },
    ]);
    for (const [client, bet] of [
      [player, bets[0]!],
      [other, bets[1]!],
    ] as const) {
      const mine = await client.api.rounds.myBets({ params: { game: 'wingo120' }, query: {} });
      expect(mine.items.find((item) => item.id === bet.id)?.state).toBe('voided');
    }
    // Nothing held, nothing taken: both balances as before the bets.
    expect(await available(player, 'IDR')).toBe(before.player);
    expect(await available(other, 'IDR')).toBe(before.other);
    // The game goes on with a new round.
    await drive(async () => {
      const next = (await player.api.rounds.state({ params: { game: 'wingo120' } })).round;
      return next !== null && next.id !== round.id && next.state === 'betting';
    });
    await expectLedgerClean(testApp);
  });
});

describe('the 200× cap', () => {
  it('pays a bet still riding when the curve reaches 200× exactly 200×, the curve going on to its crash point', async () => {
    // Project 10's crash chain, fixed: its round 1 crashes at 218.34×. The chain in play is retired
    // (used up) so that the clock opens the next round from this one.
    const secret = 'cd26ed74b8a18bc8098f270d271ec0141a9b581578f0cd42fcbf70768648f350';
    const terminatingHash = [...chainCheckpoints(secret, CHAIN_LENGTH, 30)].at(-1)![1];
    const salt = chainStep(`payhub development salt:${terminatingHash}`);
    expect(crashPointCents(roundHash(secret, CHAIN_LENGTH, 1), salt)).toBe(21_834);
    const chain = await replaceChain(10, 'crash', secret, salt);
    const rider = await testApp.signIn('player', 10);
    let round: Awaited<ReturnType<typeof rider.api.rounds.state>>['round'] = null;
    await drive(async () => {
      round = (await rider.api.rounds.state({ params: { game: 'crash' } })).round;
      return round?.chainRound === 1 && round.state === 'betting' && round.period === `${chain!.id}-1`;
    }, 40_000);
    const before = await available(rider, 'IDR');
    const bet = await rider.api.rounds.crashBet({
      body: { betId: randomUUID(), asset: 'IDR', amount: '1000' },
    });
    await drive(
      async () =>
        (await row(sql`SELECT 1 FROM rounds WHERE id = ${round!.id}::bigint AND state = 'ended'`)) !==
        undefined,
      40_000,
    );
    const settled = (await rider.api.rounds.myBets({ params: { game: 'crash' }, query: {} })).items.find(
      (item) => item.id === bet.id,
    )!;
    expect(settled).toMatchObject({ state: 'won', cashOut: 20_000, payout: '200000.00' });
    expect(await available(rider, 'IDR')).toBe(before - 100_000n + 20_000_000n);
    const ended = (await rider.api.rounds.history({ params: { game: 'crash' }, query: {} })).items.find(
      (item) => item.id === round!.id,
    )!;
    expect(ended.result).toBe(21_834);
    await expectLedgerClean(testApp);
  }, 120_000);
});

describe('a chain waiting for its salt', () => {
  it('is read again after a pause, not at every turn of the clock, and plays once salted', async () => {
    // Project 16's wingo120 chain is retired for one without a salt (production's state until an
    // admin fixes it); the clock ends the live round, then opens none while the chain has no salt.
    const chain = await replaceChain(16, 'wingo120', randomBytes(32).toString('hex'), null);
    const terminatingHash = chain!.terminatingHash;
    const live = () =>
      row<{ chain_id: string }>(
        sql`SELECT chain_id::text AS chain_id FROM rounds WHERE project_id = 16 AND game = 'wingo120' AND state IN ('betting', 'running')`,
      );
    await drive(async () => (await live()) === undefined, 20_000);
    // The turn after the round's end finds the chain without a salt and opens nothing.
    await testApp.app.rounds.service.tick();
    expect(await live()).toBeUndefined();
    // Salted meanwhile from elsewhere (another node's console): the clock, which found the chain
    // without a salt a moment ago, does not read it again at once …
    await testApp.database.db.execute(
      sql`UPDATE round_chains SET salt = ${chainStep(`payhub development salt:${terminatingHash}`)}, salt_source = 'test', salt_fixed_at = now() WHERE id = ${chain!.id.toString()}::bigint`,
    );
    const salted = Date.now();
    for (let turn = 0; turn < 10; turn += 1) {
      await testApp.app.rounds.service.tick();
      await sleep(50);
    }
    expect(await live()).toBeUndefined();
    // … but within its pause (5 s), and then plays the chain.
    await drive(async () => (await live()) !== undefined, 15_000);
    expect((await live())?.chain_id).toBe(chain!.id.toString());
    expect(Date.now() - salted).toBeLessThan(8_000);
  }, 60_000);
});

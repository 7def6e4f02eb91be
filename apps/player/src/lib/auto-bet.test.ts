// Proves the auto-bet rules of spec §5: count > 1, stop-loss below and take-profit above the balance,
// increase/reset on win and loss, and a run that stops on its count, a limit, any error or a stop call.
import { describe, expect, it } from 'vitest';
import {
  AutoBetCancelled,
  type AutoBetResult,
  type AutoBetSettings,
  type AutoBetState,
  afterBet,
  checkAutoBet,
  initialAutoBetState,
  nextStake,
  runAutoBet,
} from './auto-bet.ts';

const limits = { minStake: 100n, maxStake: 100_000n };
const base: AutoBetSettings = {
  count: 10,
  baseStake: 1_000n,
  onWin: { mode: 'reset', percent: 0 },
  onLoss: { mode: 'reset', percent: 0 },
  stopLoss: null,
  takeProfit: null,
};

/** A game that answers the scripted outcomes in turn (true: a 2× win). */
function scripted(outcomes: boolean[]) {
  const stakes: bigint[] = [];
  let index = 0;
  const place = async (stake: bigint): Promise<AutoBetResult> => {
    stakes.push(stake);
    const won = outcomes[index % outcomes.length]!;
    index += 1;
    return { stake, payout: won ? stake * 2n : 0n };
  };
  return { place, stakes };
}

describe('checkAutoBet', () => {
  it('refuses a count of 1 or less, and more than the cap', () => {
    expect(checkAutoBet({ ...base, count: 1 }, 10_000n, limits)).toBe('countTooSmall');
    expect(checkAutoBet({ ...base, count: 0 }, 10_000n, limits)).toBe('countTooSmall');
    expect(checkAutoBet({ ...base, count: 2.5 }, 10_000n, limits)).toBe('countTooSmall');
    expect(checkAutoBet({ ...base, count: 1001 }, 10_000n, limits)).toBe('countTooLarge');
    expect(checkAutoBet({ ...base, count: 2 }, 10_000n, limits)).toBeNull();
  });

  it('refuses a stop-loss not below the balance and a take-profit not above it', () => {
    expect(checkAutoBet({ ...base, stopLoss: 10_000n }, 10_000n, limits)).toBe('stopLossNotBelowBalance');
    expect(checkAutoBet({ ...base, stopLoss: 9_999n }, 10_000n, limits)).toBeNull();
    expect(checkAutoBet({ ...base, takeProfit: 10_000n }, 10_000n, limits)).toBe('takeProfitNotAboveBalance');
    expect(checkAutoBet({ ...base, takeProfit: 10_001n }, 10_000n, limits)).toBeNull();
  });

  it('refuses stakes outside the limits or the balance and bad percentages', () => {
    expect(checkAutoBet({ ...base, baseStake: 99n }, 10_000n, limits)).toBe('stakeBelowMin');
    expect(checkAutoBet({ ...base, baseStake: 100_001n }, 1_000_000n, limits)).toBe('stakeAboveMax');
    expect(checkAutoBet({ ...base, baseStake: 20_000n }, 10_000n, limits)).toBe('stakeOverBalance');
    expect(checkAutoBet({ ...base, onLoss: { mode: 'increase', percent: -1 } }, 10_000n, limits)).toBe(
      'percentInvalid',
    );
    expect(checkAutoBet({ ...base, onWin: { mode: 'increase', percent: 1001 } }, 10_000n, limits)).toBe(
      'percentInvalid',
    );
  });
});

describe('nextStake', () => {
  it('resets to the base or increases by the percentage, floored', () => {
    const martingale = { ...base, onLoss: { mode: 'increase' as const, percent: 100 } };
    expect(nextStake(martingale, 1_000n, false)).toBe(2_000n);
    expect(nextStake(martingale, 2_000n, true)).toBe(1_000n);
    expect(nextStake({ ...base, onWin: { mode: 'increase', percent: 33 } }, 1_001n, true)).toBe(1_331n);
  });
});

describe('afterBet', () => {
  it('counts wins, losses, profit and the balance', () => {
    let state: AutoBetState = initialAutoBetState(base, 10_000n);
    state = afterBet(base, state, { stake: 1_000n, payout: 1_980n }, limits);
    state = afterBet(base, state, { stake: 1_000n, payout: 0n }, limits);
    expect(state).toMatchObject({
      played: 2,
      wins: 1,
      losses: 1,
      profit: -20n,
      balance: 9_980n,
      running: true,
    });
    // The server's balance wins over the computed one.
    state = afterBet(base, state, { stake: 1_000n, payout: 0n, balanceAfter: 5_000n }, limits);
    expect(state.balance).toBe(5_000n);
  });
});

describe('runAutoBet', () => {
  it('plays exactly `count` bets', async () => {
    const game = scripted([true, false]);
    const run = runAutoBet(base, 100_000n, limits, game.place, () => {});
    const final = await run.done;
    expect(game.stakes).toHaveLength(10);
    expect(final).toMatchObject({ running: false, stop: 'done', played: 10, wins: 5, losses: 5 });
  });

  it('stops before a loss could take the balance below the stop-loss', async () => {
    const game = scripted([false]);
    const settings = { ...base, stopLoss: 6_500n };
    const final = await runAutoBet(settings, 10_000n, limits, game.place, () => {}).done;
    // 10 000 → 9 000 → 8 000 → 7 000; a fourth loss would reach 6 000 < 6 500.
    expect(game.stakes).toHaveLength(3);
    expect(final).toMatchObject({ stop: 'stopLoss', balance: 7_000n });
    expect(final.balance).toBeGreaterThanOrEqual(settings.stopLoss);
  });

  it('stops once the balance reaches the take-profit', async () => {
    const game = scripted([true]);
    const final = await runAutoBet({ ...base, takeProfit: 12_500n }, 10_000n, limits, game.place, () => {})
      .done;
    expect(game.stakes).toHaveLength(3);
    expect(final).toMatchObject({ stop: 'takeProfit', balance: 13_000n });
  });

  it('doubles on loss (martingale), resets on win, and stops at the maximum stake', async () => {
    const game = scripted([false]);
    const settings = { ...base, count: 100, onLoss: { mode: 'increase' as const, percent: 100 } };
    const final = await runAutoBet(settings, 10_000_000n, limits, game.place, () => {}).done;
    expect(game.stakes).toEqual([1_000n, 2_000n, 4_000n, 8_000n, 16_000n, 32_000n, 64_000n]);
    expect(final.stop).toBe('maxStake');
  });

  it('stops on the first error and keeps its code', async () => {
    let calls = 0;
    const failing = async (stake: bigint): Promise<AutoBetResult> => {
      calls += 1;
      if (calls === 3) throw { errCode: 711, errMsg: 'over limit' };
      return { stake, payout: 0n };
    };
    const final = await runAutoBet(base, 100_000n, limits, failing, () => {}).done;
    expect(calls).toBe(3);
    expect(final).toMatchObject({ stop: 'error', errorCode: 711, played: 2 });
  });

  it('ends as stopped, not counting it, when a bet is given up before it was placed', async () => {
    let calls = 0;
    const crash = async (stake: bigint): Promise<AutoBetResult> => {
      calls += 1;
      if (calls === 3) throw new AutoBetCancelled();
      return { stake, payout: 2n * stake };
    };
    const final = await runAutoBet(base, 100_000n, limits, crash, () => {}).done;
    expect(final).toMatchObject({ running: false, stop: 'stopped', errorCode: null, played: 2, wins: 2 });
  });

  it('stops after the bet in flight when told to (page left)', async () => {
    const game = scripted([false]);
    const updates: AutoBetState[] = [];
    let run: ReturnType<typeof runAutoBet> | null = null;
    run = runAutoBet(
      base,
      100_000n,
      limits,
      async (stake) => {
        const result = await game.place(stake);
        if (game.stakes.length === 2) run?.stop();
        return result;
      },
      (state) => updates.push(state),
    );
    const final = await run.done;
    expect(game.stakes).toHaveLength(2);
    expect(final).toMatchObject({ running: false, stop: 'stopped', played: 2 });
    expect(updates.at(-1)?.running).toBe(false);
  });

  it('never has two bets in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const slow = async (stake: bigint): Promise<AutoBetResult> => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
      return { stake, payout: 0n };
    };
    await runAutoBet(base, 100_000n, limits, slow, () => {}).done;
    expect(most).toBe(1);
  });
});

import type { RoundBetWire, RoundLiveBet } from '@payhub/contracts';
import { describe, expect, it } from 'vitest';
import { AutoBetCancelled } from '../../lib/auto-bet.ts';
import type { CrashBetInput } from './crash-bet-input.ts';
import { createCrashPlay } from './crash-play.ts';

const bet: CrashBetInput = { asset: 'IDR', amount: '1000.00', autoCashOut: 201 };

/** A crash play whose sends are answered by hand: `answer(id)` or `refuse(error)` the oldest. */
function setUp() {
  const sent: CrashBetInput[] = [];
  const pending: Array<{ resolve: (bet: RoundBetWire) => void; reject: (error: unknown) => void }> = [];
  const queuedSeen: Array<CrashBetInput | null> = [];
  const play = createCrashPlay({
    send: (input) => {
      sent.push(input);
      return new Promise((resolve, reject) => pending.push({ resolve, reject }));
    },
    onQueued: (input) => queuedSeen.push(input),
  });
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    play,
    sent,
    queuedSeen,
    flush,
    answer: async (id: string) => {
      pending.shift()!.resolve({ id } as RoundBetWire);
      await flush();
    },
    refuse: async (error: unknown) => {
      pending.shift()!.reject(error);
      await flush();
    },
  };
}

const settledBet = (id: string, state: 'won' | 'lost', payout: string | null): RoundLiveBet => ({
  id,
  roundId: '7',
  player: '***27',
  asset: 'IDR',
  stake: '1000.00',
  state,
  cashOut: state === 'won' ? 201 : null,
  payout,
});

describe('crash play: a tap', () => {
  it('bets at once in an open window; otherwise keeps the bet and sends it once when the next opens', () => {
    const { play, sent, queuedSeen } = setUp();
    play.place(bet, true);
    expect(sent).toEqual([bet]);
    play.place({ ...bet, amount: '2000.00' }, false);
    expect(sent).toHaveLength(1);
    expect(queuedSeen.at(-1)).toMatchObject({ amount: '2000.00' });
    // Two events of one turn (or a repeated one) send it once.
    play.windowOpened();
    play.windowOpened();
    expect(sent.map((item) => item.amount)).toEqual(['1000.00', '2000.00']);
    expect(queuedSeen.at(-1)).toBeNull();
  });

  it('keeps a bet refused for a closed window (10030) for the next one; other refusals are only shown', async () => {
    const { play, sent, queuedSeen, refuse } = setUp();
    play.place(bet, true);
    await refuse({ errCode: 10030 });
    expect(queuedSeen.at(-1)).toEqual(bet);
    play.windowOpened();
    expect(sent).toEqual([bet, bet]);
    expect(queuedSeen.at(-1)).toBeNull();
    await refuse({ errCode: 700 });
    expect(queuedSeen.at(-1)).toBeNull();
    play.windowOpened();
    expect(sent).toHaveLength(2);
  });

  it('drops a kept bet on cancel: the next window sends nothing', () => {
    const { play, sent } = setUp();
    play.place(bet, false);
    play.cancelQueued();
    play.windowOpened();
    expect(sent).toHaveLength(0);
  });
});

describe('crash play: an auto run', () => {
  it("answers a bet's stake and payout once its round has ended, and only its own bet's", async () => {
    const { play, sent, answer } = setUp();
    const result = play.playAuto(bet, false);
    expect(sent).toHaveLength(0);
    play.windowOpened();
    expect(sent).toEqual([bet]);
    await answer('b1');
    play.settled('other', settledBet('other', 'lost', '0.00'));
    play.settled('b1', settledBet('b1', 'won', '2010.00'));
    await expect(result).resolves.toEqual({ stake: 100_000n, payout: 201_000n });
  });

  it('answers a lost bet with no payout, and an error when the bet could not be followed', async () => {
    const { play, answer } = setUp();
    const lost = play.playAuto(bet, true);
    await answer('b1');
    play.settled('b1', settledBet('b1', 'lost', null));
    await expect(lost).resolves.toEqual({ stake: 100_000n, payout: 0n });
    const unknown = play.playAuto(bet, true);
    await answer('b2');
    play.settled('b2', new Error('network'));
    await expect(unknown).rejects.toThrow('network');
  });

  it('ends the run on a refusal of its bet', async () => {
    const { play, refuse } = setUp();
    const refused = expect(play.playAuto(bet, true)).rejects.toEqual({ errCode: 700 });
    await refuse({ errCode: 700 });
    await refused;
  });

  it("waits for the next window when its bet reaches a closed one (10030), and the run's stop gives that up", async () => {
    const { play, sent, refuse, answer } = setUp();
    const result = play.playAuto(bet, true);
    await refuse({ errCode: 10030 });
    play.windowOpened();
    expect(sent).toEqual([bet, bet]);
    await answer('b2');
    play.settled('b2', settledBet('b2', 'lost', null));
    await expect(result).resolves.toEqual({ stake: 100_000n, payout: 0n });

    const stopped = setUp();
    const waiting = stopped.play.playAuto(bet, true);
    await stopped.refuse({ errCode: 10030 });
    stopped.play.cancelAuto();
    await expect(waiting).rejects.toBeInstanceOf(AutoBetCancelled);
    stopped.play.windowOpened();
    expect(stopped.sent).toHaveLength(1);
  });

  it('ends the run as stopped when its bet, sent as Stop was pressed, is refused for a closed window: nothing is kept', async () => {
    const { play, sent, queuedSeen, refuse } = setUp();
    const result = play.playAuto(bet, true);
    const stopped = expect(result).rejects.toBeInstanceOf(AutoBetCancelled);
    play.cancelAuto();
    await refuse({ errCode: 10030 });
    await stopped;
    expect(queuedSeen.at(-1) ?? null).toBeNull();
    play.windowOpened();
    expect(sent).toHaveLength(1);
  });

  it('gives up a bet only kept for the next window when the run stops, not one sent or placed', async () => {
    const kept = setUp();
    const waiting = kept.play.playAuto(bet, false);
    kept.play.cancelAuto();
    await expect(waiting).rejects.toBeInstanceOf(AutoBetCancelled);
    expect(kept.queuedSeen.at(-1)).toBeNull();
    kept.play.windowOpened();
    expect(kept.sent).toHaveLength(0);

    const sending = setUp();
    const inFlight = sending.play.playAuto(bet, true);
    sending.play.cancelAuto();
    await sending.answer('b1');
    sending.play.cancelAuto();
    sending.play.settled('b1', settledBet('b1', 'won', '2010.00'));
    await expect(inFlight).resolves.toEqual({ stake: 100_000n, payout: 201_000n });
  });

  it("keeps an auto run's bet when the tap's cancel is pressed", () => {
    const { play, sent } = setUp();
    void play.playAuto(bet, false);
    play.cancelQueued();
    play.windowOpened();
    expect(sent).toEqual([bet]);
  });
});

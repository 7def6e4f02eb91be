import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLiveTable, type LiveState, liveMultiplier } from './live-table.ts';
import { createRecord } from './record.ts';
import type { WalletAnswer, WalletClient } from './wallet-client.ts';
import { WalletUnreachable } from './wallet-client.ts';

/** A wallet as the operator keeps it: one balance, bets refused when short, every call logged. */
function fakeWallet(start: number, options: { unreachableBets?: boolean } = {}) {
  let balance = start;
  const calls: Array<{ path: string; body: Record<string, unknown> }> = [];
  const wallet: WalletClient = {
    async call(path, body): Promise<WalletAnswer> {
      calls.push({ path, body });
      const amount = Number(body.amount ?? 0);
      if (path === 'transaction/bet') {
        if (options.unreachableBets) throw new WalletUnreachable('timeout');
        if (amount > balance) return { status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance };
        balance -= amount;
      }
      if (path === 'transaction/win') balance += amount;
      return { status: 'RS_OK', balance };
    },
  };
  return { wallet, calls, balance: () => balance };
}

const record = () => createRecord(join(mkdtempSync(join(tmpdir(), 'live-table-')), 'record.jsonl'));
const timing = { bettingMs: 1_000, spinMs: 500, resultMs: 500 };
const player = { token: 't1', user: '7', currency: 'IDR' };

afterEach(() => {
  vi.useRealTimers();
});

describe('live roulette payouts', () => {
  it('returns 2× on even chances, 3× on dozens, 36× on a number, nothing on zero for outside bets', () => {
    expect(liveMultiplier('red', 1)).toBe(2);
    expect(liveMultiplier('red', 2)).toBe(0);
    expect(liveMultiplier('black', 2)).toBe(2);
    expect(liveMultiplier('odd', 0)).toBe(0);
    expect(liveMultiplier('even', 0)).toBe(0);
    expect(liveMultiplier('low', 18)).toBe(2);
    expect(liveMultiplier('high', 18)).toBe(0);
    expect(liveMultiplier('dozen2', 13)).toBe(3);
    expect(liveMultiplier('dozen2', 25)).toBe(0);
    expect(liveMultiplier('n0', 0)).toBe(36);
    expect(liveMultiplier('n17', 17)).toBe(36);
    expect(liveMultiplier('n17', 18)).toBe(0);
  });

  it('returns 36/37 of the stakes over the wheel for every bet (no hidden edge beyond the zero)', () => {
    for (const kind of ['red', 'black', 'odd', 'even', 'low', 'high', 'dozen1', 'dozen3', 'n0', 'n36']) {
      let returned = 0;
      for (let pocket = 0; pocket <= 36; pocket += 1) returned += liveMultiplier(kind, pocket);
      expect(returned, kind).toBe(36);
    }
  });
});

describe('live table rounds', () => {
  it('takes bets in the window, refuses them after, pays every bet at the result and records each move', async () => {
    vi.useFakeTimers();
    const { wallet, calls, balance } = fakeWallet(10_000);
    const book = record();
    const table = createLiveTable({ wallet, record: book, timing, draw: () => 17 });
    const seen: LiveState[] = [];
    table.subscribe((state) => seen.push(state));
    table.start();
    expect(table.state().phase).toBe('betting');
    expect((await table.bet({ ...player, kind: 'n17', amount: 100 })).ok).toBe(true);
    expect((await table.bet({ ...player, kind: 'red', amount: 200 })).ok).toBe(true);
    const short = await table.bet({ ...player, kind: 'red', amount: 1_000_000 });
    expect(short).toMatchObject({ ok: false, error: 'RS_ERROR_NOT_ENOUGH_MONEY' });
    expect(await table.bet({ ...player, kind: 'purple', amount: 100 })).toMatchObject({ error: 'BAD_BET' });
    expect(await table.bet({ ...player, kind: 'red', amount: 1.5 })).toMatchObject({ error: 'BAD_BET' });
    expect(balance()).toBe(9_700);

    await vi.advanceTimersByTimeAsync(1_000);
    expect(table.state().phase).toBe('spinning');
    expect(table.state().result).toBeNull(); // the pocket is not known before the ball lands
    expect(await table.bet({ ...player, kind: 'red', amount: 100 })).toMatchObject({
      error: 'BETTING_CLOSED',
    });

    await vi.advanceTimersByTimeAsync(500);
    expect(table.state()).toMatchObject({ phase: 'result', result: 17 });
    await vi.advanceTimersByTimeAsync(10);
    expect(table.state().settled).toBe(true);
    // 17 is black: the number pays 36 × 100, red loses (a win of 0 closes it).
    expect(balance()).toBe(9_700 + 3_600);
    const wins = calls.filter((call) => call.path === 'transaction/win');
    expect(wins.map((call) => Number(call.body.amount)).sort((a, b) => a - b)).toEqual([0, 3_600]);
    expect(new Set(calls.map((call) => call.body.round)).size).toBe(1);
    expect(table.mine('t1').round.map((bet) => bet.payout)).toEqual([3_600, 0]);
    const day = new Date().toISOString().slice(0, 10);
    expect(book.day(day).map((line) => line.kind)).toEqual(['bet', 'bet', 'win', 'win']);

    await vi.advanceTimersByTimeAsync(500);
    expect(table.state()).toMatchObject({ phase: 'betting', round: 2, result: null, history: [17] });
    expect(table.mine('t1').last.map((bet) => bet.payout)).toEqual([3_600, 0]);
    expect(table.mine('t1').round).toEqual([]);
    expect(table.mine('another').last).toEqual([]);
    expect(seen.some((state) => state.phase === 'spinning' && state.result !== null)).toBe(false);
    table.stop();
  });

  it('rolls a bet back when the wallet never answered, and pays nothing for it', async () => {
    vi.useFakeTimers();
    const { wallet, calls } = fakeWallet(10_000, { unreachableBets: true });
    const table = createLiveTable({ wallet, record: record(), timing, draw: () => 1 });
    table.start();
    expect(await table.bet({ ...player, kind: 'red', amount: 100 })).toMatchObject({
      ok: false,
      error: 'RS_ROLLED_BACK',
    });
    await vi.advanceTimersByTimeAsync(1_600);
    expect(calls.map((call) => call.path)).toEqual(['transaction/bet', 'transaction/rollback']);
    table.stop();
  });

  it('keeps one session to one user and currency, and caps bets a round', async () => {
    vi.useFakeTimers();
    const { wallet } = fakeWallet(1_000_000);
    const table = createLiveTable({ wallet, record: record(), timing, draw: () => 1 });
    table.start();
    expect((await table.bet({ ...player, kind: 'red', amount: 10 })).ok).toBe(true);
    expect(await table.bet({ ...player, user: '8', kind: 'red', amount: 10 })).toMatchObject({
      error: 'BAD_BET',
    });
    for (let bet = 1; bet < 20; bet += 1)
      expect((await table.bet({ ...player, kind: 'odd', amount: 10 })).ok).toBe(true);
    expect(await table.bet({ ...player, kind: 'odd', amount: 10 })).toMatchObject({ error: 'TOO_MANY_BETS' });
    table.stop();
  });
});

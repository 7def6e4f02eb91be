import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.ts';

/** A batcher whose runs wait until released, recording each batch. */
function recording(inFlight: number, maxSize: number) {
  const batches: number[][] = [];
  const releases: Array<() => void> = [];
  const batcher = createBatcher<number, string>({
    inFlight,
    maxSize,
    run: (items) => {
      batches.push([...items]);
      return new Promise((resolve) =>
        releases.push(() =>
          resolve(items.map((item) => (item < 0 ? new Error(`bad ${item}`) : `ok ${item}`))),
        ),
      );
    },
  });
  const settle = async () => {
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { batcher, batches, releases, settle };
}

describe('batcher', () => {
  it('sends one item at once, alone, when nothing is running', async () => {
    const { batcher, batches, releases, settle } = recording(2, 10);
    const answer = batcher.submit(1);
    await settle();
    expect(batches).toEqual([[1]]);
    releases[0]!();
    expect(await answer).toBe('ok 1');
  });

  it('gathers what arrives while the slots are busy into the next batch, at most maxSize', async () => {
    const { batcher, batches, releases, settle } = recording(1, 3);
    const answers = [batcher.submit(1)];
    await settle();
    for (const item of [2, 3, 4, 5]) answers.push(batcher.submit(item));
    await settle();
    expect(batches).toEqual([[1]]);
    releases[0]!();
    await settle();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    releases[1]!();
    await settle();
    expect(batches).toEqual([[1], [2, 3, 4], [5]]);
    releases[2]!();
    expect(await Promise.all(answers)).toEqual(['ok 1', 'ok 2', 'ok 3', 'ok 4', 'ok 5']);
  });

  it('runs up to inFlight batches side by side; items of one turn leave together', async () => {
    const { batcher, batches, settle } = recording(2, 10);
    void batcher.submit(1);
    void batcher.submit(2);
    await settle();
    void batcher.submit(3);
    await settle();
    void batcher.submit(4);
    await settle();
    expect(batches).toEqual([[1, 2], [3]]);
  });

  it('rejects an item whose outcome is an Error alone, and every item of a run that throws', async () => {
    const { batcher, releases, settle } = recording(1, 10);
    const first = batcher.submit(1);
    await settle();
    const good = batcher.submit(2);
    const bad = batcher.submit(-3);
    releases[0]!();
    await first;
    await settle();
    releases[1]!();
    expect(await good).toBe('ok 2');
    await expect(bad).rejects.toThrow('bad -3');

    let calls = 0;
    const failing = createBatcher<number, number>({
      inFlight: 1,
      maxSize: 5,
      run: async (items) => {
        calls += 1;
        if (calls === 1) throw new Error('connection lost');
        return items.map((item) => item * 2);
      },
    });
    const both = [failing.submit(1), failing.submit(2)];
    for (const answer of both) await expect(answer).rejects.toThrow('connection lost');
    // and the next batch runs
    expect(await failing.submit(4)).toBe(8);
  });

  it('starts a batch beside a running one only once overlapAt items wait', async () => {
    const batches: number[][] = [];
    const releases: Array<() => void> = [];
    const batcher = createBatcher<number, number>({
      inFlight: 2,
      maxSize: 10,
      overlapAt: 3,
      run: (items) => {
        batches.push([...items]);
        return new Promise((resolve) => releases.push(() => resolve([...items])));
      },
    });
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    void batcher.submit(1);
    await settle();
    void batcher.submit(2);
    void batcher.submit(3);
    await settle();
    expect(batches).toEqual([[1]]);
    void batcher.submit(4);
    await settle();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    void batcher.submit(5);
    await settle();
    releases[0]!();
    await settle();
    // [2, 3, 4] still runs and one item waiting is fewer than overlapAt: 5 waits for it.
    expect(batches).toEqual([[1], [2, 3, 4]]);
    releases[1]!();
    await settle();
    expect(batches).toEqual([[1], [2, 3, 4], [5]]);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withRetries } from './with-retries.ts';

describe('withRetries', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the first success, after waiting each delay of the failures before it', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('screen');
    const answer = withRetries(load, [1_000, 3_000]);
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toBe('screen');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries once more than it has delays, then answers the last failure', async () => {
    const load = vi.fn<() => Promise<string>>().mockImplementation(async () => {
      throw new Error(`try ${load.mock.calls.length}`);
    });
    const answer = withRetries(load, [1_000, 3_000]);
    const failed = expect(answer).rejects.toThrow('try 3');
    await vi.advanceTimersByTimeAsync(4_000);
    await failed;
    expect(load).toHaveBeenCalledTimes(3);
  });
});

// Proves the swap guard useSwapGuard renders: the first button is not held, a swap holds taps from
// its render until SWAP_GUARD_MS after the latest swap, and a page gone leaves no release behind.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSwapGuard, SWAP_GUARD_MS } from './use-swap-guard.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A guard as the hook runs it: `render` is what a render returns, `effect` the effect after it. */
function place(first: string) {
  const armed = vi.fn();
  const guard = createSwapGuard(first, armed);
  let rendered = first;
  return {
    armed,
    guard,
    /** A render, then, if the button changed, the previous effect's cleanup and the new effect. */
    swap(shown: string): boolean {
      const allowed = guard.allows(shown);
      if (shown !== rendered) {
        rendered = shown;
        guard.stop();
        guard.show(shown);
      }
      return allowed;
    },
  };
}

describe('swap guard', () => {
  it('does not hold the first button shown, nor the same button shown again', () => {
    const { guard, armed, swap } = place('bet');
    expect(guard.allows('bet')).toBe(true);
    expect(swap('bet')).toBe(true);
    vi.advanceTimersByTime(SWAP_GUARD_MS * 2);
    expect(guard.allows('bet')).toBe(true);
    expect(armed).not.toHaveBeenCalled();
  });

  it('holds a swapped-in button from the render that shows it until SWAP_GUARD_MS later, then renders again', () => {
    const { guard, armed, swap } = place('cash-out');
    // The render that first shows Bet in Cash out's place already refuses taps (before the effect).
    expect(swap('bet')).toBe(false);
    expect(guard.allows('bet')).toBe(false);
    expect(guard.allows('cash-out')).toBe(false);
    vi.advanceTimersByTime(SWAP_GUARD_MS - 1);
    expect(guard.allows('bet')).toBe(false);
    expect(armed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(guard.allows('bet')).toBe(true);
    expect(armed).toHaveBeenCalledOnce();
  });

  it('counts the guard from the latest swap when buttons swap again within it', () => {
    const { guard, armed, swap } = place('cash-out');
    swap('bet');
    vi.advanceTimersByTime(500);
    expect(swap('cancel-next')).toBe(false);
    vi.advanceTimersByTime(SWAP_GUARD_MS - 1);
    expect(guard.allows('cancel-next')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(guard.allows('cancel-next')).toBe(true);
    expect(armed).toHaveBeenCalledOnce();
  });

  it('releases nothing once stopped (the page unmounted within the guard)', () => {
    const { guard, armed, swap } = place('cash-out');
    swap('bet');
    guard.stop();
    vi.advanceTimersByTime(SWAP_GUARD_MS * 2);
    expect(armed).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});

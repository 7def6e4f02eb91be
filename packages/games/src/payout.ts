/**
 * Multipliers are integers in basis points of the stake (1× = 10 000 bp), amounts are bigint minor
 * units; a payout is floored to the minor unit, so rounding always favours neither party by more
 * than one minor unit and never creates money.
 */
export const BASIS_POINTS = 10_000n;

export function payoutOf(stake: bigint, multiplierBp: bigint): bigint {
  if (stake < 0n) throw new RangeError('stake must not be negative');
  if (multiplierBp < 0n) throw new RangeError('multiplier must not be negative');
  return (stake * multiplierBp) / BASIS_POINTS;
}

/** "1.98×" style text for docs and logs; never used for money. */
export function formatMultiplier(multiplierBp: bigint): string {
  const whole = multiplierBp / BASIS_POINTS;
  const fraction = (multiplierBp % BASIS_POINTS).toString().padStart(4, '0');
  return `${whole}.${fraction}×`;
}

/** Binomial coefficient, exact. */
export function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let index = 0; index < k; index += 1) {
    result = (result * BigInt(n - index)) / BigInt(index + 1);
  }
  return result;
}

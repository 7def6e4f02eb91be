import { type Asset, formatAmount } from '@payhub/contracts';

/** "1500.00" → "1500", "0.50" → "0.5": what a stake field shows after ½, 2×, min or max. */
export function typedOf(units: bigint, asset: Asset): string {
  const wire = formatAmount(units, asset);
  return wire.includes('.') ? wire.replace(/\.?0+$/, '') : wire;
}

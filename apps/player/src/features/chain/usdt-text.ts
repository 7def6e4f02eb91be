import { useProjectFormat } from '../../lib/currency.ts';

/**
 * A USDT wire amount (6 decimals) as the chain screens show it: 2 decimals (cut, never rounded up),
 * grouped and separated as the project's locale writes numbers ("1.234,50" in id-ID). Exact: the
 * whole part is formatted as a bigint.
 */
export function useUsdtText(): (wire: string) => string {
  const locale = useProjectFormat().project?.locale ?? 'id-ID';
  const decimal = new Intl.NumberFormat(locale)
    .formatToParts(1.5)
    .find((part) => part.type === 'decimal')?.value;
  return (wire: string) => {
    const negative = wire.startsWith('-');
    const [whole = '0', fraction = ''] = (negative ? wire.slice(1) : wire).split('.');
    return `${negative ? '-' : ''}${BigInt(whole).toLocaleString(locale)}${decimal ?? '.'}${fraction.slice(0, 2).padEnd(2, '0')}`;
  };
}

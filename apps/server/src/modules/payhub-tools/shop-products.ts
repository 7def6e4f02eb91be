import type { LocalCurrency } from '@payhub/contracts';
/**
 * The shop's quota vouchers per currency (minor units): bought with commission at a small discount
 * on their face value, claimed into quota. The discount is the platform's reward for keeping
 * commission in the hub.
 */
export interface ShopProductRow {
  id: string;
  faceValue: bigint;
  price: bigint;
}

const PRODUCTS: Record<LocalCurrency, readonly ShopProductRow[]> = {
  IDR: [
    { id: 'quota-100k', faceValue: 100_000_00n, price: 99_000_00n },
    { id: 'quota-500k', faceValue: 500_000_00n, price: 492_500_00n },
    { id: 'quota-1m', faceValue: 1_000_000_00n, price: 980_000_00n },
  ],
  MXN: [
    { id: 'quota-500', faceValue: 500_00n, price: 495_00n },
    { id: 'quota-2500', faceValue: 2_500_00n, price: 2_462_50n },
    { id: 'quota-5000', faceValue: 5_000_00n, price: 4_900_00n },
  ],
};

export function productsOf(currency: LocalCurrency): readonly ShopProductRow[] {
  return PRODUCTS[currency];
}

import { maskNumber } from '@payhub/contracts';

export { maskNumber };

/** Masks a national phone and shows it with the country prefix: "+62 812****7890". */
export function maskPhone(national: string, countryCode: string): string {
  return `+${countryCode} ${maskNumber(national)}`;
}

import { z } from 'zod';
import type { LocalCurrency } from './money.ts';

/*
 * Kept free of endpoint modules: the project config (site.ts), which the apps' first paint reads, imports it.
 */

/**
 * A project's payment rails (issue 11): the banks its players pay from and its operators hold cards
 * at, the ports a player deposits through, the ways an operator tops up quota and the platform
 * account bank top-ups are paid into. Stored per project (`projects.rails`, migration 0660) and
 * handed out with the project config, so a Mexican project never offers QRIS, Indodax or an
 * Indonesian bank. docs/payments.md "Rails per project".
 */
/** Banks and wallets per currency: the codes players pay from and operators' cards are held at. */
export const SUPPORTED_BANKS = {
  IDR: [
    { code: 'BCA', name: 'Bank Central Asia' },
    { code: 'BNI', name: 'Bank Negara Indonesia' },
    { code: 'BRI', name: 'Bank Rakyat Indonesia' },
    { code: 'MANDIRI', name: 'Bank Mandiri' },
    { code: 'CIMB', name: 'CIMB Niaga' },
    { code: 'PERMATA', name: 'Bank Permata' },
  ],
  MXN: [
    { code: 'BBVA', name: 'BBVA México' },
    { code: 'BANORTE', name: 'Banorte' },
    { code: 'SANTANDER', name: 'Santander México' },
    { code: 'BANAMEX', name: 'Banamex' },
  ],
} as const satisfies Record<LocalCurrency, ReadonlyArray<{ code: string; name: string }>>;
export const BANK_CODES = [
  'BCA',
  'BNI',
  'BRI',
  'MANDIRI',
  'CIMB',
  'PERMATA',
  'BBVA',
  'BANORTE',
  'SANTANDER',
  'BANAMEX',
] as const;
export const BankCode = z.enum(BANK_CODES);
export type BankCode = z.infer<typeof BankCode>;

/** Pay ports: how a player pays an operator; which ones a project offers is in its rails. */
export const PAY_PORTS = ['bank_transfer', 'qris', 'spei', 'oxxo'] as const;
export const PayPort = z.enum(PAY_PORTS);
export type PayPort = z.infer<typeof PayPort>;

export const TOPUP_METHODS = ['bank', 'usdt', 'indodax'] as const;
export const TopupMethod = z.enum(TOPUP_METHODS);
export type TopupMethod = z.infer<typeof TopupMethod>;

/** How an account number is read: a plain bank account number or an 18-digit Mexican CLABE. */
export const ACCOUNT_SCHEMES = ['account', 'clabe'] as const;

export const RechargeAccount = z.object({
  bankCode: BankCode,
  accountNo: z.string().regex(/^\d{6,20}$/),
  holderName: z.string().min(1).max(80),
  scheme: z.enum(ACCOUNT_SCHEMES),
});
export type RechargeAccount = z.infer<typeof RechargeAccount>;

export const ProjectRails = z.object({
  banks: z.array(BankCode).min(1),
  depositPorts: z.array(PayPort).min(1),
  topUpMethods: z.array(TopupMethod),
  /** Where bank top-ups are paid; null when the project offers no bank top-up. */
  rechargeAccount: RechargeAccount.nullable(),
  /** How the operators' card numbers are read (the label players and operators see). */
  cardScheme: z.enum(ACCOUNT_SCHEMES),
});
export type ProjectRails = z.infer<typeof ProjectRails>;

/** The rails of an Indonesian project: bank transfer and QRIS; bank, USDT and Indodax top-ups. */
export const INDONESIAN_RAILS: ProjectRails = {
  banks: ['BCA', 'BNI', 'BRI', 'MANDIRI', 'CIMB', 'PERMATA'],
  depositPorts: ['bank_transfer', 'qris'],
  topUpMethods: ['bank', 'usdt', 'indodax'],
  rechargeAccount: {
    bankCode: 'BCA',
    accountNo: '8800123456',
    holderName: 'PT Payhub Nusantara',
    scheme: 'account',
  },
  cardScheme: 'account',
};

/**
 * The rails of a Mexican project: SPEI transfers to the operator's CLABE and cash at an OXXO store
 * to the operator's card; quota by SPEI to the platform's CLABE or USDT (no Indodax in Mexico).
 */
export const MEXICAN_RAILS: ProjectRails = {
  banks: ['BBVA', 'BANORTE', 'SANTANDER', 'BANAMEX'],
  depositPorts: ['spei', 'oxxo'],
  topUpMethods: ['bank', 'usdt'],
  rechargeAccount: {
    bankCode: 'BBVA',
    accountNo: '012180001234567899',
    holderName: 'Payhub México S.A. de C.V.',
    scheme: 'clabe',
  },
  cardScheme: 'clabe',
};

/** The rails a project without stored rails gets, by its jurisdiction (ISO country). */
export function defaultRails(jurisdiction: string): ProjectRails {
  return jurisdiction === 'MX' ? MEXICAN_RAILS : INDONESIAN_RAILS;
}

/** Whether an 18-digit CLABE's control digit (weights 3, 7, 1) is right. */
export function isValidClabe(clabe: string): boolean {
  if (!/^\d{18}$/.test(clabe)) return false;
  const weights = [3, 7, 1];
  let sum = 0;
  for (let index = 0; index < 17; index += 1) sum += (Number(clabe[index]) * weights[index % 3]!) % 10;
  return (10 - (sum % 10)) % 10 === Number(clabe[17]);
}

const BANK_NAMES: Record<string, string> = Object.fromEntries(
  Object.values(SUPPORTED_BANKS).flatMap((banks) => banks.map((bank) => [bank.code, bank.name])),
);

/** The banks of a project's rails with their names, in the rails' order. */
export function railBanks(rails: ProjectRails): Array<{ code: BankCode; name: string }> {
  return rails.banks.map((code) => ({ code, name: BANK_NAMES[code] ?? code }));
}

/** Whether a bank code is one of the project's rails. */
export function isRailBank(rails: ProjectRails, code: string): boolean {
  return (rails.banks as readonly string[]).includes(code);
}

import type { TFunction } from 'i18next';

const SPA_TYPES = ['Banker', 'New', 'Recall', 'NewSpy', 'RecallSpy', 'CS', 'HR', 'Training'] as const;
const PAYMENT_ROLES = ['Manage', 'Handler'] as const;

/** A promoter type in words (an unknown code is shown as it is). */
export function spaTypeLabel(t: TFunction, value: string): string {
  return (SPA_TYPES as readonly string[]).includes(value)
    ? t(`consoleScreens.people.spaTypes.${value as (typeof SPA_TYPES)[number]}`)
    : value;
}

/** A payment role in words (an unknown code is shown as it is). */
export function paymentRoleLabel(t: TFunction, value: string): string {
  return (PAYMENT_ROLES as readonly string[]).includes(value)
    ? t(`consoleScreens.people.paymentRoles.${value as (typeof PAYMENT_ROLES)[number]}`)
    : value;
}

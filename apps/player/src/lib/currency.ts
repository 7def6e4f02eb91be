import { ASSETS, type Asset, MONEY_ASSET } from '@payhub/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../shared/money.ts';
import { useProject } from './project.ts';

/**
 * Money and time of the current project: amounts with its symbol and 2 decimals (the one
 * formatter, shared/money.ts), date-times in its time zone and the UI language.
 */
export function useProjectFormat() {
  const { i18n } = useTranslation();
  const project = useProject().data;
  // Until the config arrives any local currency reads a wire amount alike (they share one scale).
  const currency = project?.currency ?? MONEY_ASSET;
  return {
    project,
    currency,
    money: (amount: bigint | string) =>
      project
        ? formatMoney(amount, {
            currencySymbol: project.currencySymbol,
            locale: project.locale,
            asset: project.currency,
          })
        : '…',
    /** An amount of any asset: the project's symbol for its own currency, the asset's otherwise. */
    asset: (amount: bigint | string, asset: Asset) =>
      project
        ? formatMoney(amount, {
            currencySymbol: asset === project.currency ? project.currencySymbol : ASSETS[asset].symbol,
            locale: project.locale,
            asset,
          })
        : '…',
    dateTime: (iso: string) =>
      new Intl.DateTimeFormat(i18n.language, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: project?.timeZone,
      }).format(new Date(iso)),
    /** Day, month and time without the year: fits a list row on a 360 px screen. */
    shortDateTime: (iso: string) =>
      new Intl.DateTimeFormat(i18n.language, {
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: project?.timeZone,
      }).format(new Date(iso)),
    time: (iso: string) =>
      new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short', timeZone: project?.timeZone }).format(
        new Date(iso),
      ),
  };
}

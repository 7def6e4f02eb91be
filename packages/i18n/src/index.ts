import { type Locale, resolveLocale } from '@payhub/contracts';
import { errorsEn } from './errors.en.ts';
import { errorsEsMX } from './errors.es-MX.ts';
import { type ErrorMessages, errorsIdID } from './errors.id-ID.ts';

export type { ErrorMessages };

const errorCatalogs: Record<Locale, ErrorMessages> = {
  'id-ID': errorsIdID,
  'es-MX': errorsEsMX,
  en: errorsEn,
};

/** The message of an error code in a language; unknown codes fall back to the service-error text. */
export function errorMessage(code: number, language: string | undefined): string {
  const catalog = errorCatalogs[resolveLocale(language)];
  return (catalog as Record<string, string>)[String(code)] ?? catalog['0'];
}

export {
  applicationMail,
  applicationReceivedTitle,
  bonusMail,
  codeSms,
  depositReversedMail,
  emailCodeMail,
  identityReviewMail,
  MAIL_APPLICATION_STATUSES,
  newDeviceMail,
  phoneChangedSms,
} from './mails.ts';
export { type PlayBlock, type PlayBlockCause, playBlockMessage } from './play-blocks.ts';
export {
  loadUiCatalog,
  loadUiFeatureCatalog,
  loadUiShellCatalog,
  type UiCatalog,
  type UiFeatureCatalog,
  type UiNamespace,
  type UiShellCatalog,
  uiIdID,
} from './ui/index.ts';

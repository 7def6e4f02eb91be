import { DEFAULT_LOCALE, type Locale, resolveLocale } from '@payhub/contracts';
import { loadUiCatalog, uiIdID } from '@payhub/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALE_COOKIE, readCookie, writeCookie } from '../shared/cookies.ts';
import { useGlobalStore } from './stores/global.store.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof uiIdID };
    returnNull: false;
  }
}

/** The locale cookie lasts as long as the project selection. */
const LOCALE_COOKIE_DAYS = 365;

const htmlLang: Record<Locale, string> = { 'id-ID': 'id', 'es-MX': 'es-MX', en: 'en' };

/** The language from the locale cookie, if one was chosen. */
export function cookieLocale(): Locale | null {
  const value = readCookie(LOCALE_COOKIE);
  return value ? resolveLocale(value) : null;
}

export async function initI18n(): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    resources: { [DEFAULT_LOCALE]: { translation: uiIdID } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await applyLanguage(cookieLocale() ?? DEFAULT_LOCALE);
}

/** Switches the UI language (loading its catalogue chunk when needed). */
export async function applyLanguage(locale: Locale, remember = false): Promise<void> {
  if (!i18next.hasResourceBundle(locale, 'translation')) {
    i18next.addResourceBundle(locale, 'translation', await loadUiCatalog(locale));
  }
  await i18next.changeLanguage(locale);
  document.documentElement.lang = htmlLang[locale];
  useGlobalStore.setState({ language: locale });
  if (remember) writeCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_DAYS);
}

export { i18next };

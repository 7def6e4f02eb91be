import type { Locale } from '@payhub/contracts';
import { loadPlayerCatalog, playerIdID } from '@payhub/i18n/ui/player.ts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS, writeCookie } from '../shared/cookies.ts';
import { usePreferences } from './preferences.store.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof playerIdID };
    returnNull: false;
  }
}

const htmlLang: Record<Locale, string> = { 'id-ID': 'id', 'es-MX': 'es-MX', en: 'en' };

export async function initI18n(): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: 'id-ID',
    fallbackLng: 'id-ID',
    resources: { 'id-ID': { translation: playerIdID } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await applyLanguage(usePreferences.getState().language);
}

/**
 * Switches the UI language, loading its catalogue chunk when needed. `chosen` marks an explicit
 * choice of the user: it is remembered in the cookie and no longer follows the project.
 */
export async function applyLanguage(locale: Locale, chosen = false): Promise<void> {
  if (!i18next.hasResourceBundle(locale, 'translation')) {
    i18next.addResourceBundle(locale, 'translation', await loadPlayerCatalog(locale));
  }
  await i18next.changeLanguage(locale);
  document.documentElement.lang = htmlLang[locale];
  usePreferences.setState(chosen ? { language: locale, languageChosen: true } : { language: locale });
  if (chosen) writeCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_DAYS);
}

export { i18next };

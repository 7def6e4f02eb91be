import type { Locale } from '@payhub/contracts';
import { consoleCatalogIdID, loadConsoleCatalog } from '@payhub/i18n/ui/console.ts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { rememberLanguage, usePreferences } from './preferences.store.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof consoleCatalogIdID };
    returnNull: false;
  }
}

const htmlLang: Record<Locale, string> = { 'id-ID': 'id', 'es-MX': 'es-MX', en: 'en' };

export async function initI18n(): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: 'id-ID',
    fallbackLng: 'id-ID',
    resources: { 'id-ID': { translation: consoleCatalogIdID } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await applyLanguage(usePreferences.getState().language);
}

/** Switches the UI language (Indonesian first; es-MX and en load as chunks). */
export async function applyLanguage(locale: Locale): Promise<void> {
  if (!i18next.hasResourceBundle(locale, 'translation')) {
    i18next.addResourceBundle(locale, 'translation', await loadConsoleCatalog(locale));
  }
  await i18next.changeLanguage(locale);
  document.documentElement.lang = htmlLang[locale];
  rememberLanguage(locale);
}

export { i18next };

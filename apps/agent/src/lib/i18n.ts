import { DEFAULT_LOCALE, type Locale, resolveLocale } from '@payhub/contracts';
import type { uiIdID } from '@payhub/i18n/ui/id-ID/index.ts';
import { uiIdIDShell } from '@payhub/i18n/ui/id-ID/shell-catalog.ts';
import { loadUiFeatureCatalog, loadUiShellCatalog } from '@payhub/i18n/ui/index.ts';
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

/**
 * The catalogue comes in two parts per locale: the shell's namespaces (Indonesian ones in the
 * first paint) and the feature screens' namespaces, loaded with the first feature page.
 */
const shellLoaded = new Set<Locale>([DEFAULT_LOCALE]);
const featuresLoaded = new Set<Locale>();
let featuresWanted = false;

/** The language from the locale cookie, if one was chosen. */
export function cookieLocale(): Locale | null {
  const value = readCookie(LOCALE_COOKIE);
  return value ? resolveLocale(value) : null;
}

export async function initI18n(): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    resources: { [DEFAULT_LOCALE]: { translation: uiIdIDShell } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await applyLanguage(cookieLocale() ?? DEFAULT_LOCALE);
}

async function addFeatureNamespaces(locale: Locale): Promise<void> {
  if (featuresLoaded.has(locale)) return;
  i18next.addResourceBundle(locale, 'translation', await loadUiFeatureCatalog(locale), true, true);
  featuresLoaded.add(locale);
}

/** Makes the feature screens' namespaces available in the current language (and any later one). */
export async function ensureFeatureCatalog(): Promise<void> {
  featuresWanted = true;
  await addFeatureNamespaces(useGlobalStore.getState().language);
}

/** Switches the UI language (loading its catalogue chunks when needed). */
export async function applyLanguage(locale: Locale, remember = false): Promise<void> {
  if (!shellLoaded.has(locale)) {
    i18next.addResourceBundle(locale, 'translation', await loadUiShellCatalog(locale), true, true);
    shellLoaded.add(locale);
  }
  if (featuresWanted) await addFeatureNamespaces(locale);
  await i18next.changeLanguage(locale);
  document.documentElement.lang = htmlLang[locale];
  useGlobalStore.setState({ language: locale });
  if (remember) writeCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_DAYS);
}

export { i18next };

import { DEFAULT_LOCALE, type Locale, resolveLocale } from '@payhub/contracts';
import { create } from 'zustand';
import { LOCALE_COOKIE, PROJECT_COOKIE, readCookie } from '../shared/cookies.ts';

/** The projects of the product (spec §9); the server falls back to 12 when none is chosen. */
const PROJECT_IDS = [10, 12, 16] as const;

function cookieProjectId(): number | null {
  const value = Number(readCookie(PROJECT_COOKIE));
  return PROJECT_IDS.includes(value as (typeof PROJECT_IDS)[number]) ? value : null;
}

function cookieLocale(): Locale | null {
  const value = readCookie(LOCALE_COOKIE);
  return value ? resolveLocale(value) : null;
}

interface PreferencesState {
  /** The UI language; the `language` header of every call follows it. */
  language: Locale;
  /** Whether the user picked the language (otherwise it follows the project). */
  languageChosen: boolean;
  /** The chosen project (cookie `projectId`), or null for the server's default. */
  projectId: number | null;
}

export const usePreferences = create<PreferencesState>(() => ({
  language: cookieLocale() ?? DEFAULT_LOCALE,
  languageChosen: cookieLocale() !== null,
  projectId: cookieProjectId(),
}));

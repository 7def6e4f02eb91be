import { DEFAULT_LOCALE, type Locale, resolveLocale } from '@payhub/contracts';
import { create } from 'zustand';

/** The projects a staff member may pick at sign-in (spec §9); the server checks the grant. */
export const CONSOLE_PROJECTS = [10, 12, 16] as const;

const LANGUAGE_KEY = 'console_language';
const PROJECT_KEY = 'console_project';

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

interface PreferencesState {
  language: Locale;
  projectId: number;
}

export const usePreferences = create<PreferencesState>(() => ({
  language: stored(LANGUAGE_KEY) ? resolveLocale(stored(LANGUAGE_KEY)!) : DEFAULT_LOCALE,
  projectId: Number(stored(PROJECT_KEY)) || 12,
}));

export function setProject(projectId: number): void {
  localStorage.setItem(PROJECT_KEY, String(projectId));
  usePreferences.setState({ projectId });
}

export function rememberLanguage(language: Locale): void {
  localStorage.setItem(LANGUAGE_KEY, language);
  usePreferences.setState({ language });
}

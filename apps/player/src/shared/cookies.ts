/** The project selection (`projectId`, one month, spec §9) and the language (`locale`) live in cookies. */
export const PROJECT_COOKIE = 'projectId';
export const LOCALE_COOKIE = 'locale';
export const PROJECT_COOKIE_DAYS = 30;
export const LOCALE_COOKIE_DAYS = 365;

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** Path "/" so that the server sees the project on every API call. */
export function writeCookie(name: string, value: string, days: number): void {
  const maxAgeSeconds = Math.round(days * 24 * 60 * 60);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in older Android WebViews.
  document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${maxAgeSeconds}; path=/; samesite=lax`;
}

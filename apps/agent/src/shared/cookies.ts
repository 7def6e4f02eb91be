/** Small cookie helpers: the project selection (`projectId`) and the language (`locale`) live in cookies. */
export const PROJECT_COOKIE = 'projectId';
export const LOCALE_COOKIE = 'locale';
/** The project cookie lasts one month (spec §9). */
export const PROJECT_COOKIE_DAYS = 30;
/** Other cookies default to one day (spec §9). */
const DEFAULT_COOKIE_DAYS = 1;

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function writeCookie(name: string, value: string, days = DEFAULT_COOKIE_DAYS): void {
  const maxAgeSeconds = Math.round(days * 24 * 60 * 60);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in older Android WebViews.
  document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${maxAgeSeconds}; path=/; samesite=lax`;
}

export function deleteCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see writeCookie.
  document.cookie = `${name}=; max-age=0; path=/; samesite=lax`;
}

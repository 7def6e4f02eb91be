/** The one line a run prints when no browser is found (find-browser.mjs). */
export const NO_BROWSER_MESSAGE: string;
/** The flags every headless run of the found Chromium takes (find-browser.mjs). */
export const CHROMIUM_FLAGS: string[];
/** The browser's path, or null (find-browser.mjs). */
export function findChromium(
  env?: Record<string, string | undefined>,
  options?: { lookForPlaywright?: boolean },
): Promise<string | null>;

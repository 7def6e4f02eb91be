import type { Locale } from '@payhub/contracts';
import type { UiCatalog } from './types.ts';

export { uiIdID } from './id-ID/index.ts';
export type { UiCatalog, UiNamespace } from './types.ts';

/**
 * Loads one locale's UI catalogue. Indonesian is the reference and usually bundled; the others are
 * separate chunks in the apps, fetched only when chosen.
 */
export async function loadUiCatalog(locale: Locale): Promise<UiCatalog> {
  switch (locale) {
    case 'es-MX':
      return (await import('./es-MX/index.ts')).uiEsMX;
    case 'en':
      return (await import('./en/index.ts')).uiEn;
    default:
      return (await import('./id-ID/index.ts')).uiIdID;
  }
}

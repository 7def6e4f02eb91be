import type { Locale } from '@payhub/contracts';
import type { UiCatalog, UiFeatureCatalog, UiShellCatalog } from './types.ts';

export { uiIdID } from './id-ID/index.ts';
export type { UiCatalog, UiFeatureCatalog, UiNamespace, UiShellCatalog, UiShellNamespace } from './types.ts';

/** Loads one locale's whole UI catalogue (each locale is its own chunk in the apps). */
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

/** Loads the namespaces of a locale that the shell needs for its first paint. */
export async function loadUiShellCatalog(locale: Locale): Promise<UiShellCatalog> {
  switch (locale) {
    case 'es-MX':
      return (await import('./es-MX/shell-catalog.ts')).uiEsMXShell;
    case 'en':
      return (await import('./en/shell-catalog.ts')).uiEnShell;
    default:
      return (await import('./id-ID/shell-catalog.ts')).uiIdIDShell;
  }
}

/** Loads the namespaces of a locale's feature screens. */
export async function loadUiFeatureCatalog(locale: Locale): Promise<UiFeatureCatalog> {
  switch (locale) {
    case 'es-MX':
      return (await import('./es-MX/feature-catalog.ts')).uiEsMXFeatures;
    case 'en':
      return (await import('./en/feature-catalog.ts')).uiEnFeatures;
    default:
      return (await import('./id-ID/feature-catalog.ts')).uiIdIDFeatures;
  }
}

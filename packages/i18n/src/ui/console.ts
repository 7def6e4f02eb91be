import type { Locale } from '@payhub/contracts';
import { console as consoleIdID } from './id-ID/console.ts';

/** The operator console's UI catalogue: Indonesian is the typed reference and bundled; others load as chunks. */
export const consoleCatalogIdID = { console: consoleIdID };

type Strings<T> = { [Key in keyof T]: T[Key] extends string ? string : Strings<T[Key]> };
export type ConsoleCatalog = Strings<typeof consoleCatalogIdID>;

export async function loadConsoleCatalog(locale: Locale): Promise<ConsoleCatalog> {
  switch (locale) {
    case 'es-MX':
      return { console: (await import('./es-MX/console.ts')).console };
    case 'en':
      return { console: (await import('./en/console.ts')).console };
    default:
      return consoleCatalogIdID;
  }
}

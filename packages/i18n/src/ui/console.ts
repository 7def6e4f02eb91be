import type { Locale } from '@payhub/contracts';
import { console as consoleIdID } from './id-ID/console.ts';
import { consoleOps as consoleOpsIdID } from './id-ID/console-ops.ts';
import { consoleScreens as consoleScreensIdID } from './id-ID/console-screens.ts';

/** The operator console's UI catalogue: Indonesian is the typed reference and bundled; others load as chunks. */
export const consoleCatalogIdID = {
  console: consoleIdID,
  consoleOps: consoleOpsIdID,
  consoleScreens: consoleScreensIdID,
};

type Strings<T> = { [Key in keyof T]: T[Key] extends string ? string : Strings<T[Key]> };
export type ConsoleCatalog = Strings<typeof consoleCatalogIdID>;
/** The operations screens' strings (console-ops.ts per language). */
export type ConsoleOpsCatalog = Strings<typeof consoleOpsIdID>;
/** The player page, order states and case decisions (console-screens.ts per language). */
export type ConsoleScreensCatalog = Strings<typeof consoleScreensIdID>;

export async function loadConsoleCatalog(locale: Locale): Promise<ConsoleCatalog> {
  switch (locale) {
    case 'es-MX':
      return {
        console: (await import('./es-MX/console.ts')).console,
        consoleOps: (await import('./es-MX/console-ops.ts')).consoleOps,
        consoleScreens: (await import('./es-MX/console-screens.ts')).consoleScreens,
      };
    case 'en':
      return {
        console: (await import('./en/console.ts')).console,
        consoleOps: (await import('./en/console-ops.ts')).consoleOps,
        consoleScreens: (await import('./en/console-screens.ts')).consoleScreens,
      };
    default:
      return consoleCatalogIdID;
  }
}

import type { uiIdID } from './id-ID/index.ts';

type Strings<T> = { [Key in keyof T]: T[Key] extends string ? string : Strings<T[Key]> };

/** The shape every locale's UI catalogue must have: the Indonesian reference with string leaves. */
export type UiCatalog = Strings<typeof uiIdID>;
export type UiNamespace<Name extends keyof UiCatalog> = UiCatalog[Name];

import type { uiIdID } from './id-ID/index.ts';
import type { uiIdIDShell } from './id-ID/shell-catalog.ts';

type Strings<T> = { [Key in keyof T]: T[Key] extends string ? string : Strings<T[Key]> };

/** The shape every locale's UI catalogue must have: the Indonesian reference with string leaves. */
export type UiCatalog = Strings<typeof uiIdID>;
export type UiNamespace<Name extends keyof UiCatalog> = UiCatalog[Name];

/** The namespaces in the apps' first paint, and the ones loaded with the feature screens. */
export type UiShellNamespace = keyof typeof uiIdIDShell;
export type UiShellCatalog = Pick<UiCatalog, UiShellNamespace>;
export type UiFeatureCatalog = Omit<UiCatalog, UiShellNamespace>;

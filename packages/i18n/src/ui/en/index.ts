import type { UiCatalog } from '../types.ts';
import { uiEnFeatures } from './feature-catalog.ts';
import { uiEnShell } from './shell-catalog.ts';

export const uiEn: UiCatalog = { ...uiEnShell, ...uiEnFeatures };

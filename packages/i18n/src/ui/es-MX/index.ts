import type { UiCatalog } from '../types.ts';
import { uiEsMXFeatures } from './feature-catalog.ts';
import { uiEsMXShell } from './shell-catalog.ts';

export const uiEsMX: UiCatalog = { ...uiEsMXShell, ...uiEsMXFeatures };

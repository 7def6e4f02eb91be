import { uiIdIDFeatures } from './feature-catalog.ts';
import { uiIdIDShell } from './shell-catalog.ts';

/** The Indonesian UI catalogue: the typed reference every other locale must match. */
export const uiIdID = { ...uiIdIDShell, ...uiIdIDFeatures };

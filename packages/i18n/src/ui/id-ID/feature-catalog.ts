import { datacenter } from './datacenter.ts';
import { inbox } from './inbox.ts';
import { payhub } from './payhub.ts';
import { payhubTools } from './payhub-tools.ts';
import { promo } from './promo.ts';

/**
 * The namespaces of the feature screens, loaded with the first feature page. A feature adds its
 * namespace here (one file per locale, one line in each locale's feature-catalog.ts).
 */
export const uiIdIDFeatures = { payhub, payhubTools, promo, datacenter, inbox };

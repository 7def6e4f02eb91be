import type { UiFeatureCatalog } from '../types.ts';
import { datacenter } from './datacenter.ts';
import { inbox } from './inbox.ts';
import { payhub } from './payhub.ts';
import { payhubTools } from './payhub-tools.ts';
import { promo } from './promo.ts';

export const uiEsMXFeatures: UiFeatureCatalog = { payhub, payhubTools, promo, datacenter, inbox };

import { account } from './account.ts';
import { Auth } from './auth.ts';
import { common } from './common.ts';
import { datacenter } from './datacenter.ts';
import { inbox } from './inbox.ts';
import { payhub } from './payhub.ts';
import { promo } from './promo.ts';
import { shell } from './shell.ts';
import { ui } from './ui.ts';

/**
 * The Indonesian UI catalogue: the typed reference every other locale must match. A feature adds
 * a namespace as one file per locale and one line in each locale's index.
 */
export const uiIdID = { common, Auth, shell, account, ui, payhub, promo, datacenter, inbox };

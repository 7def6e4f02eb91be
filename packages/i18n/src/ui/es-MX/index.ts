import type { UiCatalog } from '../types.ts';
import { account } from './account.ts';
import { Auth } from './auth.ts';
import { common } from './common.ts';
import { datacenter } from './datacenter.ts';
import { inbox } from './inbox.ts';
import { payhub } from './payhub.ts';
import { promo } from './promo.ts';
import { shell } from './shell.ts';
import { ui } from './ui.ts';

export const uiEsMX: UiCatalog = { common, Auth, shell, account, ui, payhub, promo, datacenter, inbox };

import type { UiShellCatalog } from '../types.ts';
import { account } from './account.ts';
import { Auth } from './auth.ts';
import { common } from './common.ts';
import { shell } from './shell.ts';
import { ui } from './ui.ts';

export const uiEnShell: UiShellCatalog = { common, Auth, shell, account, ui };

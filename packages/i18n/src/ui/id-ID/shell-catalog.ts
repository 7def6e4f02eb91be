import { account } from './account.ts';
import { Auth } from './auth.ts';
import { common } from './common.ts';
import { shell } from './shell.ts';
import { ui } from './ui.ts';

/** The namespaces the shell needs for its first paint (sign-in, account, dialogs, error pages). */
export const uiIdIDShell = { common, Auth, shell, account, ui };

import { type AppPath, paths } from '../paths.ts';
import type { Identity } from './identity.ts';
import { SUPPORT_SPA_TYPES } from './identity.ts';

/**
 * The navigation model of the app inside the native wrapper (no address bar, docs/agent-app.md
 * "Getting around"): each role gets a bottom tab bar (its landing first, the inbox and the account
 * last), a back button on every page that is not one of its tabs, and a "more" list on the account
 * page for the screens a role uses less often. Every screen a role may open is a tab, a link on a tab
 * (or below it), or in that list — the per-role e2e journeys prove it by tapping only.
 */
export type NavIcon =
  | 'home'
  | 'orders'
  | 'withdraw'
  | 'phone'
  | 'leads'
  | 'data'
  | 'applications'
  | 'inbox'
  | 'account'
  | 'wait';

/** The text key in the `shell.nav` namespace. */
export type NavLabel =
  | 'payhub'
  | 'orders'
  | 'withdraw'
  | 'telephone'
  | 'leads'
  | 'data'
  | 'applications'
  | 'inbox'
  | 'account'
  | 'wait'
  | 'withdrawRecord'
  | 'workHours'
  | 'reportCheck'
  | 'manage'
  | 'transaction';

export interface NavEntry {
  path: AppPath;
  label: NavLabel;
  icon: NavIcon;
}

const PROMOTER_TYPES: readonly string[] = ['New', 'Recall', 'NewSpy', 'RecallSpy', 'Training'];

const inbox: NavEntry = { path: paths.notice, label: 'inbox', icon: 'inbox' };
const account: NavEntry = { path: paths.account, label: 'account', icon: 'account' };

function isOperator(identity: Identity): boolean {
  return (
    identity.spaPay === 'yes' && identity.spaType !== null && !SUPPORT_SPA_TYPES.includes(identity.spaType)
  );
}
function isPromoter(identity: Identity): boolean {
  return identity.spaType !== null && PROMOTER_TYPES.includes(identity.spaType);
}
const isLeader = (identity: Identity) => identity.role === 1;

/** The bottom tabs of a signed-in identity: at most five, so each label fits at 360 px. */
export function navTabs(identity: Identity): NavEntry[] {
  if (isOperator(identity))
    return [
      { path: paths.payhub, label: 'payhub', icon: 'home' },
      { path: paths.payhubPesanan, label: 'orders', icon: 'orders' },
      { path: paths.withdraw, label: 'withdraw', icon: 'withdraw' },
      inbox,
      account,
    ];
  if (isPromoter(identity))
    return [
      { path: paths.telephone, label: 'telephone', icon: 'phone' },
      { path: paths.permohonan, label: 'leads', icon: 'leads' },
      { path: paths.data, label: 'data', icon: 'data' },
      inbox,
      account,
    ];
  if (identity.spaType === 'HR')
    return [{ path: paths.pengajuan, label: 'applications', icon: 'applications' }, inbox, account];
  if (identity.spaType === null && !identity.staff)
    return [{ path: paths.wait, label: 'wait', icon: 'wait' }, inbox, account];
  return [inbox, account];
}

/** Screens a role opens less often, listed on the account page ("Menu lainnya"). */
export function moreEntries(identity: Identity): NavEntry[] {
  const entries: NavEntry[] = [];
  if (isOperator(identity)) {
    entries.push({ path: paths.withdrawRecord, label: 'withdrawRecord', icon: 'withdraw' });
    entries.push({ path: paths.transaction, label: 'transaction', icon: 'orders' });
    if (identity.paymentRole === 'Manage')
      entries.push({ path: paths.manage, label: 'manage', icon: 'orders' });
  }
  if (isPromoter(identity)) {
    if (isLeader(identity)) {
      entries.push({ path: paths.pengajuan, label: 'applications', icon: 'applications' });
      if (!isOperator(identity))
        entries.push({ path: paths.payhubWorkHours, label: 'workHours', icon: 'orders' });
    }
    entries.push({ path: paths.pem, label: 'reportCheck', icon: 'data' });
  }
  return entries;
}

/**
 * Where a sub-page's back button leads when the app has no earlier page of its own to return to
 * (opened from a push or after a reload): the page above it in the path, else the role's landing.
 */
export function parentPath(pathname: string, identity: Identity): AppPath | null {
  const tabs = navTabs(identity);
  if (tabs.some((tab) => tab.path === pathname)) return null;
  const known = Object.values(paths) as string[];
  const segments = pathname.split('/').filter(Boolean);
  while (segments.length > 1) {
    segments.pop();
    const candidate = `/${segments.join('/')}`;
    if (known.includes(candidate)) return candidate as AppPath;
  }
  if (pathname === paths.manage || pathname === paths.withdraw)
    return isOperator(identity) ? paths.payhub : null;
  return (tabs[0]?.path ?? paths.account) as AppPath;
}

/** True when a tab of the bar is the current page or the page it leads to. */
export function tabIsActive(tab: NavEntry, pathname: string): boolean {
  // The payhub home is not lit on its sub-pages: the orders tab lives under it.
  if (tab.path === paths.payhub) return pathname === tab.path;
  return pathname === tab.path || pathname.startsWith(`${tab.path}/`);
}

import type { ComponentType } from 'react';
import type { GateRule } from '../lib/access/permission.ts';
import { paths } from '../lib/paths.ts';

/**
 * THE ROUTE TABLE (spec §2). One entry per path; a feature registers its page by replacing the
 * entry's `load` with `() => import('../features/<capability>/<page>.tsx')`. Every page is its own
 * chunk (route-level code splitting). See docs/agent-app.md.
 */
export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

export interface AppRoute {
  path: string;
  /** `public` pages show without a session; `secure` ones send anonymous visitors to /login. */
  access: 'public' | 'secure';
  /** Permission gate of the page (spec §6); a denied identity sees the denied modal. */
  gate?: GateRule;
  /**
   * Feature pages (the default) load with the TanStack Query provider and the feature namespaces of
   * the text catalogue; the shell's own pages (false) need neither, which keeps their first paint small.
   */
  feature?: boolean;
  load: PageLoader;
}

/** Paths of the route keys the shell names (spec §2). */
export const routeKeys = {
  root: paths.root,
  login: paths.login,
  wait: paths.wait,
  account: paths.account,
  payhub: paths.payhub,
  telephone: paths.telephone,
  pengajuan: paths.pengajuan,
  data: paths.data,
  permohonan: paths.permohonan,
  'permohonan.selected': paths.permohonanSelected,
  pem: paths.pem,
  transaction: paths.transaction,
} as const;
export type RouteKey = keyof typeof routeKeys;

/** Payment-hub and withdraw screens: payment operators only (spaPay yes). */
const paymentOperators: GateRule = { allow: [{ spaPay: 'yes' }] };
/** Work hours: operators, and group leaders who see their operators there. */
const operatorsAndLeaders: GateRule = { allow: [{ spaPay: 'yes' }, { role: 1 }] };
/** The manage screen: payment managers only. */
const paymentManagers: GateRule = { allow: [{ spaPay: 'yes', paymentRole: 'Manage' }] };
/** Promoter-programme screens: promoters of the programme, not support staff or operators. */
const promoters: GateRule = {
  allow: [{ spaType: ['New', 'Recall', 'NewSpy', 'RecallSpy', 'Training'] }],
};

/** The join page: signed-in people without a programme (no spaType) only; not staff (an admin). */
const applicants: GateRule = { allow: [{ spaType: null }], exclude: [{ staff: true }] };
/** A payment-hub entry without its page; the table adds `load`. */
const payhub = (path: string) => ({ path, access: 'secure' as const, gate: paymentOperators });
/** Reviewing applications (pengajuan): group leaders and HR (spec §6). */
const reviewers: GateRule = { allow: [{ role: 1 }, { spaType: 'HR' }] };
/** Group leaders of the promoter programme. */
const groupLeaders: GateRule = {
  allow: [{ spaType: ['New', 'Recall', 'NewSpy', 'RecallSpy', 'Training'], role: 1 }],
};
/** A promoter-programme entry without its page; the table adds `load`. */
const promo = (path: string) => ({ path, access: 'secure' as const, gate: promoters });

export const routeTable: AppRoute[] = [
  {
    path: paths.root,
    access: 'secure',
    feature: false,
    load: () => import('../features/shell/root-redirect.tsx'),
  },
  {
    path: paths.notFound,
    access: 'public',
    feature: false,
    load: () => import('../features/shell/not-found-page.tsx'),
  },
  {
    path: paths.serverError,
    access: 'public',
    feature: false,
    load: () => import('../features/shell/server-error-page.tsx'),
  },
  {
    path: paths.close,
    access: 'public',
    feature: false,
    load: () => import('../features/shell/close-page.tsx'),
  },
  // The living component catalogue is a development tool: production builds leave it (and its chunk)
  // out. The e2e harness builds with VITE_UI_CATALOGUE=true because its journeys drive the catalogue.
  ...(import.meta.env.DEV || import.meta.env.VITE_UI_CATALOGUE === 'true'
    ? [
        {
          path: paths.ui,
          access: 'public',
          feature: false,
          load: () => import('../features/shell/ui-catalogue-page.tsx'),
        } satisfies AppRoute,
      ]
    : []),
  {
    path: paths.login,
    access: 'public',
    feature: false,
    load: () => import('../features/account/login-page.tsx'),
  },
  // Joining a group is for people without a programme yet: a leader must not apply to his own team.
  {
    path: paths.wait,
    access: 'secure',
    gate: applicants,
    load: () => import('../features/promo/wait-page.tsx'),
  },
  {
    path: paths.account,
    access: 'secure',
    feature: false,
    load: () => import('../features/account/account-page.tsx'),
  },
  { ...payhub(paths.withdraw), load: () => import('../features/withdraw/withdraw-page.tsx') },
  { ...payhub(paths.withdrawRecord), load: () => import('../features/withdraw/withdraw-record-page.tsx') },
  // The operator's money movements (quota and commission); the detail sheet locks page scrolling (spec §2).
  { ...payhub(paths.transaction), load: () => import('../features/payhub/transaction-page.tsx') },
  { ...promo(paths.telephone), load: () => import('../features/promo/telephone-page.tsx') },
  { ...promo(paths.permohonan), load: () => import('../features/promo/permohonan-page.tsx') },
  {
    ...promo(paths.permohonanCompleted),
    load: () => import('../features/promo/permohonan-completed-page.tsx'),
  },
  {
    ...promo(paths.permohonanConfirmQuantity),
    load: () => import('../features/promo/confirm-quantity-page.tsx'),
  },
  { ...promo(paths.permohonanPending), load: () => import('../features/promo/permohonan-pending-page.tsx') },
  {
    ...promo(paths.permohonanSelected),
    load: () => import('../features/promo/permohonan-selected-page.tsx'),
  },
  { ...promo(paths.pengajuan), gate: reviewers, load: () => import('../features/promo/pengajuan-page.tsx') },
  { ...promo(paths.pem), load: () => import('../features/promo/pem-page.tsx') },
  { ...payhub(paths.payhub), load: () => import('../features/payhub/payhub-page.tsx') },
  { ...payhub(paths.payhubBayar), load: () => import('../features/payhub/bayar-page.tsx') },
  { ...payhub(paths.payhubCards), load: () => import('../features/payhub/cards-page.tsx') },
  { ...payhub(paths.payhubIndodax), load: () => import('../features/payhub/indodax-page.tsx') },
  { ...payhub(paths.payhubLink), load: () => import('../features/payhub/link-page.tsx') },
  { ...payhub(paths.payhubMengatur), load: () => import('../features/payhub/mengatur-page.tsx') },
  { ...payhub(paths.payhubPesanan), load: () => import('../features/payhub/orders-page.tsx') },
  { ...payhub(paths.payhubQrcode), load: () => import('../features/payhub/qrcode-page.tsx') },
  {
    ...payhub(paths.payhubRechargeRecord),
    load: () => import('../features/payhub/recharge-record-page.tsx'),
  },
  { ...payhub(paths.payhubRecharge), load: () => import('../features/payhub/recharge-page.tsx') },
  { ...payhub(paths.payhubToko), load: () => import('../features/payhub/toko-page.tsx') },
  { ...payhub(paths.payhubUsdt), load: () => import('../features/payhub/usdt-page.tsx') },
  { ...payhub(paths.payhubVaBank), load: () => import('../features/payhub/va-bank-page.tsx') },
  {
    ...payhub(paths.payhubWorkHours),
    gate: operatorsAndLeaders,
    load: () => import('../features/payhub/work-hours-page.tsx'),
  },
  { path: paths.notice, access: 'secure', load: () => import('../features/inbox/notice-page.tsx') },
  {
    path: paths.manage,
    access: 'secure',
    gate: paymentManagers,
    load: () => import('../features/payhub/manage-page.tsx'),
  },
  { ...promo(paths.data), load: () => import('../features/datacenter/data-page.tsx') },
  {
    ...promo(paths.dataTelephoneGranularity),
    load: () => import('../features/datacenter/telephone-granularity-page.tsx'),
  },
  {
    ...promo(paths.dataDateGranularity),
    load: () => import('../features/datacenter/date-granularity-page.tsx'),
  },
  // The per-member check is the leader's view of his group (the server answers 7001 to others).
  {
    ...promo(paths.dataCheck),
    gate: groupLeaders,
    load: () => import('../features/datacenter/check-page.tsx'),
  },
];

/** The route key of a path, if it has one. */
export function routeKeyOf(pathname: string): RouteKey | null {
  const entry = Object.entries(routeKeys).find(([, path]) => path === pathname);
  return entry ? (entry[0] as RouteKey) : null;
}

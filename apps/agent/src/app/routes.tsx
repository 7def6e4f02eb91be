import type { ComponentType } from 'react';
import type { GateRule } from '../lib/access/permission.ts';

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
  root: '/',
  login: '/login',
  wait: '/wait',
  account: '/account',
  payhub: '/payhub',
  telephone: '/telephone',
  pengajuan: '/pengajuan',
  data: '/data',
  permohonan: '/permohonan',
  'permohonan.selected': '/permohonan/selected',
  pem: '/pem',
  transaction: '/transaction',
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

/** A payment-hub entry without its page; the table adds `load`. */
const payhub = (path: string) => ({ path, access: 'secure' as const, gate: paymentOperators });
/** Reviewing applications (pengajuan): group leaders and HR (spec §6). */
const reviewers: GateRule = { allow: [{ role: 1 }, { spaType: 'HR' }] };
/** A promoter-programme entry without its page; the table adds `load`. */
const promo = (path: string) => ({ path, access: 'secure' as const, gate: promoters });

export const routeTable: AppRoute[] = [
  { path: '/', access: 'secure', feature: false, load: () => import('../features/shell/root-redirect.tsx') },
  {
    path: '/404',
    access: 'public',
    feature: false,
    load: () => import('../features/shell/not-found-page.tsx'),
  },
  {
    path: '/500',
    access: 'public',
    feature: false,
    load: () => import('../features/shell/server-error-page.tsx'),
  },
  {
    path: '/close',
    access: 'public',
    feature: false,
    load: () => import('../features/shell/close-page.tsx'),
  },
  // The living component catalogue is a development tool: production builds leave it (and its chunk)
  // out. The e2e harness builds with VITE_UI_CATALOGUE=true because its journeys drive the catalogue.
  ...(import.meta.env.DEV || import.meta.env.VITE_UI_CATALOGUE === 'true'
    ? [
        {
          path: '/ui',
          access: 'public',
          feature: false,
          load: () => import('../features/shell/ui-catalogue-page.tsx'),
        } satisfies AppRoute,
      ]
    : []),
  {
    path: '/login',
    access: 'public',
    feature: false,
    load: () => import('../features/account/login-page.tsx'),
  },
  { path: '/wait', access: 'secure', load: () => import('../features/promo/wait-page.tsx') },
  {
    path: '/account',
    access: 'secure',
    feature: false,
    load: () => import('../features/account/account-page.tsx'),
  },
  { ...payhub('/withdraw'), load: () => import('../features/withdraw/withdraw-page.tsx') },
  { ...payhub('/withdraw/record'), load: () => import('../features/withdraw/withdraw-record-page.tsx') },
  { ...promo('/telephone'), load: () => import('../features/promo/telephone-page.tsx') },
  { ...promo('/permohonan'), load: () => import('../features/promo/permohonan-page.tsx') },
  {
    ...promo('/permohonan/completed'),
    load: () => import('../features/promo/permohonan-completed-page.tsx'),
  },
  {
    ...promo('/permohonan/confirm-quantity'),
    load: () => import('../features/promo/confirm-quantity-page.tsx'),
  },
  { ...promo('/permohonan/pending'), load: () => import('../features/promo/permohonan-pending-page.tsx') },
  { ...promo('/permohonan/selected'), load: () => import('../features/promo/permohonan-selected-page.tsx') },
  { ...promo('/pengajuan'), gate: reviewers, load: () => import('../features/promo/pengajuan-page.tsx') },
  { ...promo('/pem'), load: () => import('../features/promo/pem-page.tsx') },
  { ...payhub('/payhub'), load: () => import('../features/payhub/payhub-page.tsx') },
  { ...payhub('/payhub/bayar'), load: () => import('../features/payhub/bayar-page.tsx') },
  { ...payhub('/payhub/cards'), load: () => import('../features/payhub/cards-page.tsx') },
  { ...payhub('/payhub/indodax'), load: () => import('../features/payhub/indodax-page.tsx') },
  { ...payhub('/payhub/link'), load: () => import('../features/payhub/link-page.tsx') },
  { ...payhub('/payhub/mengatur'), load: () => import('../features/payhub/mengatur-page.tsx') },
  { ...payhub('/payhub/pesanan'), load: () => import('../features/payhub/orders-page.tsx') },
  { ...payhub('/payhub/qrcode'), load: () => import('../features/payhub/qrcode-page.tsx') },
  { ...payhub('/payhub/recharge-record'), load: () => import('../features/payhub/recharge-record-page.tsx') },
  { ...payhub('/payhub/recharge'), load: () => import('../features/payhub/recharge-page.tsx') },
  { ...payhub('/payhub/toko'), load: () => import('../features/payhub/toko-page.tsx') },
  { ...payhub('/payhub/usdt'), load: () => import('../features/payhub/usdt-page.tsx') },
  { ...payhub('/payhub/va-bank'), load: () => import('../features/payhub/va-bank-page.tsx') },
  {
    ...payhub('/payhub/work-hours'),
    gate: operatorsAndLeaders,
    load: () => import('../features/payhub/work-hours-page.tsx'),
  },
  { path: '/notice', access: 'secure', load: () => import('../features/inbox/notice-page.tsx') },
  {
    path: '/manage',
    access: 'secure',
    gate: paymentManagers,
    load: () => import('../features/payhub/manage-page.tsx'),
  },
  { ...promo('/data'), load: () => import('../features/datacenter/data-page.tsx') },
  {
    ...promo('/data/telephone-granularity'),
    load: () => import('../features/datacenter/telephone-granularity-page.tsx'),
  },
  {
    ...promo('/data/date-granularity'),
    load: () => import('../features/datacenter/date-granularity-page.tsx'),
  },
  { ...promo('/data/check'), load: () => import('../features/datacenter/check-page.tsx') },
];

/** The route key of a path, if it has one. */
export function routeKeyOf(pathname: string): RouteKey | null {
  const entry = Object.entries(routeKeys).find(([, path]) => path === pathname);
  return entry ? (entry[0] as RouteKey) : null;
}

import clsx from 'clsx';
import {
  ArrowDownToLine,
  Bell,
  ClipboardList,
  Hourglass,
  LayoutGrid,
  ListChecks,
  type LucideIcon,
  Phone,
  PieChart,
  UserCheck,
  UserRound,
} from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type NavIcon, navTabs, tabIsActive } from '../../lib/access/nav-model.ts';
import { useIdentity } from '../../lib/access/use-identity.ts';
import { useGlobalStore } from '../../lib/stores/global.store.ts';
import { routeTable } from '../routes.tsx';

const ICONS: Record<NavIcon, LucideIcon> = {
  home: LayoutGrid,
  orders: ClipboardList,
  withdraw: ArrowDownToLine,
  phone: Phone,
  leads: ListChecks,
  data: PieChart,
  applications: UserCheck,
  inbox: Bell,
  account: UserRound,
  wait: Hourglass,
};

/** The unread badge needs the Query client: its own chunk, loaded after the first paint. */
const UnreadBadge = lazy(() => import('./unread-badge.tsx'));

const SECURE_PATHS = new Set(
  routeTable.filter((route) => route.access === 'secure').map((route) => route.path),
);

/** True when the bottom bar shows: a signed-in user on a page that needs a session. */
export function useBottomNavShown(): boolean {
  const status = useGlobalStore((state) => state.status);
  const spaInfo = useGlobalStore((state) => state.spaInfo);
  const { pathname } = useLocation();
  return status === 'signedIn' && spaInfo !== null && SECURE_PATHS.has(pathname);
}

/**
 * The bottom tab bar of the wrapper (docs/agent-app.md "Getting around"): the role's main screens,
 * the inbox with its unread count and the account (language, sign-out, the role's other screens).
 */
export default function BottomNav() {
  const { t } = useTranslation();
  const identity = useIdentity();
  const { pathname } = useLocation();
  const shown = useBottomNavShown();
  if (!shown) return null;
  const tabs = navTabs(identity);
  return (
    <>
      {/* Keeps the end of every page above the fixed bar. */}
      <div aria-hidden className="h-[calc(64px+env(safe-area-inset-bottom))]" />
      <nav
        aria-label={t('shell.nav.label')}
        data-testid="bottom-nav"
        className="fixed inset-x-0 bottom-0 z-20 border-slate-200 border-t bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
      >
        <ul className="mx-auto flex h-16 max-w-2xl">
          {tabs.map((tab) => {
            const Icon = ICONS[tab.icon];
            const active = tabIsActive(tab, pathname);
            return (
              <li key={tab.path} className="min-w-0 flex-1">
                <Link
                  to={tab.path}
                  data-testid={`nav-tab-${tab.label}`}
                  aria-current={active ? 'page' : undefined}
                  className={clsx(
                    'relative flex h-full flex-col items-center justify-center gap-0.5 text-[11px] leading-tight font-medium',
                    active ? 'text-brand-700' : 'text-slate-600',
                  )}
                >
                  <Icon className="size-5" aria-hidden />
                  <span className="w-full truncate text-center">{t(`shell.nav.${tab.label}`)}</span>
                  {tab.icon === 'inbox' ? (
                    <Suspense fallback={null}>
                      <UnreadBadge />
                    </Suspense>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </>
  );
}

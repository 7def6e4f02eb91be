import { type ConsoleAction, LOCALES, type Locale } from '@payhub/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { api } from '../lib/api.ts';
import { applyLanguage } from '../lib/i18n.ts';
import { paths } from '../lib/paths.ts';
import { usePreferences } from '../lib/preferences.store.ts';
import { setSessionToken } from '../lib/session.store.ts';
import { useStaff } from '../lib/staff.ts';

type NavKey =
  | 'orders'
  | 'players'
  | 'adjustments'
  | 'operators'
  | 'cases'
  | 'kyc'
  | 'content'
  | 'reports'
  | 'games'
  | 'audit'
  | 'staff'
  | 'ops.chain'
  | 'ops.agreements'
  | 'ops.applications'
  | 'ops.providers'
  | 'giftCodes'
  | 'bonusCampaigns'
  | 'referralTiers';
/** Each screen and the console endpoint that opens it: shown only to roles that may call it. */
const NAV: Array<{ key: NavKey; to: string; action: ConsoleAction }> = [
  { key: 'players', to: paths.players, action: 'players' },
  { key: 'adjustments', to: paths.adjustments, action: 'adjustments' },
  { key: 'orders', to: paths.orders, action: 'deposits' },
  { key: 'ops.chain', to: paths.chain, action: 'chainDeposits' },
  // Operators and promoters: every role that sees operators sees promoters too (support: promoters only).
  { key: 'operators', to: paths.operators, action: 'promoters' },
  { key: 'ops.agreements', to: paths.agreements, action: 'agreements' },
  { key: 'ops.applications', to: paths.applications, action: 'promoApplications' },
  { key: 'cases', to: paths.cases, action: 'cases' },
  { key: 'kyc', to: paths.kyc, action: 'kycQueue' },
  { key: 'content', to: paths.content, action: 'publishNotice' },
  { key: 'reports', to: paths.reports, action: 'moneyReport' },
  { key: 'games', to: paths.games, action: 'games' },
  { key: 'ops.providers', to: paths.providers, action: 'providers' },
  { key: 'giftCodes', to: paths.giftCodes, action: 'giftCodes' },
  { key: 'bonusCampaigns', to: paths.bonusCampaigns, action: 'bonusCampaigns' },
  { key: 'referralTiers', to: paths.referralTiers, action: 'referralTiers' },
  { key: 'audit', to: paths.audit, action: 'audit' },
  { key: 'staff', to: paths.staff, action: 'staff' },
];

/** Desktop-first: a side bar at 1024 px and wider, a top bar of links below (tablets). */
export function ConsoleShell() {
  const { t } = useTranslation();
  const staff = useStaff();
  const location = useLocation();
  const language = usePreferences((state) => state.language);
  const projectId = usePreferences((state) => state.projectId);
  const queryClient = useQueryClient();
  if (staff.isError) {
    setSessionToken(null);
    return <Navigate to={paths.signIn} replace />;
  }
  if (!staff.data) return <p className="p-6 text-sm text-slate-500">{t('console.common.loading')}</p>;
  const allowed = NAV.filter((item) => staff.data.actions.includes(item.action));
  const here = allowed.find((item) => location.pathname.startsWith(item.to));
  if (!here && allowed[0] && !location.pathname.startsWith('/players/'))
    return <Navigate to={allowed[0].to} replace />;
  const signOut = async () => {
    await api.user.logout().catch(() => {});
    setSessionToken(null);
    queryClient.clear();
  };
  return (
    <div className="min-h-screen lg:flex">
      <aside className="border-b border-slate-800 bg-slate-900 text-slate-100 lg:min-h-screen lg:w-56 lg:shrink-0 lg:border-b-0">
        <div className="flex items-center justify-between px-4 py-3 lg:block">
          <div>
            <p className="text-sm font-semibold">{t('console.title')}</p>
            <p className="text-xs text-slate-400">
              {staff.data.nickname} · #{projectId} ·{' '}
              {t('console.nav.role', { role: t(`console.roles.${staff.data.role}`) })}
            </p>
          </div>
        </div>
        <nav className="flex flex-wrap gap-1 px-2 pb-2 lg:flex-col">
          {allowed.map((item) => (
            <NavLink
              key={item.key}
              to={item.to}
              className={({ isActive }) =>
                `rounded-md px-3 py-2 text-sm ${isActive ? 'bg-slate-700 text-white' : 'text-slate-300 hover:bg-slate-800'}`
              }
            >
              {item.key.startsWith('ops.')
                ? t(`consoleOps.nav.${item.key.slice(4) as 'chain'}`)
                : t(`console.nav.${item.key as 'players'}`)}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2 px-4 py-3">
          <select
            aria-label="Language"
            value={language}
            onChange={(event) => void applyLanguage(event.target.value as Locale)}
            className="rounded bg-slate-800 px-2 py-1 text-xs"
          >
            {LOCALES.map((locale) => (
              <option key={locale} value={locale}>
                {locale}
              </option>
            ))}
          </select>
          <button type="button" onClick={() => void signOut()} className="text-xs text-slate-300 underline">
            {t('console.nav.signOut')}
          </button>
        </div>
      </aside>
      <main className="min-w-0 flex-1 p-4 lg:p-6">
        <Suspense fallback={<p className="text-sm text-slate-500">{t('console.common.loading')}</p>}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

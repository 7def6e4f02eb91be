import { clsx } from 'clsx';
import { History, House, UserRound, Wallet } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { PageSpinner } from '../../shared/ui/spinner.tsx';

/** The signed-in main screens with the bottom navigation: home, wallet, history and account. */
export function TabLayout() {
  const { t } = useTranslation();
  const tabs = [
    { to: paths.home, label: t('playerMoney.nav.home'), icon: House },
    { to: paths.wallet, label: t('playerWallet.nav.wallet'), icon: Wallet },
    { to: paths.history, label: t('playerMoney.nav.history'), icon: History },
    { to: paths.account, label: t('playerWallet.nav.account'), icon: UserRound },
  ];
  return (
    <>
      <div className="pb-[calc(4rem+env(safe-area-inset-bottom))]">
        {/* The tab bar stays while a tab's first chunk loads. */}
        <Suspense fallback={<PageSpinner label="…" />}>
          <Outlet />
        </Suspense>
      </div>
      <nav className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur">
        <ul className="mx-auto grid h-16 max-w-md grid-cols-4">
          {tabs.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  clsx(
                    'flex h-full flex-col items-center justify-center gap-0.5 text-[12px] font-semibold',
                    isActive ? 'text-brand-600' : 'text-slate-500',
                  )
                }
              >
                <Icon className="size-6" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

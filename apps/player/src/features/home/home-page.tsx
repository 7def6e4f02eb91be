import { useQuery } from '@tanstack/react-query';
import {
  ArrowDownToLine,
  ArrowLeftRight,
  ArrowUpFromLine,
  BookOpen,
  ChevronRight,
  Dices,
  Gamepad2,
  Gift,
  History,
  Megaphone,
  TrendingUp,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AssetBalances } from '../../lib/asset-balances.tsx';
import { paths } from '../../lib/paths.ts';
import { maintenanceQuery } from '../../lib/wallet-queries.ts';
import { BeginnerGuide, guideSeen } from './beginner-guide.tsx';

/** Home: the three assets' balances, quick actions, site notices and the beginner guide. */
export default function HomePage() {
  const { t } = useTranslation();
  const [guideOpen, setGuideOpen] = useState(() => !guideSeen());
  const maintenance = useQuery(maintenanceQuery());
  const actions = [
    { to: paths.depositChoose, label: t('playerMoney.home.deposit'), icon: ArrowDownToLine },
    { to: paths.withdrawChoose, label: t('playerMoney.home.withdraw'), icon: ArrowUpFromLine },
    { to: paths.exchange, label: t('playerMoney.home.exchange'), icon: ArrowLeftRight },
    { to: paths.history, label: t('playerMoney.home.history'), icon: History },
    { to: paths.crash, label: t('playerRounds.nav.crash'), icon: TrendingUp },
    { to: paths.wingo, label: t('playerRounds.nav.wingo'), icon: Dices },
    { to: paths.rewards, label: t('playerRewards.hub.title'), icon: Gift },
  ];
  // The in-house games (features/games), each linking to its page; the title to the lobby.
  const games = ['dice', 'coinflip', 'roulette', 'mines', 'hilo', 'roller', 'fruit-bomb'] as const;
  const notice = maintenance.data?.enabled
    ? (maintenance.data.message ?? t('playerMoney.maintenance.body'))
    : null;
  return (
    <main className="mx-auto flex max-w-md flex-col gap-5 px-4 pt-[max(1.25rem,env(safe-area-inset-top))] pb-6">
      <header className="flex items-center justify-between">
        <h1 className="text-[22px] font-bold text-slate-900">{t('playerMoney.home.title')}</h1>
        <button
          type="button"
          onClick={() => setGuideOpen(true)}
          className="flex h-9 items-center gap-1.5 rounded-full bg-brand-50 px-3 text-[13px] font-semibold text-brand-700"
          data-testid="open-guide"
        >
          <BookOpen className="size-4" />
          {t('playerMoney.home.guide')}
        </button>
      </header>
      <section aria-labelledby="balances-title" className="flex flex-col gap-2">
        <h2 id="balances-title" className="text-[14px] font-semibold text-slate-700">
          {t('playerMoney.home.balances')}
        </h2>
        <AssetBalances />
      </section>
      <section aria-labelledby="actions-title">
        <h2 id="actions-title" className="mb-2 text-[14px] font-semibold text-slate-700">
          {t('playerMoney.home.actions')}
        </h2>
        <ul className="grid grid-cols-4 gap-2">
          {actions.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex flex-col items-center gap-1.5 rounded-2xl bg-white py-3 text-[12.5px] font-semibold text-slate-700 shadow-sm ring-1 ring-slate-200/70 active:bg-slate-50"
              >
                <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                  <Icon className="size-5" />
                </span>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="games-title" data-testid="home-games">
        <Link
          to={paths.games}
          className="mb-2 flex items-center justify-between"
          data-testid="home-games-lobby"
        >
          <h2 id="games-title" className="flex items-center gap-2 text-[14px] font-semibold text-slate-700">
            <Gamepad2 className="size-4 text-brand-600" />
            {t('playerGames.lobby.title')}
          </h2>
          <ChevronRight className="size-4 text-slate-400" />
        </Link>
        <ul className="flex flex-wrap gap-2">
          {games.map((game) => (
            <li key={game}>
              <Link
                to={paths.game(game)}
                className="flex h-9 items-center rounded-full bg-white px-3.5 text-[13px] font-semibold text-slate-700 shadow-sm ring-1 ring-slate-200/70 active:bg-slate-50"
              >
                {t(`playerGames.names.${game}`)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <Link
        to={paths.casino}
        data-testid="open-casino"
        className="flex h-14 items-center justify-center gap-2 rounded-2xl bg-brand-600 text-[15px] font-bold text-white shadow-sm active:bg-brand-700"
      >
        <Dices className="size-5" />
        {t('playerCasino.open')}
      </Link>
      <section
        aria-labelledby="notices-title"
        className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200/70"
      >
        <h2 id="notices-title" className="flex items-center gap-2 text-[14px] font-semibold text-slate-700">
          <Megaphone className="size-4 text-brand-600" />
          {t('playerMoney.home.notices')}
        </h2>
        <p className="mt-2 text-[13.5px] text-slate-600">{notice ?? t('playerMoney.home.noNotices')}</p>
      </section>
      <BeginnerGuide open={guideOpen} onClose={() => setGuideOpen(false)} />
    </main>
  );
}

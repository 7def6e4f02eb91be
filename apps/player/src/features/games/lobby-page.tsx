import { GAME_IDS, type GameIdWire } from '@payhub/contracts';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Cherry, Coins, Dice5, Disc3, Gem, Hash, type LucideIcon, ShieldCheck, Spade } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { lobbyQuery } from './api.ts';

const LOOK: Record<GameIdWire, { icon: LucideIcon; tone: string }> = {
  dice: { icon: Dice5, tone: 'from-indigo-500 to-violet-600' },
  coinflip: { icon: Coins, tone: 'from-amber-400 to-orange-500' },
  roulette: { icon: Disc3, tone: 'from-emerald-500 to-teal-600' },
  mines: { icon: Gem, tone: 'from-sky-500 to-blue-600' },
  hilo: { icon: Spade, tone: 'from-rose-500 to-pink-600' },
  roller: { icon: Hash, tone: 'from-fuchsia-500 to-purple-600' },
  'fruit-bomb': { icon: Cherry, tone: 'from-lime-500 to-green-600' },
};

/** The lobby: the seven in-house games with their RTP; a game switched off in the project is shown greyed. */
export default function LobbyPage() {
  const { t, i18n } = useTranslation();
  const lobby = useQuery(lobbyQuery());
  return (
    <div className="min-h-dvh">
      <PageHeader
        title={t('playerGames.lobby.title')}
        backTo={paths.home}
        backLabel={t('playerGames.nav.back')}
      />
      <main className="mx-auto flex max-w-md flex-col gap-3 px-4 pt-3 pb-8">
        <p className="flex items-start gap-2 rounded-xl bg-brand-50 px-3 py-2 text-[12.5px] text-brand-900">
          <ShieldCheck className="mt-0.5 size-4 shrink-0 text-brand-600" />
          {t('playerGames.lobby.subtitle')}
        </p>
        {!lobby.data ? (
          <PageSpinner label={t('playerGames.bet.loading')} />
        ) : (
          <ul className="grid grid-cols-2 gap-2.5" data-testid="games-lobby">
            {GAME_IDS.map((game) => {
              const info = lobby.data.games.find((item) => item.game === game);
              const enabled = info?.configs.some((config) => config.enabled) ?? false;
              const { icon: Icon, tone } = LOOK[game];
              return (
                <li key={game}>
                  <Link
                    to={paths.game(game)}
                    data-testid={`lobby-${game}`}
                    aria-disabled={!enabled}
                    className={clsx(
                      'flex h-full flex-col gap-2 overflow-hidden rounded-2xl bg-white p-2.5 shadow-sm ring-1 ring-slate-200/70 active:scale-[0.98]',
                      !enabled && 'pointer-events-none opacity-50 grayscale',
                    )}
                  >
                    <span
                      className={clsx(
                        'flex h-20 items-center justify-center rounded-xl bg-gradient-to-br text-white',
                        tone,
                      )}
                    >
                      <Icon className="size-10" strokeWidth={1.75} />
                    </span>
                    <span className="text-[15px] font-bold text-slate-900">
                      {t(`playerGames.names.${game}`)}
                    </span>
                    <span className="line-clamp-2 min-h-8 text-[12px] leading-4 text-slate-500">
                      {t(`playerGames.blurbs.${game}`)}
                    </span>
                    <span className="text-[11.5px] font-semibold text-emerald-700">
                      {enabled
                        ? t('playerGames.lobby.rtp', {
                            value: `${((info?.returnBp ?? 0) / 100).toLocaleString(i18n.language, { maximumFractionDigits: 2 })}%`,
                          })
                        : t('playerGames.bet.unavailable')}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </main>
    </div>
  );
}

import type { ProviderGameWire } from '@payhub/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Search, Star } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { paths } from '../../lib/paths.ts';
import { providerGamesQuery } from './api.ts';

const CATEGORIES = ['all', 'slots', 'live', 'favourites'] as const;
type Category = (typeof CATEGORIES)[number];

const keyOf = (game: ProviderGameWire) => `${game.providerId}:${game.code}`;

/**
 * The casino lobby: provider games by category, searched by name; favourites are kept with the
 * account (the star answers at once, the server's answer confirms or undoes it).
 */
export default function LobbyPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const gamesQuery = providerGamesQuery();
  const games = useQuery(gamesQuery);
  const [category, setCategory] = useState<Category>('all');
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (games.data?.items ?? []).filter(
      (game) =>
        (category === 'all' || (category === 'favourites' ? game.favourite : game.category === category)) &&
        (!needle ||
          game.name.toLowerCase().includes(needle) ||
          game.providerName.toLowerCase().includes(needle)),
    );
  }, [games.data, category, search]);
  const favourite = useMutation({
    mutationFn: (game: ProviderGameWire) =>
      api.providers.setFavourite({
        body: { providerId: game.providerId, gameCode: game.code, favourite: !game.favourite },
      }),
    onMutate: (game) =>
      queryClient.setQueryData(gamesQuery.queryKey, (data) =>
        data
          ? {
              items: data.items.map((item) =>
                keyOf(item) === keyOf(game) ? { ...item, favourite: !game.favourite } : item,
              ),
            }
          : data,
      ),
    // A refusal (the API layer shows it) or success: the server's list is the truth.
    onSettled: () => queryClient.invalidateQueries({ queryKey: gamesQuery.queryKey }),
  });
  return (
    <main className="mx-auto flex max-w-md flex-col gap-4 px-4 pt-[max(1.25rem,env(safe-area-inset-top))] pb-6">
      <h1 className="text-[22px] font-bold text-slate-900">{t('playerCasino.title')}</h1>
      <label className="flex h-11 items-center gap-2 rounded-xl bg-white px-3 ring-1 ring-slate-200">
        <Search className="size-4 text-slate-400" />
        <input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('playerCasino.search')}
          aria-label={t('playerCasino.search')}
          data-testid="casino-search"
          className="h-full flex-1 bg-transparent text-[15px] outline-none"
        />
      </label>
      <div className="flex flex-wrap gap-2" role="tablist">
        {CATEGORIES.map((item) => (
          <button
            key={item}
            type="button"
            role="tab"
            aria-selected={category === item}
            onClick={() => setCategory(item)}
            data-testid={`casino-category-${item}`}
            className={clsx(
              'h-9 shrink-0 rounded-full px-4 text-[13px] font-semibold',
              category === item ? 'bg-brand-600 text-white' : 'bg-white text-slate-600 ring-1 ring-slate-200',
            )}
          >
            {t(`playerCasino.categories.${item}`)}
          </button>
        ))}
      </div>
      {games.isPending ? (
        <p className="text-[14px] text-slate-500">{t('player.loading')}</p>
      ) : shown.length === 0 ? (
        <p className="py-8 text-center text-[14px] text-slate-500" data-testid="casino-empty">
          {t('playerCasino.empty')}
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-3">
          {shown.map((game) => (
            <li
              key={keyOf(game)}
              className="relative overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/70"
            >
              <Link
                to={paths.casinoGame(game.providerId, game.code)}
                data-testid={`casino-game-${game.code}`}
              >
                <img
                  src={game.thumbnail}
                  alt=""
                  className="aspect-square w-full object-cover"
                  loading="lazy"
                />
                <div className="px-3 py-2">
                  <p className="truncate text-[14px] font-semibold text-slate-900">{game.name}</p>
                  <p className="truncate text-[12px] text-slate-500">{game.providerName}</p>
                </div>
              </Link>
              {game.demo && (
                <Link
                  to={paths.casinoGame(game.providerId, game.code, true)}
                  data-testid={`casino-demo-${game.code}`}
                  className="mx-3 mb-3 flex h-9 items-center justify-center rounded-xl bg-slate-100 text-[13px] font-semibold text-slate-700"
                >
                  {t('playerCasino.demo')}
                </Link>
              )}
              <button
                type="button"
                onClick={() => favourite.mutate(game)}
                aria-label={t(game.favourite ? 'playerCasino.unfavourite' : 'playerCasino.favourite')}
                aria-pressed={game.favourite}
                data-testid={`casino-favourite-${game.code}`}
                className="absolute top-2 right-2 flex size-9 items-center justify-center rounded-full bg-white/90"
              >
                <Star
                  className={clsx(
                    'size-5',
                    game.favourite ? 'fill-amber-400 text-amber-400' : 'text-slate-400',
                  )}
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

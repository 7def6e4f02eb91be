import {
  type Asset,
  type FeedBetWire,
  GAMES_FEED_SIZE,
  type GameIdWire,
  GamesRealtimeRoute,
} from '@payhub/contracts';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProjectFormat } from '../../lib/currency.ts';
import { paths } from '../../lib/paths.ts';
import { feedQuery, myBetsQuery } from './api.ts';
import { useMultiplierText } from './use-bet-setup.ts';

interface Row {
  id: string;
  game: GameIdWire;
  asset: Asset;
  who: string;
  stake: string;
  payout: string;
  multiplierBp: string;
  won: boolean;
  open: boolean;
}

function asFeedBets(item: unknown): FeedBetWire[] {
  if (Array.isArray(item)) return item.flatMap(asFeedBets);
  if (item && typeof item === 'object' && 'items' in item)
    return asFeedBets((item as { items: unknown }).items);
  if (item && typeof item === 'object' && 'id' in item && 'game' in item) return [item as FeedBetWire];
  return [];
}

/**
 * Everyone's recent bets: the first page read once, then the realtime broadcast (GamesRealtimeRoute
 * .feed) prepends each settled bet; at most GAMES_FEED_SIZE rows are kept.
 */
function useLiveFeed(game: GameIdWire): FeedBetWire[] {
  const first = useQuery(feedQuery(game));
  const [live, setLive] = useState<FeedBetWire[]>([]);
  useEffect(() => {
    let stop: (() => void) | null = null;
    let left = false;
    void import('../../lib/realtime.ts').then(({ realtimeClient }) => {
      if (left) return;
      stop = realtimeClient().subscribe(GamesRealtimeRoute.feed, (item) => {
        const bets = asFeedBets(item).filter((bet) => bet.game === game);
        if (bets.length === 0) return;
        setLive((current) => [...bets.reverse(), ...current].slice(0, GAMES_FEED_SIZE));
      });
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [game]);
  const seen = new Set<string>();
  return [...live, ...(first.data?.items ?? [])]
    .filter((bet) => {
      if (seen.has(bet.id)) return false;
      seen.add(bet.id);
      return true;
    })
    .slice(0, GAMES_FEED_SIZE);
}

export function BetsPanel({ game }: { game: GameIdWire }) {
  const { t } = useTranslation();
  const multiplierText = useMultiplierText();
  const format = useProjectFormat();
  const [tab, setTab] = useState<'mine' | 'live'>('mine');
  const mine = useQuery(myBetsQuery(game));
  const feed = useLiveFeed(game);
  const rows: Row[] =
    tab === 'mine'
      ? (mine.data?.items ?? []).map((bet) => ({
          id: bet.id,
          game: bet.game,
          asset: bet.asset,
          who: format.time(bet.createdAt),
          stake: bet.stake,
          payout: bet.payout,
          multiplierBp: bet.multiplierBp,
          won: bet.status === 'won',
          open: bet.status === 'open',
        }))
      : feed.map((bet) => ({
          id: bet.id,
          game: bet.game,
          asset: bet.asset,
          who: bet.player,
          stake: bet.stake,
          payout: bet.payout,
          multiplierBp: bet.multiplierBp,
          won: bet.status === 'won',
          open: false,
        }));
  return (
    <section className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200/70" data-testid="bets-panel">
      <div className="mb-2 flex gap-1" role="tablist">
        {(['mine', 'live'] as const).map((item) => (
          <button
            key={item}
            type="button"
            role="tab"
            aria-selected={tab === item}
            data-testid={`bets-tab-${item}`}
            onClick={() => setTab(item)}
            className={clsx(
              'h-8 rounded-full px-3 text-[13px] font-semibold',
              tab === item ? 'bg-slate-900 text-white' : 'bg-slate-100 text-slate-600',
            )}
          >
            {t(`playerGames.bets.${item}`)}
            {item === 'live' && (
              <span className="ml-1.5 inline-block size-1.5 animate-pulse rounded-full bg-emerald-400 align-middle" />
            )}
          </button>
        ))}
      </div>
      {rows.length === 0 ? (
        <p className="py-4 text-center text-[13px] text-slate-500">{t('playerGames.bets.none')}</p>
      ) : (
        <table className="w-full table-fixed text-[12.5px]">
          <thead>
            <tr className="text-left text-[11px] text-slate-500">
              <th className="w-[26%] pb-1 font-medium">
                {tab === 'mine' ? '' : t('playerGames.bets.player')}
              </th>
              <th className="w-[26%] pb-1 text-right font-medium">{t('playerGames.bets.stake')}</th>
              <th className="w-[18%] pb-1 text-right font-medium">{t('playerGames.bets.multiplier')}</th>
              <th className="w-[30%] pb-1 text-right font-medium">{t('playerGames.bets.payout')}</th>
            </tr>
          </thead>
          <tbody data-testid={`bets-${tab}`}>
            {rows.map((row) => (
              <tr key={row.id} className="border-t border-slate-100" data-testid="bet-row">
                <td className="truncate py-1.5 text-slate-500">
                  {tab === 'mine' ? (
                    <Link
                      to={`${paths.gameFairness(row.game)}?bet=${row.id}`}
                      className="font-semibold text-brand-600"
                    >
                      {row.who}
                    </Link>
                  ) : (
                    row.who
                  )}
                </td>
                <td className="truncate py-1.5 text-right tabular-nums">
                  {format.asset(row.stake, row.asset)}
                </td>
                <td className="truncate py-1.5 text-right tabular-nums">
                  {row.open ? '…' : multiplierText(row.multiplierBp)}
                </td>
                <td
                  className={clsx(
                    'truncate py-1.5 text-right font-semibold tabular-nums',
                    row.open ? 'text-slate-500' : row.won ? 'text-emerald-700' : 'text-slate-500',
                  )}
                >
                  {format.asset(row.payout, row.asset)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

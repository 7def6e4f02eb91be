import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { useProjectFormat } from '../../lib/currency.ts';
import { paths } from '../../lib/paths.ts';
import { QUERY_KEYS } from '../../lib/query-keys.ts';
import { walletBalancesQuery } from '../../lib/wallet-queries.ts';

/**
 * One provider game full-screen in a frame, launched for the project's game asset. The balance bar
 * follows the wallet: the frame posts `payhub:balance` after every spin and the page refetches the
 * balances (the frame's figure is never trusted, only the hint to refetch). With `?demo=1` the
 * provider's free play: no session and no money, and the bar says so instead of the balance.
 */
export default function GamePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { providerId = '', gameCode = '' } = useParams();
  const demo = useSearchParams()[0].get('demo') === '1';
  const balances = useQuery(walletBalancesQuery());
  const format = useProjectFormat();
  const asset = balances.data?.gameAsset;
  const launch = useMutation({
    mutationFn: (input: { asset: NonNullable<typeof asset> }) =>
      api.providers.launch({ body: { providerId, gameCode, asset: input.asset, demo } }),
  });
  const { mutate } = launch;
  useEffect(() => {
    if (asset) mutate({ asset });
  }, [asset, mutate]);
  const origin = launch.data ? new URL(launch.data.url).origin : null;
  useEffect(() => {
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin) return;
      if ((event.data as { type?: unknown } | null)?.type === 'payhub:balance')
        void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.walletBalances });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, queryClient]);
  const row = balances.data?.items.find((item) => item.asset === asset);
  return (
    <div className="fixed inset-0 z-30 flex flex-col bg-slate-950">
      <header className="flex h-12 items-center justify-between gap-2 px-3 text-white">
        <button
          type="button"
          onClick={() => navigate(paths.casino)}
          aria-label={t('playerCasino.close')}
          data-testid="casino-close"
          className="flex size-10 items-center justify-center rounded-full bg-white/10"
        >
          <X className="size-5" />
        </button>
        {demo ? (
          <p
            className="rounded-full bg-amber-400 px-3 py-1 text-[12px] font-semibold text-slate-950"
            data-testid="casino-demo-badge"
          >
            {t('playerCasino.demoMode')}
          </p>
        ) : (
          <p className="text-[13px]">
            {t('playerCasino.balance')}{' '}
            <strong data-testid="casino-balance">
              {row && asset ? format.asset(row.available, asset) : '…'}
            </strong>
          </p>
        )}
      </header>
      {launch.data ? (
        <iframe
          title={gameCode}
          src={launch.data.url}
          data-testid="casino-frame"
          className="w-full flex-1 border-0"
          allow="autoplay; fullscreen"
        />
      ) : (
        <p className="p-6 text-center text-[14px] text-slate-300">{t('playerCasino.launching')}</p>
      )}
    </div>
  );
}

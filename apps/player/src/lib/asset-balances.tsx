import type { Asset } from '@payhub/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../shared/ui/spinner.tsx';
import { useProjectFormat } from './currency.ts';
import { walletBalancesQuery } from './wallet-queries.ts';

/** The three assets' balances as cards: balance large, available below (held shown when any). */
export function AssetBalances() {
  const { t } = useTranslation();
  const format = useProjectFormat();
  const balances = useQuery(walletBalancesQuery());
  if (!balances.data) return <PageSpinner label={t('player.loading')} />;
  return (
    <div className="flex flex-col gap-2">
      <ul className="grid gap-2" data-testid="asset-balances">
        {balances.data.items.map((item) => (
          <li
            key={item.asset}
            data-testid={`balance-${item.asset}`}
            className="flex items-center justify-between rounded-2xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200/70"
          >
            <span className="text-[13.5px] font-semibold text-slate-500">
              {t(`playerMoney.assets.${item.asset as Asset}`)}
            </span>
            <span className="text-right">
              <span
                className="block text-[17px] font-bold text-slate-900 tabular-nums"
                data-testid="balance-amount"
              >
                {format.asset(item.balance, item.asset)}
              </span>
              <span className="block text-[12px] text-slate-500 tabular-nums">
                {t('playerMoney.home.available', { amount: format.asset(item.available, item.asset) })}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <p className="px-1 text-[12px] text-slate-600">
        {t('playerMoney.home.gameAsset', {
          asset: t(`playerMoney.assets.${balances.data.gameAsset as Asset}`),
        })}
      </p>
    </div>
  );
}

import type { RewardKind } from '@payhub/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useProjectFormat } from '../../lib/currency.ts';
import { paths } from '../../lib/paths.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { rewardHistoryQuery } from './api.ts';

/** Every reward paid to the player, newest first: rebates, check-ins, gift codes, wheel prizes, bonuses. */
export default function RewardHistoryPage() {
  const { t, i18n } = useTranslation();
  const { money } = useProjectFormat();
  const history = useQuery(rewardHistoryQuery());
  if (!history.data) return <PageSpinner label={t('playerRewards.history.title')} />;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  // A rebate's local day ("2026-11-27"), shown as a date of the player's language.
  const dayOf = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  const detail = (kind: RewardKind, text: string) => {
    switch (kind) {
      case 'checkin':
        return t('playerRewards.history.checkinDetail', { day: text });
      case 'wheel':
        return t('playerRewards.history.wheelDetail', { segment: Number(text) + 1 });
      case 'rebate': {
        const [day = '', level = ''] = text.split(' · ');
        const date = new Date(`${day}T00:00:00Z`);
        return t('playerRewards.history.rebateDetail', {
          day: Number.isNaN(date.getTime()) ? day : dayOf.format(date),
          level,
        });
      }
      case 'bonus':
        return t(`playerWallet.bonus.kinds.${text as 'first_deposit' | 'referral' | 'campaign'}`);
      default:
        return text;
    }
  };
  return (
    <>
      <PageHeader
        title={t('playerRewards.history.title')}
        backTo={paths.rewards}
        backLabel={t('player.back')}
      />
      <main className="mx-auto flex max-w-md flex-col px-4 py-4">
        {history.data.items.length === 0 ? (
          <p className="py-10 text-center text-[14px] text-slate-600">{t('playerRewards.history.empty')}</p>
        ) : (
          <ul
            className="divide-y divide-slate-100 rounded-2xl bg-white px-4 shadow-sm ring-1 ring-slate-200/70"
            data-testid="reward-history"
          >
            {history.data.items.map((item) => (
              <li
                key={`${item.kind}-${item.at}-${item.detail}-${item.amount}`}
                className="flex items-center justify-between gap-3 py-3"
              >
                <span className="flex flex-col">
                  <span className="text-[14px] font-semibold text-slate-900">
                    {t(`playerRewards.history.kinds.${item.kind}`)}
                  </span>
                  <span className="text-[12px] text-slate-500">
                    {detail(item.kind, item.detail)} · {when.format(new Date(item.at * 1000))}
                  </span>
                </span>
                <span className="text-[14px] font-bold text-emerald-700">+{money(item.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </main>
    </>
  );
}

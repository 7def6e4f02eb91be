import { CalendarCheck, ChevronRight, Gift, History, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';

/** Rewards: the four reward screens, each one tap away (reached from home and account). */
export default function RewardsPage() {
  const { t } = useTranslation();
  const items = [
    {
      to: paths.referral,
      icon: Users,
      title: t('playerRewards.hub.referral'),
      hint: t('playerRewards.hub.referralHint'),
      id: 'referral',
    },
    {
      to: paths.checkin,
      icon: CalendarCheck,
      title: t('playerRewards.hub.checkin'),
      hint: t('playerRewards.hub.checkinHint'),
      id: 'checkin',
    },
    {
      to: paths.wheel,
      icon: Gift,
      title: t('playerRewards.hub.wheel'),
      hint: t('playerRewards.hub.wheelHint'),
      id: 'wheel',
    },
    {
      to: paths.rewardHistory,
      icon: History,
      title: t('playerRewards.hub.history'),
      hint: t('playerRewards.hub.historyHint'),
      id: 'history',
    },
  ];
  return (
    <>
      <PageHeader title={t('playerRewards.hub.title')} backTo={paths.home} backLabel={t('player.back')} />
      <main className="mx-auto flex max-w-md flex-col gap-3 px-4 py-4">
        {items.map(({ to, icon: Icon, title, hint, id }) => (
          <Link
            key={to}
            to={to}
            data-testid={`rewards-${id}`}
            className="flex items-center gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200/70 active:bg-slate-50"
          >
            <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
              <Icon className="size-5" />
            </span>
            <span className="flex flex-1 flex-col">
              <span className="text-[15px] font-semibold text-slate-900">{title}</span>
              <span className="text-[13px] text-slate-500">{hint}</span>
            </span>
            <ChevronRight className="size-5 text-slate-400" />
          </Link>
        ))}
      </main>
    </>
  );
}

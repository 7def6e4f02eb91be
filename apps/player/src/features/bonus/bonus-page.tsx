import type { BonusItem, BonusOverview, BonusWithdrawChoice } from '@payhub/contracts';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ChevronRight, FileText, Gift, Megaphone } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProjectFormat } from '../../lib/currency.ts';
import { notify } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { bonusOverviewQuery, saveWithdrawChoice } from './api.ts';

const CHOICES: readonly BonusWithdrawChoice[] = ['refuse', 'forfeit'];
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h2 className="px-1 text-[12.5px] font-semibold tracking-wide text-slate-600 uppercase">{title}</h2>
      <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/70">
        {children}
      </div>
    </section>
  );
}

/** Minor-unit ratio of two wire amounts of one asset, 0..100. */
function percentOf(done: string, total: string): number {
  const toMinor = (wire: string) => {
    const [whole = '0', fraction = ''] = wire.split('.');
    return BigInt(whole + fraction.padEnd(6, '0').slice(0, 6));
  };
  const denominator = toMinor(total);
  if (denominator === 0n) return 100;
  return Number((toMinor(done) * 100n) / denominator);
}

function BonusRow({ item }: { item: BonusItem }) {
  const { t } = useTranslation();
  const format = useProjectFormat();
  const percent = Math.min(100, percentOf(item.wagered, item.wagerRequired));
  const finished = ['converted', 'forfeited', 'clawed_back', 'void'].includes(item.state);
  return (
    <li className="flex flex-col gap-2 px-4 py-3" data-testid="bonus-item">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col">
          <span className="text-[15px] font-medium text-slate-900">
            {t(`playerWallet.bonus.kinds.${item.kind}`)}
          </span>
          {item.campaignName && (
            <span className="truncate text-[12.5px] text-slate-700" data-testid="bonus-campaign-name">
              {item.campaignName}
            </span>
          )}
          <span className="text-[12.5px] text-slate-500">{format.shortDateTime(iso(item.createdAt))}</span>
        </div>
        <div className="flex shrink-0 flex-col items-end">
          <span className={clsx('text-[15px] font-semibold', finished ? 'text-slate-500' : 'text-slate-900')}>
            {format.asset(item.amount, item.asset)}
          </span>
          <span
            className={clsx(
              'rounded-full px-2 py-0.5 text-[11.5px] font-semibold',
              item.state === 'converted'
                ? 'bg-emerald-50 text-emerald-700'
                : item.state === 'active'
                  ? 'bg-brand-50 text-brand-700'
                  : 'bg-slate-100 text-slate-600',
            )}
          >
            {t(`playerWallet.bonus.states.${item.state}`)}
          </span>
        </div>
      </div>
      {(item.state === 'active' || item.state === 'queued') && (
        <div className="flex flex-col gap-1">
          <div
            className="h-2 overflow-hidden rounded-full bg-slate-100"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div className="h-full rounded-full bg-brand-500" style={{ width: `${percent}%` }} />
          </div>
          <span className="text-[12.5px] text-slate-600" data-testid="bonus-progress">
            {t('playerWallet.bonus.progress', {
              done: format.asset(item.wagered, item.asset),
              total: format.asset(item.wagerRequired, item.asset),
            })}
          </span>
          {item.state === 'queued' && (
            <span className="text-[12.5px] text-slate-500">{t('playerWallet.bonus.queuedHint')}</span>
          )}
        </div>
      )}
      {item.state === 'pending' && item.kind === 'referral' && (
        <span className="text-[12.5px] text-slate-500">
          {t('playerWallet.bonus.dueOn', { date: format.dateTime(iso(item.dueAt)) })}
        </span>
      )}
    </li>
  );
}

/** The deposit-bonus campaigns running now: their terms, and whether the player already earned each. */
function Campaigns({ campaigns }: { campaigns: BonusOverview['campaigns'] }) {
  const { t } = useTranslation();
  const format = useProjectFormat();
  return (
    <Card title={t('playerWallet.bonus.campaignsTitle')}>
      <ul className="divide-y divide-slate-100">
        {campaigns.map((campaign) => (
          <li key={campaign.id} className="flex gap-3 px-4 py-3" data-testid="bonus-campaign">
            <Megaphone className="mt-0.5 size-5 shrink-0 text-brand-600" />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <div className="flex items-start justify-between gap-2">
                <span className="text-[15px] font-semibold text-slate-900">{campaign.name}</span>
                {campaign.earned && (
                  <span className="shrink-0 rounded-full bg-emerald-50 px-2 py-0.5 text-[11.5px] font-semibold text-emerald-700">
                    {t('playerWallet.bonus.campaignEarned')}
                  </span>
                )}
              </div>
              <span className="text-[13px] text-slate-700">
                {t('playerWallet.bonus.campaignTerms', {
                  min: format.asset(campaign.minDeposit, campaign.asset),
                  percent: campaign.bonusBp / 100,
                  max: format.asset(campaign.maxBonus, campaign.asset),
                  multiple: campaign.wageringMultiple,
                })}
              </span>
              <span className="text-[12.5px] text-slate-500">
                {t('playerWallet.bonus.campaignUntil', { date: format.dateTime(iso(campaign.endsAt)) })}
              </span>
            </div>
          </li>
        ))}
      </ul>
      <p className="border-t border-slate-100 px-4 py-2.5 text-[12.5px] text-slate-500">
        {t('playerWallet.bonus.campaignRule')}
      </p>
    </Card>
  );
}

/** Bonus money: the locked bonus balance, each bonus with its wagering progress, the withdrawal choice. */
export default function BonusPage() {
  const { t } = useTranslation();
  const format = useProjectFormat();
  const overview = useQuery(bonusOverviewQuery());
  const [saving, setSaving] = useState<BonusWithdrawChoice | null>(null);
  if (!overview.data) return <PageSpinner label={t('player.loading')} />;
  const data = overview.data;
  const balances = data.balances.length > 0 ? data.balances : [{ asset: data.terms.asset, balance: '0' }];

  async function choose(choice: BonusWithdrawChoice) {
    if (choice === data.onWithdraw || saving) return;
    setSaving(choice);
    try {
      await saveWithdrawChoice(choice);
      notify.success(t('playerWallet.bonus.choiceSaved'));
    } finally {
      setSaving(null);
    }
  }

  return (
    <div className="min-h-dvh bg-slate-50">
      <PageHeader title={t('playerWallet.bonus.title')} backTo={paths.account} backLabel={t('player.back')} />
      <main className="mx-auto flex max-w-md flex-col gap-5 px-4 pt-4 pb-[max(2rem,env(safe-area-inset-bottom))]">
        <section className="rounded-2xl bg-gradient-to-br from-brand-600 to-brand-900 px-5 py-4 text-white shadow-sm">
          <div className="flex items-center gap-2 text-[13px] text-white/80">
            <Gift className="size-4" />
            {t('playerWallet.bonus.balance')}
          </div>
          {balances.map((row) => (
            <p
              key={row.asset}
              className="mt-1 text-[26px] font-bold tabular-nums"
              data-testid="bonus-balance"
            >
              {format.asset(row.balance, row.asset)}
            </p>
          ))}
          <p className="mt-1 text-[12.5px] text-white/75">{t('playerWallet.bonus.balanceHint')}</p>
        </section>

        {data.campaigns.length > 0 && <Campaigns campaigns={data.campaigns} />}

        <Card title={t('playerWallet.bonus.title')}>
          {data.bonuses.length === 0 ? (
            <div className="px-4 py-6 text-center">
              <p className="text-[15px] font-medium text-slate-900">{t('playerWallet.bonus.empty')}</p>
              <p className="mt-1 text-[13px] text-slate-500">
                {t('playerWallet.bonus.emptyHint', {
                  min: format.asset(data.terms.minFirstDeposit, data.terms.asset),
                  percent: data.terms.bonusBp / 100,
                })}
              </p>
            </div>
          ) : (
            <ul className="divide-y divide-slate-100">
              {data.bonuses.map((item) => (
                <BonusRow key={item.id} item={item} />
              ))}
            </ul>
          )}
        </Card>

        <Card title={t('playerWallet.bonus.choiceTitle')}>
          <fieldset className="divide-y divide-slate-100">
            <legend className="sr-only">{t('playerWallet.bonus.choiceTitle')}</legend>
            {CHOICES.map((choice) => {
              const label = choice === 'refuse' ? 'choiceRefuse' : 'choiceForfeit';
              return (
                <label
                  key={choice}
                  className="flex min-h-16 w-full cursor-pointer items-center gap-3 px-4 py-3 text-left active:bg-slate-50"
                >
                  <input
                    type="radio"
                    name="bonus-withdraw-choice"
                    value={choice}
                    checked={data.onWithdraw === choice}
                    disabled={saving !== null}
                    onChange={() => void choose(choice)}
                    className="size-5 shrink-0 accent-brand-600"
                  />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="text-[15px] font-medium text-slate-900">
                      {t(`playerWallet.bonus.${label}`)}
                    </span>
                    <span className="text-[13px] text-slate-500">{t(`playerWallet.bonus.${label}Hint`)}</span>
                  </span>
                </label>
              );
            })}
          </fieldset>
        </Card>

        <Link
          to={paths.bonusTerms}
          className="flex min-h-14 items-center gap-3 rounded-2xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200/70 active:bg-slate-50"
        >
          <FileText className="size-5 text-brand-600" />
          <span className="flex-1 text-[15px] font-medium text-slate-900">
            {t('playerWallet.bonus.terms')}
          </span>
          <ChevronRight className="size-5 text-slate-300" />
        </Link>
      </main>
    </div>
  );
}

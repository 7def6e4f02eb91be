import { CHECKIN_DAYS, tryParseAmount } from '@payhub/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProjectFormat } from '../../lib/currency.ts';
import { notify } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { showSaved } from '../../lib/query-client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { checkIn, checkinQuery, REWARDS_KEYS } from './api.ts';

/** The 7-day check-in calendar: days done, today's reward, whether today's deposit qualifies. */
export default function CheckinPage() {
  const { t } = useTranslation();
  const { money } = useProjectFormat();
  const queryClient = useQueryClient();
  const status = useQuery(checkinQuery());
  const [busy, setBusy] = useState(false);
  const data = status.data;
  if (!data) return <PageSpinner label={t('playerRewards.checkin.title')} />;
  const deposited = tryParseAmount(data.depositedToday, data.asset) ?? 0n;
  const needed = tryParseAmount(data.minDeposit, data.asset) ?? 0n;
  const qualifies = deposited >= needed;

  async function submit() {
    setBusy(true);
    try {
      const after = await checkIn();
      await showSaved(REWARDS_KEYS.checkin, after);
      notify.success(
        t('playerRewards.checkin.success', { amount: money(after.rewards[after.streak - 1] ?? '0.00') }),
      );
      await queryClient.invalidateQueries({ queryKey: REWARDS_KEYS.history });
    } catch {
      // The error dialog has told the player why (4001, 4009, 4012).
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeader
        title={t('playerRewards.checkin.title')}
        backTo={paths.rewards}
        backLabel={t('player.back')}
      />
      <main className="mx-auto flex max-w-md flex-col gap-4 px-4 py-4">
        <p className="text-[13px] font-semibold text-slate-700" data-testid="checkin-streak">
          {t('playerRewards.checkin.streak', { count: data.streak })}
        </p>
        <ol className="grid grid-cols-4 gap-2" data-testid="checkin-calendar">
          {Array.from({ length: CHECKIN_DAYS }, (_, index) => {
            const day = index + 1;
            const done = day <= data.streak;
            const today = day === data.nextDay && !data.checkedInToday;
            return (
              <li
                key={day}
                data-state={done ? 'done' : today ? 'today' : 'later'}
                className={clsx(
                  'flex flex-col items-center gap-1 rounded-xl p-2 text-center ring-1',
                  done && 'bg-emerald-50 ring-emerald-200',
                  today && 'bg-brand-50 ring-2 ring-brand-500',
                  !done && !today && 'bg-white ring-slate-200',
                  day === CHECKIN_DAYS && 'col-span-2',
                )}
              >
                <span className="text-[12px] font-medium text-slate-600">
                  {today ? t('playerRewards.checkin.today') : t('playerRewards.checkin.day', { day })}
                </span>
                {done ? (
                  <Check className="size-5 text-emerald-700" />
                ) : (
                  <span className="size-5" aria-hidden />
                )}
                <span className="text-[12.5px] font-bold text-slate-900">
                  {money(data.rewards[index] ?? '0.00')}
                </span>
              </li>
            );
          })}
        </ol>
        <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200/70">
          <p className="text-[13px] text-slate-600">
            {t('playerRewards.checkin.deposited', { amount: money(data.depositedToday) })}
          </p>
          {data.checkedInToday ? (
            <p className="mt-3 text-[14px] font-semibold text-emerald-700" data-testid="checkin-done">
              {t('playerRewards.checkin.checkedIn')}
            </p>
          ) : qualifies ? (
            <Button block className="mt-3" busy={busy} onClick={submit} data-testid="checkin-submit">
              {t('playerRewards.checkin.checkIn')}
            </Button>
          ) : (
            <>
              <p className="mt-2 text-[13px] text-amber-700">
                {t('playerRewards.checkin.needDeposit', { amount: money(data.minDeposit) })}
              </p>
              <Link
                to={paths.depositChoose}
                className="mt-3 flex h-12 items-center justify-center rounded-xl bg-brand-600 text-[15px] font-semibold text-white"
              >
                {t('playerRewards.checkin.deposit')}
              </Link>
            </>
          )}
        </section>
        <p className="text-[12.5px] leading-relaxed text-slate-600">
          {t('playerRewards.checkin.rules', { amount: money(data.minDeposit) })}
        </p>
      </main>
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useGlobalStore } from '../../lib/stores/global.store.ts';
import { usePaymentStore } from '../../lib/stores/payment.store.ts';
import { ListState, useFormatMoney, useFormatTime } from '../../shared/payment-ui.tsx';
import { Badge } from '../../shared/ui/badge.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Card, CardTitle, DetailRow } from '../../shared/ui/card.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { usePayhubMutation } from './api.ts';
import { groupWorkQuery, membersQuery, workTimeQuery } from './tools-api.ts';
import { usePayhubLive } from './use-payhub-live.ts';

const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * /payhub/work-hours: an operator's work status and hours (project time zone); a group leader's view
 * of its operators' status and hours and their aggregates for today.
 */
export default function WorkHoursPage() {
  const { t } = useTranslation();
  usePayhubLive();
  const spaInfo = useGlobalStore((state) => state.spaInfo);
  const isOperator = spaInfo?.spaPay === 'yes';
  const paymentRole = useGlobalStore((state) => state.paymentRole);
  // A promo group's leader, or the payment hub's group head (Manage, spec §6).
  const isLeader = spaInfo?.role === 1 || paymentRole === 'Manage';
  return (
    <Page title={t('payhubTools.work.title')}>
      {isOperator ? <OperatorWork /> : null}
      {isLeader ? <GroupView /> : null}
    </Page>
  );
}

function OperatorWork() {
  const { t } = useTranslation();
  const work = useQuery(workTimeQuery());
  const toggle = usePayhubMutation((working: boolean) =>
    api.payhub.setWork({ params: { flag: working ? 1 : 0 } }),
  );
  useEffect(() => {
    if (work.data) usePaymentStore.setState({ workStatus: work.data.working });
  }, [work.data]);
  const data = work.data;
  return (
    <>
      <Card className="flex items-center justify-between gap-3">
        <div>
          <p className="text-sm text-slate-600">{t('payhubTools.work.status')}</p>
          <p className="font-semibold text-slate-900" data-testid="work-status">
            {data?.working ? t('payhub.working') : t('payhub.notWorking')}
          </p>
        </div>
        <Button
          variant={data?.working ? 'secondary' : 'primary'}
          busy={toggle.isPending}
          disabled={!data}
          onClick={() => toggle.mutate(!data?.working)}
          data-testid="work-toggle"
        >
          {data?.working ? t('payhub.stopWork') : t('payhub.startWork')}
        </Button>
      </Card>
      {data ? (
        <Card>
          <CardTitle>{t('payhubTools.work.hours')}</CardTitle>
          <p className="text-sm text-slate-600">{t('payhubTools.work.timeZone', { zone: data.timeZone })}</p>
          <p className="mt-2" data-testid="inside-hours">
            <Badge tone={data.insideHours ? 'success' : 'warning'}>
              {data.insideHours ? t('payhubTools.work.inside') : t('payhubTools.work.outside')}
            </Badge>
          </p>
          {data.hours ? null : <p className="mt-2 text-sm text-slate-600">{t('payhubTools.work.noHours')}</p>}
          <HoursForm initial={data.hours} />
          <p className="mt-3 text-[13px] text-slate-500">
            {t('payhubTools.work.silence', { seconds: data.silenceSeconds })}
          </p>
        </Card>
      ) : null}
    </>
  );
}

function HoursForm({ initial }: { initial: { start: string; end: string; days: number[] } | null }) {
  const { t } = useTranslation();
  const [start, setStart] = useState(initial?.start ?? '08:00');
  const [end, setEnd] = useState(initial?.end ?? '20:00');
  const [days, setDays] = useState<number[]>(initial?.days ?? [...DAYS]);
  const [error, setError] = useState<string | null>(null);
  const save = usePayhubMutation(
    (body: { start: string; end: string; days: number[] }) => api.payhubTools.setWorkTime({ body }),
    () => notify.success(t('payhubTools.work.saved')),
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    if (days.length === 0) return setError(t('payhubTools.work.daysRequired'));
    if (start === end) return setError(t('payhubTools.work.sameTime'));
    setError(null);
    save.mutate({ start, end, days });
  }
  return (
    <form onSubmit={submit} className="mt-3 flex flex-col gap-3" noValidate data-testid="hours-form">
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('payhubTools.work.start')}
          name="start"
          type="time"
          value={start}
          onChange={(event) => setStart(event.target.value)}
        />
        <TextField
          label={t('payhubTools.work.end')}
          name="end"
          type="time"
          value={end}
          onChange={(event) => setEnd(event.target.value)}
        />
      </div>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('payhubTools.work.days')}</legend>
        <div className="grid grid-cols-7 gap-1">
          {DAYS.map((day) => {
            const on = days.includes(day);
            return (
              <button
                key={day}
                type="button"
                aria-pressed={on}
                onClick={() => setDays(on ? days.filter((other) => other !== day) : [...days, day].sort())}
                className={
                  on
                    ? 'h-10 rounded-lg bg-brand-700 text-[13px] font-semibold text-white'
                    : 'h-10 rounded-lg bg-white text-[13px] font-semibold text-slate-700 ring-1 ring-slate-300 ring-inset'
                }
              >
                {t(`payhubTools.work.dayNames.${day}`)}
              </button>
            );
          })}
        </div>
      </fieldset>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <Button type="submit" block busy={save.isPending}>
        {t('payhubTools.work.save')}
      </Button>
    </form>
  );
}

function GroupView() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const time = useFormatTime();
  const group = useQuery(groupWorkQuery());
  const members = useQuery(membersQuery());
  const items = group.data?.items ?? [];
  return (
    <>
      <Card>
        <CardTitle>{t('payhubTools.work.group')}</CardTitle>
        <ListState
          loading={group.isPending}
          empty={items.length === 0 ? t('payhubTools.work.groupEmpty') : null}
        >
          <ul className="flex flex-col gap-2" data-testid="group-work">
            {items.map((member) => (
              <li key={member.userId} className="rounded-xl bg-slate-50 px-3 py-2">
                <div className="flex items-center justify-between gap-2">
                  <span className="truncate font-semibold text-slate-900">{member.nickname}</span>
                  <span className="shrink-0 whitespace-nowrap">
                    <Badge tone={member.working && member.insideHours ? 'success' : 'neutral'}>
                      {member.working ? t('payhub.working') : t('payhub.notWorking')}
                    </Badge>
                  </span>
                </div>
                <p className="text-[13px] text-slate-600">
                  {member.hours
                    ? `${member.hours.start}–${member.hours.end} · ${member.hours.days
                        .map((day) => t(`payhubTools.work.dayNames.${day as 1}`))
                        .join(' ')}`
                    : t('payhubTools.work.noHours')}
                </p>
                <p className="text-[13px] text-slate-500">
                  {member.lastSeenAt
                    ? t('payhubTools.work.lastSeen', { time: time(member.lastSeenAt) })
                    : t('payhubTools.work.neverSeen')}
                </p>
              </li>
            ))}
          </ul>
        </ListState>
      </Card>
      <Card>
        <CardTitle>
          {t('payhubTools.work.members')} · {t('payhubTools.work.today')}
        </CardTitle>
        <ListState
          loading={members.isPending}
          empty={(members.data?.items.length ?? 0) === 0 ? t('payhubTools.work.groupEmpty') : null}
        >
          <ul className="flex flex-col gap-2" data-testid="member-aggregates">
            {[
              ...(members.data?.items ?? []),
              ...(members.data
                ? [{ ...members.data.summary, userId: 0, nickname: t('payhubTools.work.total') }]
                : []),
            ].map((row) => (
              <li key={row.userId} className="rounded-xl bg-slate-50 px-3 py-2">
                <p className="font-semibold text-slate-900">{row.nickname}</p>
                <dl>
                  <DetailRow label={t('payhubTools.work.paidOrders')}>{row.paidOrders}</DetailRow>
                  <DetailRow label={t('payhubTools.work.paidAmount')}>{money(row.paidAmount)}</DetailRow>
                  <DetailRow label={t('payhubTools.work.withdrawFinished')}>{row.withdrawFinished}</DetailRow>
                  <DetailRow label={t('payhubTools.work.commission')}>{money(row.commission)}</DetailRow>
                  <DetailRow label={t('payhubTools.work.commissionBalance')}>
                    {money(row.commissionBalance)}
                  </DetailRow>
                </dl>
              </li>
            ))}
          </ul>
        </ListState>
      </Card>
    </>
  );
}

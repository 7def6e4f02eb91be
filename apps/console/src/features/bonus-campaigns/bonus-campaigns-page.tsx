import {
  BONUS_CAMPAIGN_BOUNDS,
  BONUS_TERMS_BOUNDS,
  type BonusCampaign,
  type BonusCampaignState,
} from '@payhub/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { useStaff } from '../../lib/staff.ts';
import { basisPoints } from '../../shared/percent.ts';
import { Badge, Button, Card, ConfirmDialog, ErrorLine, Input, Table } from '../../shared/ui.tsx';

const seconds = (local: string) => Math.floor(new Date(local).getTime() / 1000);
const inputDate = (date: Date) =>
  new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
/** Basis points as a percentage for people (1000 → "10"). */
const percent = (bp: number) => String(bp / 100);
const when = (unix: number) => new Date(unix * 1000).toLocaleString();

const labelled = (label: string, field: ReactNode, hint?: string) => (
  // biome-ignore lint/a11y/noLabelWithoutControl: the control is the field passed in, inside this label
  <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
    {label}
    {field}
    {hint && <span className="font-normal text-slate-400">{hint}</span>}
  </label>
);

/** The first-deposit terms in force, their earlier versions, and (finance, admin) the form to change them. */
function TermsCard({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const terms = useQuery({ queryKey: ['console', 'bonusTerms'], queryFn: () => api.console.bonusTerms() });
  const [form, setForm] = useState({
    minFirstDeposit: '',
    bonus: '',
    referral: '',
    referralDelayDays: '',
    wageringMultiple: '',
  });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const current = terms.data?.current;
  useEffect(() => {
    if (!current) return;
    setForm({
      minFirstDeposit: current.minFirstDeposit,
      bonus: percent(current.bonusBp),
      referral: percent(current.referralBp),
      referralDelayDays: String(current.referralDelayDays),
      wageringMultiple: String(current.wageringMultiple),
    });
  }, [current]);
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm({ ...form, [key]: event.target.value });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setDone(false);
    try {
      await api.console.updateBonusTerms({
        body: {
          minFirstDeposit: form.minFirstDeposit,
          bonusBp: basisPoints(form.bonus),
          referralBp: basisPoints(form.referral),
          referralDelayDays: Number(form.referralDelayDays),
          wageringMultiple: Number(form.wageringMultiple),
        },
      });
      setDone(true);
      void queryClient.invalidateQueries({ queryKey: ['console', 'bonusTerms'] });
    } catch (caught) {
      setError(errorText(caught));
    }
  };
  return (
    <Card title={t('console.bonusCampaigns.terms.heading')}>
      <p className="mb-3 text-sm text-slate-600">{t('console.bonusCampaigns.terms.hint')}</p>
      {current && !editable && (
        <p className="text-sm" data-testid="bonus-terms-current">
          {t('console.bonusCampaigns.terms.summary', {
            bonus: percent(current.bonusBp),
            referral: percent(current.referralBp),
            min: current.minFirstDeposit,
            asset: current.asset,
            days: current.referralDelayDays,
            multiple: current.wageringMultiple,
          })}
        </p>
      )}
      {editable && (
        <form onSubmit={submit} className="grid grid-cols-5 gap-3" data-testid="bonus-terms-form">
          {labelled(
            t('console.bonusCampaigns.terms.minFirstDeposit', { asset: current?.asset ?? '' }),
            <Input
              value={form.minFirstDeposit}
              onChange={set('minFirstDeposit')}
              inputMode="decimal"
              required
            />,
          )}
          {labelled(
            t('console.bonusCampaigns.terms.bonus'),
            <Input value={form.bonus} onChange={set('bonus')} inputMode="decimal" required />,
            t('console.bonusCampaigns.bounds.percent', {
              min: percent(BONUS_TERMS_BOUNDS.bonusBp.min),
              max: percent(BONUS_TERMS_BOUNDS.bonusBp.max),
            }),
          )}
          {labelled(
            t('console.bonusCampaigns.terms.referral'),
            <Input value={form.referral} onChange={set('referral')} inputMode="decimal" required />,
            t('console.bonusCampaigns.bounds.percent', {
              min: percent(BONUS_TERMS_BOUNDS.referralBp.min),
              max: percent(BONUS_TERMS_BOUNDS.referralBp.max),
            }),
          )}
          {labelled(
            t('console.bonusCampaigns.terms.referralDelayDays'),
            <Input
              value={form.referralDelayDays}
              onChange={set('referralDelayDays')}
              inputMode="numeric"
              required
            />,
            t('console.bonusCampaigns.bounds.range', {
              min: BONUS_TERMS_BOUNDS.referralDelayDays.min,
              max: BONUS_TERMS_BOUNDS.referralDelayDays.max,
            }),
          )}
          {labelled(
            t('console.bonusCampaigns.wageringMultiple'),
            <Input
              value={form.wageringMultiple}
              onChange={set('wageringMultiple')}
              inputMode="numeric"
              required
            />,
            t('console.bonusCampaigns.bounds.range', {
              min: BONUS_TERMS_BOUNDS.wageringMultiple.min,
              max: BONUS_TERMS_BOUNDS.wageringMultiple.max,
            }),
          )}
          <div className="col-span-5 flex items-center justify-end gap-3">
            {done && (
              <span className="text-sm text-emerald-700">{t('console.bonusCampaigns.terms.saved')}</span>
            )}
            <Button type="submit">{t('console.common.save')}</Button>
          </div>
        </form>
      )}
      <ErrorLine error={error ?? (terms.error ? errorText(terms.error) : null)} />
      {(terms.data?.history.length ?? 0) > 0 && (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer text-slate-600">
            {t('console.bonusCampaigns.terms.history')}
          </summary>
          <Table
            head={[
              t('console.bonusCampaigns.terms.effectiveFrom'),
              t('console.bonusCampaigns.terms.minFirstDeposit', { asset: current?.asset ?? '' }),
              t('console.bonusCampaigns.terms.bonus'),
              t('console.bonusCampaigns.terms.referral'),
              t('console.bonusCampaigns.terms.referralDelayDays'),
              t('console.bonusCampaigns.wageringMultiple'),
              t('console.bonusCampaigns.terms.setBy'),
            ]}
          >
            {(terms.data?.history ?? []).map((row) => (
              <tr key={row.effectiveFrom}>
                <td className="px-2 py-1.5 text-slate-500">
                  {row.setBy === null ? t('console.bonusCampaigns.terms.seeded') : when(row.effectiveFrom)}
                </td>
                <td className="px-2 py-1.5 tabular-nums">{row.minFirstDeposit}</td>
                <td className="px-2 py-1.5 tabular-nums">{percent(row.bonusBp)} %</td>
                <td className="px-2 py-1.5 tabular-nums">{percent(row.referralBp)} %</td>
                <td className="px-2 py-1.5 tabular-nums">{row.referralDelayDays}</td>
                <td className="px-2 py-1.5 tabular-nums">{row.wageringMultiple}×</td>
                <td className="px-2 py-1.5 tabular-nums">{row.setBy === null ? '—' : `#${row.setBy}`}</td>
              </tr>
            ))}
          </Table>
        </details>
      )}
    </Card>
  );
}

const emptyCampaign = () => ({
  name: '',
  startsAt: inputDate(new Date()),
  endsAt: inputDate(new Date(Date.now() + 7 * 86_400_000)),
  bonus: '10',
  maxBonus: '',
  minDeposit: '',
  wageringMultiple: '5',
});

/** Create a campaign, or change one (`editing`): its money terms only while it has granted nothing. */
function CampaignForm({
  editing,
  onSaved,
  onCancel,
}: {
  editing: BonusCampaign | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState(emptyCampaign);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setError(null);
    setForm(
      editing
        ? {
            name: editing.name,
            startsAt: inputDate(new Date(editing.startsAt * 1000)),
            endsAt: inputDate(new Date(editing.endsAt * 1000)),
            bonus: percent(editing.bonusBp),
            maxBonus: editing.maxBonus,
            minDeposit: editing.minDeposit,
            wageringMultiple: String(editing.wageringMultiple),
          }
        : emptyCampaign(),
    );
  }, [editing]);
  const set = (key: keyof ReturnType<typeof emptyCampaign>) => (event: { target: { value: string } }) =>
    setForm({ ...form, [key]: event.target.value });
  const locked = (editing?.granted ?? 0) > 0;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const body = {
      name: form.name,
      // A campaign that granted keeps its exact start (minutes in the field would move it).
      startsAt: locked && editing ? editing.startsAt : seconds(form.startsAt),
      endsAt: seconds(form.endsAt),
      bonusBp: basisPoints(form.bonus),
      maxBonus: form.maxBonus,
      minDeposit: form.minDeposit,
      wageringMultiple: Number(form.wageringMultiple),
    };
    try {
      if (editing) await api.console.updateBonusCampaign({ params: { id: editing.id }, body });
      else await api.console.createBonusCampaign({ body });
      setForm(emptyCampaign());
      onSaved();
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card
      title={
        editing
          ? t('console.bonusCampaigns.edit', { name: editing.name })
          : t('console.bonusCampaigns.create')
      }
    >
      {locked && <p className="mb-3 text-sm text-amber-700">{t('console.bonusCampaigns.locked')}</p>}
      <form onSubmit={submit} className="grid grid-cols-4 gap-3" data-testid="bonus-campaign-form">
        <div className="col-span-2">
          {labelled(
            t('console.bonusCampaigns.name'),
            <Input
              value={form.name}
              onChange={set('name')}
              name="name"
              minLength={3}
              maxLength={80}
              required
            />,
            t('console.bonusCampaigns.nameHint'),
          )}
        </div>
        {labelled(
          t('console.bonusCampaigns.startsAt'),
          <Input
            type="datetime-local"
            value={form.startsAt}
            onChange={set('startsAt')}
            name="startsAt"
            disabled={locked}
            required
          />,
        )}
        {labelled(
          t('console.bonusCampaigns.endsAt'),
          <Input type="datetime-local" value={form.endsAt} onChange={set('endsAt')} name="endsAt" required />,
        )}
        {labelled(
          t('console.bonusCampaigns.bonus'),
          <Input
            value={form.bonus}
            onChange={set('bonus')}
            name="bonus"
            inputMode="decimal"
            disabled={locked}
          />,
          t('console.bonusCampaigns.bounds.percent', {
            min: percent(BONUS_CAMPAIGN_BOUNDS.bonusBp.min),
            max: percent(BONUS_CAMPAIGN_BOUNDS.bonusBp.max),
          }),
        )}
        {labelled(
          t('console.bonusCampaigns.maxBonus'),
          <Input
            value={form.maxBonus}
            onChange={set('maxBonus')}
            name="maxBonus"
            inputMode="decimal"
            disabled={locked}
            required
          />,
        )}
        {labelled(
          t('console.bonusCampaigns.minDeposit'),
          <Input
            value={form.minDeposit}
            onChange={set('minDeposit')}
            name="minDeposit"
            inputMode="decimal"
            disabled={locked}
            required
          />,
        )}
        {labelled(
          t('console.bonusCampaigns.wageringMultiple'),
          <Input
            value={form.wageringMultiple}
            onChange={set('wageringMultiple')}
            name="wageringMultiple"
            inputMode="numeric"
            disabled={locked}
          />,
          t('console.bonusCampaigns.bounds.range', {
            min: BONUS_CAMPAIGN_BOUNDS.wageringMultiple.min,
            max: BONUS_CAMPAIGN_BOUNDS.wageringMultiple.max,
          }),
        )}
        <p className="col-span-3 text-xs text-slate-500">{t('console.bonusCampaigns.rule')}</p>
        <div className="flex items-center justify-end gap-2">
          {editing && (
            <Button type="button" variant="plain" onClick={onCancel}>
              {t('console.bonusCampaigns.cancel')}
            </Button>
          )}
          <Button type="submit" disabled={busy}>
            {editing ? t('console.common.save') : t('console.bonusCampaigns.create')}
          </Button>
        </div>
      </form>
      <ErrorLine error={error} />
    </Card>
  );
}

const TONES: Record<BonusCampaignState, 'green' | 'amber' | 'slate'> = {
  running: 'green',
  scheduled: 'amber',
  ended: 'slate',
};

/**
 * Bonus terms and deposit-bonus campaigns (issue 19): the first-deposit terms with their history;
 * create, schedule, change and end campaigns; each campaign's state, grants and cost.
 */
export function BonusCampaignsPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<BonusCampaign | null>(null);
  const may = (action: string) => staff.data?.actions.includes(action) ?? false;
  const list = useQuery({
    queryKey: ['console', 'bonusCampaigns'],
    queryFn: () => api.console.bonusCampaigns(),
  });
  const rows = list.data?.items ?? [];
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['console', 'bonusCampaigns'] });
  // Ending stops every later grant at once and cannot be undone: staff confirm with the campaign's
  // window, terms and what it has granted in view.
  const [ending, setEnding] = useState<BonusCampaign | null>(null);
  const [endError, setEndError] = useState<string | null>(null);
  const [endBusy, setEndBusy] = useState(false);
  const end = async (id: number) => {
    setEndError(null);
    setEndBusy(true);
    try {
      await api.console.endBonusCampaign({ params: { id }, body: {} });
      setEnding(null);
      refresh();
    } catch (caught) {
      setEndError(errorText(caught));
    } finally {
      setEndBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-4">
      {ending && (
        <ConfirmDialog
          title={t('console.bonusCampaigns.endConfirmTitle', { name: ending.name })}
          confirmLabel={t('console.bonusCampaigns.end')}
          cancelLabel={t('console.bonusCampaigns.endCancel')}
          busy={endBusy}
          error={endError}
          onConfirm={() => void end(ending.id)}
          onCancel={() => {
            setEndError(null);
            setEnding(null);
          }}
        >
          <p>
            {when(ending.startsAt)} – {when(ending.endsAt)}
          </p>
          <p>
            {t('console.bonusCampaigns.termsSummary', {
              bonus: percent(ending.bonusBp),
              max: ending.maxBonus,
              min: ending.minDeposit,
              asset: ending.asset,
              multiple: ending.wageringMultiple,
            })}
          </p>
          <p className="mt-2">
            {t('console.bonusCampaigns.endConfirmBody', {
              granted: ending.granted,
              amount: `${ending.grantedAmount} ${ending.asset}`,
            })}
          </p>
        </ConfirmDialog>
      )}
      <TermsCard editable={may('updateBonusTerms')} />
      {may('createBonusCampaign') && (
        <CampaignForm
          editing={editing}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      <Card title={t('console.bonusCampaigns.heading')}>
        <ErrorLine error={list.error ? errorText(list.error) : null} />
        <Table
          head={[
            t('console.bonusCampaigns.name'),
            t('console.bonusCampaigns.window'),
            t('console.bonusCampaigns.termsColumn'),
            t('console.common.status'),
            t('console.bonusCampaigns.granted'),
            t('console.bonusCampaigns.cost'),
            '',
          ]}
        >
          {rows.map((row) => (
            <tr key={row.id} data-testid={`bonus-campaign-${row.id}`}>
              <td className="px-2 py-1.5 font-medium">{row.name}</td>
              <td className="px-2 py-1.5 text-xs text-slate-600">
                {when(row.startsAt)} – {when(row.endsAt)}
              </td>
              <td className="px-2 py-1.5 text-xs text-slate-600">
                {t('console.bonusCampaigns.termsSummary', {
                  bonus: percent(row.bonusBp),
                  max: row.maxBonus,
                  min: row.minDeposit,
                  asset: row.asset,
                  multiple: row.wageringMultiple,
                })}
              </td>
              <td className="px-2 py-1.5">
                <Badge tone={TONES[row.state]}>{t(`console.bonusCampaigns.states.${row.state}`)}</Badge>
              </td>
              <td className="px-2 py-1.5 tabular-nums">{row.granted}</td>
              <td className="px-2 py-1.5 text-xs tabular-nums">
                <div>
                  {row.grantedAmount} {row.asset}
                </div>
                <div className="text-slate-500">
                  {t('console.bonusCampaigns.costDetail', {
                    converted: row.convertedAmount,
                    returned: row.returnedAmount,
                  })}
                </div>
              </td>
              <td className="flex gap-2 px-2 py-1.5">
                {row.state !== 'ended' && may('updateBonusCampaign') && (
                  <Button variant="plain" onClick={() => setEditing(row)}>
                    {t('console.bonusCampaigns.change')}
                  </Button>
                )}
                {row.state !== 'ended' && may('endBonusCampaign') && (
                  <Button variant="danger" onClick={() => setEnding(row)}>
                    {t('console.bonusCampaigns.end')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </Table>
        {rows.length === 0 && !list.isLoading && (
          <p className="py-4 text-sm text-slate-500">{t('console.common.empty')}</p>
        )}
      </Card>
    </div>
  );
}

import type { ResponsibleLimit, ResponsibleMoneyLimit, ResponsibleSettings } from '@payhub/contracts';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Download, ShieldAlert } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { useProjectFormat } from '../../lib/currency.ts';
import { notify } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { showSaved } from '../../lib/query-client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Sheet } from '../../shared/ui/sheet.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { settingsQuery, statementQuery } from './api.ts';

const GROUPS = ['deposit', 'loss', 'wager'] as const;
const PERIODS = ['day', 'week', 'month'] as const;
const COOL_OFF = [
  { key: 'h24', hours: 24 },
  { key: 'd7', hours: 24 * 7 },
  { key: 'd14', hours: 24 * 14 },
  { key: 'd42', hours: 24 * 42 },
] as const;
const SELF_EXCLUSION = [
  { key: 'm6', months: 6 },
  { key: 'm12', months: 12 },
  { key: 'm24', months: 24 },
  { key: 'm60', months: 60 },
  { key: 'permanent', months: null },
] as const;

/** What the player is editing: a money limit, the session time limit or the reality-check interval. */
type Editing = { kind: ResponsibleMoneyLimit } | { kind: 'session_minutes' } | { kind: 'reality' };
/** A break waiting for the player's confirmation. */
type BreakChoice =
  | { kind: 'cool_off'; label: string; hours: number }
  | { kind: 'self_exclusion'; label: string; months: number | null };

/** Wire seconds → ISO, for the project's date-time formatter. */
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

function Card({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h2 className="px-1 text-[12.5px] font-semibold tracking-wide text-slate-600 uppercase">{title}</h2>
      {hint && <p className="px-1 text-[13px] text-slate-600">{hint}</p>}
      <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/70">
        {children}
      </div>
    </section>
  );
}

function saveSettings(settings: ResponsibleSettings) {
  void showSaved(settingsQuery().queryKey, settings);
}

/** The responsible-play page: limits with pending changes, reality checks, breaks and the statement. */
export default function ResponsiblePage() {
  const { t, i18n } = useTranslation();
  const format = useProjectFormat();
  const settings = useQuery(settingsQuery());
  const statement = useQuery(statementQuery());
  const [editing, setEditing] = useState<Editing | null>(null);
  const [choice, setChoice] = useState<BreakChoice | null>(null);
  const [busy, setBusy] = useState(false);

  if (!settings.data) return <PageSpinner label={t('player.loading')} />;
  const data = settings.data;
  const limitOf = (kind: ResponsibleLimit['kind']) => data.limits.find((limit) => limit.kind === kind);
  const session = limitOf('session_minutes');
  const exclusion = data.exclusion;

  function pendingText(limit: ResponsibleLimit | undefined, show: (value: string) => string) {
    if (!limit?.pending) return null;
    const date = format.dateTime(iso(limit.pending.effectiveAt));
    return limit.pending.value === null
      ? t('playerSafety.pendingRemoval', { date })
      : t('playerSafety.pending', { date, value: show(limit.pending.value) });
  }

  async function takeBreak() {
    if (!choice) return;
    setBusy(true);
    try {
      const answer =
        choice.kind === 'cool_off'
          ? await api.responsible.coolOff({ body: { hours: choice.hours } })
          : await api.responsible.selfExclude({
              body: choice.months === null ? { permanent: true } : { months: choice.months },
            });
      saveSettings(answer);
      setChoice(null);
    } catch {
      // The error dialog has told the user why.
    } finally {
      setBusy(false);
    }
  }

  function breakEnd(current: BreakChoice): string {
    const now = Date.now();
    if (current.kind === 'cool_off')
      return format.dateTime(new Date(now + current.hours * 3_600_000).toISOString());
    const end = new Date(now);
    end.setMonth(end.getMonth() + (current.months ?? 0));
    return format.dateTime(end.toISOString());
  }

  function downloadCsv() {
    if (!statement.data) return;
    const url = URL.createObjectURL(new Blob([statement.data.csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'statement.csv';
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="min-h-dvh">
      <PageHeader title={t('playerSafety.responsible')} backTo={paths.account} backLabel={t('player.back')} />
      <main className="mx-auto flex max-w-md flex-col gap-6 px-4 pt-4 pb-[max(2rem,env(safe-area-inset-bottom))]">
        {exclusion && (
          <div
            role="status"
            className="flex gap-3 rounded-2xl bg-rose-50 p-4 ring-1 ring-rose-200"
            data-testid="exclusion"
          >
            <ShieldAlert className="size-6 shrink-0 text-rose-600" />
            <div>
              <p className="text-[15px] font-semibold text-rose-800">
                {exclusion.until === null
                  ? t('playerSafety.activePermanent')
                  : t(
                      exclusion.kind === 'cool_off'
                        ? 'playerSafety.activeCoolOff'
                        : 'playerSafety.activeSelfExclusion',
                      {
                        date: format.dateTime(iso(exclusion.until)),
                      },
                    )}
              </p>
              <p className="mt-1 text-[13px] text-rose-700">{t('playerSafety.activeHint')}</p>
            </div>
          </div>
        )}

        {GROUPS.map((group) => (
          <Card
            key={group}
            title={t(`playerSafety.kinds.${group}`)}
            hint={group === 'deposit' ? t('playerSafety.limitsHint') : undefined}
          >
            <ul className="divide-y divide-slate-100">
              {PERIODS.map((period) => {
                const kind = `${group}_${period}` as ResponsibleMoneyLimit;
                const limit = limitOf(kind);
                const pending = pendingText(limit, format.money);
                return (
                  <li key={kind} className="flex items-center gap-3 px-4 py-3" data-testid={`limit-${kind}`}>
                    <div className="min-w-0 flex-1">
                      <p className="text-[14.5px] font-medium text-slate-900">
                        {t(`playerSafety.periods.${period}`)} ·{' '}
                        {limit?.value ? format.money(limit.value) : t('playerSafety.none')}
                      </p>
                      {limit?.value && limit.used !== null && (
                        <p className="text-[12.5px] text-slate-500">
                          {t('playerSafety.used', {
                            used: format.money(limit.used),
                            limit: format.money(limit.value),
                          })}
                        </p>
                      )}
                      {pending && <p className="text-[12.5px] font-medium text-amber-700">{pending}</p>}
                    </div>
                    <Button
                      variant="secondary"
                      className="h-9 shrink-0 px-3"
                      onClick={() => setEditing({ kind })}
                    >
                      {t('playerSafety.edit')}
                    </Button>
                  </li>
                );
              })}
            </ul>
          </Card>
        ))}

        <Card title={t('playerSafety.sessionLimit')} hint={t('playerSafety.sessionLimitHint')}>
          <div className="flex items-center gap-3 px-4 py-3">
            <div className="min-w-0 flex-1">
              <p className="text-[14.5px] font-medium text-slate-900">
                {session?.value
                  ? t('playerSafety.minutesValue', { count: Number(session.value) })
                  : t('playerSafety.none')}
              </p>
              {pendingText(session, (value) => t('playerSafety.minutesValue', { count: Number(value) })) && (
                <p className="text-[12.5px] font-medium text-amber-700">
                  {pendingText(session, (value) => t('playerSafety.minutesValue', { count: Number(value) }))}
                </p>
              )}
            </div>
            <Button
              variant="secondary"
              className="h-9 shrink-0 px-3"
              onClick={() => setEditing({ kind: 'session_minutes' })}
            >
              {t('playerSafety.edit')}
            </Button>
          </div>
        </Card>

        <Card title={t('playerSafety.realityCheck')} hint={t('playerSafety.realityCheckHint')}>
          <div className="flex items-center gap-3 px-4 py-3">
            <p className="min-w-0 flex-1 text-[14.5px] font-medium text-slate-900">
              {data.realityCheckMinutes
                ? t('playerSafety.minutesValue', { count: data.realityCheckMinutes })
                : t('playerSafety.off')}
            </p>
            <Button
              variant="secondary"
              className="h-9 shrink-0 px-3"
              onClick={() => setEditing({ kind: 'reality' })}
            >
              {t('playerSafety.edit')}
            </Button>
          </div>
        </Card>

        {!exclusion && (
          <Card title={t('playerSafety.breakTitle')}>
            <div className="flex flex-col gap-4 p-4">
              <p className="rounded-xl bg-amber-50 p-3 text-[13px] text-amber-800">
                {t('playerSafety.warning')}
              </p>
              <BreakOptions
                title={t('playerSafety.coolOff')}
                hint={t('playerSafety.coolOffHint')}
                options={COOL_OFF.map((option) => ({
                  key: option.key,
                  label: t(`playerSafety.coolOffOptions.${option.key}`),
                  pick: () =>
                    setChoice({
                      kind: 'cool_off',
                      hours: option.hours,
                      label: `${t('playerSafety.coolOff')} ${t(`playerSafety.coolOffOptions.${option.key}`)}`,
                    }),
                }))}
              />
              <BreakOptions
                title={t('playerSafety.selfExclusion')}
                hint={t('playerSafety.selfExclusionHint')}
                options={SELF_EXCLUSION.map((option) => ({
                  key: option.key,
                  label: t(`playerSafety.selfExclusionOptions.${option.key}`),
                  danger: true,
                  pick: () =>
                    setChoice({
                      kind: 'self_exclusion',
                      months: option.months,
                      label: `${t('playerSafety.selfExclusion')} ${t(`playerSafety.selfExclusionOptions.${option.key}`)}`,
                    }),
                }))}
              />
            </div>
          </Card>
        )}

        <Card title={t('playerSafety.statement')} hint={t('playerSafety.statementHint')}>
          {statement.data && statement.data.items.length > 0 ? (
            <table className="w-full text-[12.5px]" data-testid="statement">
              <thead className="bg-slate-50 text-slate-500">
                <tr>
                  <th className="px-3 py-2 text-left font-medium">{t('playerSafety.month')}</th>
                  <th className="px-2 py-2 text-right font-medium">{t('playerSafety.deposits')}</th>
                  <th className="px-2 py-2 text-right font-medium">{t('playerSafety.withdrawals')}</th>
                  <th className="px-3 py-2 text-right font-medium">{t('playerSafety.net')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {statement.data.items.map((row) => (
                  <tr key={row.month}>
                    <td className="px-3 py-2 font-medium text-slate-900">
                      {new Intl.DateTimeFormat(i18n.language, {
                        month: 'short',
                        year: 'numeric',
                        timeZone: 'UTC',
                      }).format(new Date(`${row.month}-01T00:00:00Z`))}
                    </td>
                    <td className="px-2 py-2 text-right">{format.money(row.deposits)}</td>
                    <td className="px-2 py-2 text-right">{format.money(row.withdrawals)}</td>
                    <td
                      className={clsx(
                        'px-3 py-2 text-right font-medium',
                        row.netResult.startsWith('-') ? 'text-rose-600' : 'text-emerald-700',
                      )}
                    >
                      {row.netResult.startsWith('-')
                        ? `−${format.money(row.netResult.slice(1))}`
                        : format.money(row.netResult)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="px-4 py-4 text-center text-[13.5px] text-slate-500">
              {t('playerSafety.noActivity')}
            </p>
          )}
          <div className="border-t border-slate-100 p-3">
            <Button variant="secondary" block disabled={!statement.data} onClick={downloadCsv}>
              <Download className="size-4" />
              {t('playerSafety.download')}
            </Button>
          </div>
        </Card>
      </main>

      {editing && <EditSheet editing={editing} settings={data} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={choice !== null}
        onOpenChange={(open) => !open && setChoice(null)}
        title={choice?.label ?? ''}
        message={
          choice
            ? `${
                choice.kind === 'self_exclusion' && choice.months === null
                  ? t('playerSafety.confirmPermanent')
                  : t('playerSafety.confirmBreak', { what: choice.label, date: breakEnd(choice) })
              } ${t('playerSafety.warning')}`
            : ''
        }
        confirmLabel={t('playerSafety.start')}
        cancelLabel={t('player.cancel')}
        onConfirm={() => void takeBreak()}
        busy={busy}
        danger
      />
    </div>
  );
}

function BreakOptions({
  title,
  hint,
  options,
}: {
  title: string;
  hint: string;
  options: Array<{ key: string; label: string; danger?: boolean; pick: () => void }>;
}) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-[14.5px] font-semibold text-slate-900">{title}</p>
      <p className="text-[12.5px] text-slate-500">{hint}</p>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <button
            key={option.key}
            type="button"
            onClick={option.pick}
            data-testid={`break-${option.key}`}
            className={clsx(
              'h-10 rounded-full px-4 text-[13.5px] font-semibold ring-1',
              option.danger
                ? 'text-rose-700 ring-rose-200 active:bg-rose-50'
                : 'text-brand-700 ring-brand-200 active:bg-brand-50',
            )}
          >
            {option.label}
          </button>
        ))}
      </div>
    </div>
  );
}

/** Sets, changes or removes one limit (or the reality-check interval). */
function EditSheet({
  editing,
  settings,
  onClose,
}: {
  editing: Editing;
  settings: ResponsibleSettings;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useProjectFormat();
  const money = editing.kind !== 'session_minutes' && editing.kind !== 'reality';
  const range = editing.kind === 'reality' ? { min: 5, max: 240 } : { min: 15, max: 1440 };
  const current =
    editing.kind === 'reality'
      ? settings.realityCheckMinutes === null
        ? ''
        : String(settings.realityCheckMinutes)
      : (settings.limits.find((limit) => limit.kind === editing.kind)?.value ?? '');
  const [value, setValue] = useState(money ? current.replace(/\.00$/, '') : current);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const title =
    editing.kind === 'reality'
      ? t('playerSafety.realityCheck')
      : editing.kind === 'session_minutes'
        ? t('playerSafety.sessionLimit')
        : `${t(`playerSafety.kinds.${editing.kind.split('_')[0] as (typeof GROUPS)[number]}`)} · ${t(
            `playerSafety.periods.${editing.kind.split('_')[1] as (typeof PERIODS)[number]}`,
          )}`;

  async function save(remove: boolean) {
    let amount: string | null = null;
    let minutes: number | null = null;
    if (!remove) {
      const text = value.trim().replace(',', '.');
      if (money) {
        if (!/^\d{1,15}(\.\d{1,2})?$/.test(text) || Number(text) <= 0)
          return setError(t('playerSafety.amountInvalid'));
        amount = text;
      } else {
        minutes = Number(text);
        if (!/^\d+$/.test(text) || minutes < range.min || minutes > range.max)
          return setError(t('playerSafety.minutesInvalid', range));
      }
    }
    setBusy(true);
    try {
      const answer =
        editing.kind === 'reality'
          ? await api.responsible.setRealityCheck({ body: { minutes } })
          : editing.kind === 'session_minutes'
            ? await api.responsible.setSessionLimit({ body: { minutes } })
            : await api.responsible.setLimit({ body: { kind: editing.kind, amount } });
      saveSettings(answer);
      const pending =
        editing.kind === 'reality'
          ? null
          : answer.limits.find((limit) => limit.kind === editing.kind)?.pending;
      notify.success(
        pending
          ? t('playerSafety.limitPendingSaved', { date: format.dateTime(iso(pending.effectiveAt)) })
          : t('playerSafety.limitSaved'),
      );
      onClose();
    } catch {
      // The error dialog has told the user why.
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void save(false);
  }

  return (
    <Sheet
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={
        editing.kind === 'reality' ? t('playerSafety.realityCheckHint') : t('playerSafety.limitsHint')
      }
      closeLabel={t('player.close')}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label={money ? `${t('playerSafety.amount')} (${settings.currency})` : t('playerSafety.minutes')}
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
          error={error}
          inputMode={money ? 'decimal' : 'numeric'}
          name="limitValue"
          autoFocus
        />
        <Button type="submit" block busy={busy}>
          {t('playerSafety.save')}
        </Button>
        {current !== '' && (
          <Button variant="danger" block disabled={busy} onClick={() => void save(true)}>
            {editing.kind === 'reality' ? t('playerSafety.turnOff') : t('playerSafety.remove')}
          </Button>
        )}
      </form>
    </Sheet>
  );
}

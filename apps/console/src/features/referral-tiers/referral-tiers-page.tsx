import { REFERRAL_TIER_BOUNDS, REFERRAL_TIERS, type ReferralTierInfo } from '@payhub/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { showSaved } from '../../lib/query-client.ts';
import { useCan } from '../../lib/staff.ts';
import { basisPoints } from '../../shared/percent.ts';
import { Button, Card, ConfirmDialog, ErrorLine, Input, Table } from '../../shared/ui.tsx';

const QUERY_KEY = ['console', 'referralTiers'] as const;
const LEVELS = [0, 1, 2] as const;

/** Basis points as a percent with two decimals (30 -> "0.30"). */
const percent = (bp: number) => (bp / 100).toFixed(2);

type FormRow = { minDirect: string; rates: [string, string, string] };

const formOf = (tiers: readonly ReferralTierInfo[]): FormRow[] =>
  tiers.map((tier) => ({
    minDirect: String(tier.minDirect),
    rates: [percent(tier.ratesBp[0] ?? 0), percent(tier.ratesBp[1] ?? 0), percent(tier.ratesBp[2] ?? 0)],
  }));

/**
 * The project's referral tiers (docs/rewards.md): for bronze, silver and gold the direct downlines
 * that reach the tier and the rebate rates of levels 1–3; finance and admins change them, content
 * staff read them.
 */
export function ReferralTiersPage() {
  const { t } = useTranslation();
  const editable = useCan('updateReferralTiers');
  const tiers = useQuery({ queryKey: QUERY_KEY, queryFn: () => api.console.referralTiers() });
  const [form, setForm] = useState<FormRow[]>([]);
  useEffect(() => {
    if (tiers.data) setForm(formOf(tiers.data.tiers));
  }, [tiers.data]);
  const save = useMutation({
    mutationFn: () =>
      api.console.updateReferralTiers({
        body: {
          tiers: REFERRAL_TIERS.map((tier, index) => ({
            tier,
            minDirect: Number(form[index]?.minDirect),
            ratesBp: (form[index]?.rates ?? ['', '', '']).map(basisPoints),
          })),
        },
      }),
    onSuccess: (view) => showSaved(QUERY_KEY, view),
  });
  const setMinDirect = (index: number, value: string) =>
    setForm(form.map((row, at) => (at === index ? { ...row, minDirect: value } : row)));
  const setRate = (index: number, level: number, value: string) =>
    setForm(
      form.map((row, at) =>
        at === index
          ? {
              ...row,
              rates: row.rates.map((rate, which) => (which === level ? value : rate)) as FormRow['rates'],
            }
          : row,
      ),
    );
  const [confirming, setConfirming] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    setConfirming(true);
  };
  // The evidence for the confirmation: every figure that changes, before and after.
  const changes = REFERRAL_TIERS.flatMap((tier, index) => {
    const before = tiers.data?.tiers[index];
    const after = form[index];
    if (!before || !after) return [];
    const name = t(`console.referralTiers.tiers.${tier}`);
    const lines: string[] = [];
    if (String(before.minDirect) !== after.minDirect.trim())
      lines.push(
        t('console.referralTiers.confirm.minDirect', {
          tier: name,
          before: before.minDirect,
          after: after.minDirect,
        }),
      );
    for (const level of LEVELS)
      if (basisPoints(after.rates[level]) !== before.ratesBp[level])
        lines.push(
          t('console.referralTiers.confirm.rate', {
            tier: name,
            level: level + 1,
            before: percent(before.ratesBp[level] ?? 0),
            // As typed when it is not a number (the server refuses it with 3).
            after: Number.isFinite(basisPoints(after.rates[level]))
              ? percent(basisPoints(after.rates[level]))
              : after.rates[level],
          }),
        );
    return lines;
  });
  return (
    <Card title={t('console.referralTiers.heading')}>
      <p className="mb-1 text-sm text-slate-600">{t('console.referralTiers.hint')}</p>
      <p className="mb-3 text-sm text-slate-600" data-testid="referral-tiers-source">
        {tiers.data?.configured === false
          ? t('console.referralTiers.defaults')
          : t('console.referralTiers.own')}
      </p>
      <form onSubmit={submit} data-testid="referral-tiers-form">
        <Table
          head={[
            t('console.referralTiers.tier'),
            t('console.referralTiers.minDirect'),
            ...LEVELS.map((level) => t('console.referralTiers.level', { level: level + 1 })),
          ]}
        >
          {REFERRAL_TIERS.map((tier, index) => (
            <tr key={tier} data-testid={`referral-tier-${tier}`}>
              <td className="font-medium">{t(`console.referralTiers.tiers.${tier}`)}</td>
              <td>
                {editable ? (
                  <Input
                    aria-label={`${t(`console.referralTiers.tiers.${tier}`)} ${t('console.referralTiers.minDirect')}`}
                    value={form[index]?.minDirect ?? ''}
                    inputMode="numeric"
                    // Bronze is where every referrer starts: from 0 direct downlines.
                    disabled={index === 0}
                    onChange={(event) => setMinDirect(index, event.target.value)}
                    className="w-24"
                  />
                ) : (
                  tiers.data?.tiers[index]?.minDirect
                )}
              </td>
              {LEVELS.map((level) => (
                <td key={level}>
                  {editable ? (
                    <Input
                      aria-label={`${t(`console.referralTiers.tiers.${tier}`)} ${t('console.referralTiers.level', { level: level + 1 })}`}
                      value={form[index]?.rates[level] ?? ''}
                      inputMode="decimal"
                      onChange={(event) => setRate(index, level, event.target.value)}
                      className="w-24"
                    />
                  ) : (
                    `${percent(tiers.data?.tiers[index]?.ratesBp[level] ?? 0)} %`
                  )}
                </td>
              ))}
            </tr>
          ))}
        </Table>
        {editable && (
          <div className="mt-3 flex items-center gap-3">
            <Button type="submit" disabled={save.isPending || form.length === 0}>
              {t('console.referralTiers.save')}
            </Button>
            <span className="text-xs text-slate-500">
              {t('console.referralTiers.bounds', { max: percent(REFERRAL_TIER_BOUNDS.rateBp.max) })}
            </span>
          </div>
        )}
        <ErrorLine error={save.error ? errorText(save.error) : null} />
        {save.isSuccess && (
          <p role="status" className="mt-2 text-sm text-emerald-700">
            {t('console.referralTiers.saved')}
          </p>
        )}
      </form>
      {confirming && (
        <ConfirmDialog
          title={t('console.referralTiers.confirm.title')}
          confirmLabel={t('console.referralTiers.confirm.yes')}
          cancelLabel={t('console.referralTiers.confirm.cancel')}
          busy={save.isPending}
          error={save.error ? errorText(save.error) : null}
          onConfirm={() => save.mutate(undefined, { onSuccess: () => setConfirming(false) })}
          onCancel={() => setConfirming(false)}
        >
          {changes.length === 0 ? (
            <p>{t('console.referralTiers.confirm.none')}</p>
          ) : (
            <ul className="list-disc pl-5" data-testid="referral-tiers-changes">
              {changes.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
          <p className="mt-2 text-slate-600">{t('console.referralTiers.confirm.body')}</p>
        </ConfirmDialog>
      )}
    </Card>
  );
}

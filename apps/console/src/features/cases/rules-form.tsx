import { type ConsoleMonitoringRules, MONITORING_RULE_BOUNDS } from '@payhub/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { Button, ErrorLine, Input } from '../../shared/ui.tsx';

type Field = keyof typeof MONITORING_RULE_BOUNDS;
const FIELDS: readonly Field[] = [
  'velocityMaxOrders',
  'velocityWindowMinutes',
  'justUnderBps',
  'manyPayersMax',
  'manyPayersWindowHours',
];

/**
 * Compliance or the admin set the project's monitoring figures: each within its bounds (shown beside
 * it; the server checks them again and answers 3 outside them). Saved as one change, audited with the
 * figures before and after.
 */
export function RulesForm({ rules, onDone }: { rules: ConsoleMonitoringRules; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<Field, string>>({
    velocityMaxOrders: String(rules.velocity.maxOrders),
    velocityWindowMinutes: String(rules.velocity.windowMinutes),
    justUnderBps: String(rules.justUnderThreshold.withinBps),
    manyPayersMax: String(rules.manyPayersOneCard.maxPayers),
    manyPayersWindowHours: String(rules.manyPayersOneCard.windowHours),
  });
  const [threshold, setThreshold] = useState(rules.justUnderThreshold.threshold);
  const save = useMutation({
    mutationFn: () =>
      api.console.setMonitoringRules({
        body: {
          velocityMaxOrders: Number(values.velocityMaxOrders),
          velocityWindowMinutes: Number(values.velocityWindowMinutes),
          reportingThreshold: threshold.trim(),
          justUnderBps: Number(values.justUnderBps),
          manyPayersMax: Number(values.manyPayersMax),
          manyPayersWindowHours: Number(values.manyPayersWindowHours),
        },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['console', 'cases'] });
      onDone();
    },
  });
  return (
    <form
      className="mt-3 grid grid-cols-3 gap-3"
      data-testid="rules-form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      {FIELDS.map((field) => (
        <div key={field} className="flex flex-col gap-1">
          <label htmlFor={`rule-${field}`} className="font-medium">
            {t(`consoleScreens.rulesForm.${field}`)}
          </label>
          <Input
            id={`rule-${field}`}
            type="number"
            inputMode="numeric"
            min={MONITORING_RULE_BOUNDS[field][0]}
            max={MONITORING_RULE_BOUNDS[field][1]}
            step={1}
            required
            value={values[field]}
            onChange={(event) => setValues({ ...values, [field]: event.target.value })}
          />
          <span className="text-slate-500">
            {t('consoleScreens.rulesForm.bounds', {
              min: MONITORING_RULE_BOUNDS[field][0],
              max: MONITORING_RULE_BOUNDS[field][1],
            })}
          </span>
        </div>
      ))}
      <div className="flex flex-col gap-1">
        <label htmlFor="rule-reportingThreshold" className="font-medium">
          {t('consoleScreens.rulesForm.reportingThreshold', { currency: rules.justUnderThreshold.currency })}
        </label>
        <Input
          id="rule-reportingThreshold"
          inputMode="decimal"
          required
          value={threshold}
          onChange={(event) => setThreshold(event.target.value)}
        />
        <span className="text-slate-500">
          {t('consoleScreens.rulesForm.bounds', {
            min: rules.thresholdBounds.min,
            max: rules.thresholdBounds.max,
          })}
        </span>
      </div>
      <div className="col-span-3 flex items-center gap-2">
        <Button type="submit" disabled={save.isPending}>
          {t('consoleScreens.rulesForm.save')}
        </Button>
        <Button type="button" variant="plain" onClick={onDone}>
          {t('consoleScreens.rulesForm.cancel')}
        </Button>
        <ErrorLine error={save.error ? errorText(save.error) : null} />
      </div>
    </form>
  );
}

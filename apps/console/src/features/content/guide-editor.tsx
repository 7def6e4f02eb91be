import { GUIDE_STEPS_MAX, LOCALES, type Locale } from '@payhub/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { useCan } from '../../lib/staff.ts';
import { Button, Card, ErrorLine, Select } from '../../shared/ui.tsx';

/**
 * The player app's beginner guide per language: plain-text steps, one per line (the app shows them
 * as text, one step per page). Clearing goes back to the app's built-in guide.
 */
export function GuideEditor() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const may = useCan('guides');
  const [locale, setLocale] = useState<Locale>('id-ID');
  const [drafts, setDrafts] = useState<Partial<Record<Locale, string>>>({});
  const guides = useQuery({
    queryKey: ['console', 'guides'],
    queryFn: () => api.console.guides(),
    enabled: may,
  });
  const save = useMutation({
    mutationFn: (steps: string[] | null) => api.console.saveGuide({ body: { locale, steps } }),
    onSuccess: () => {
      setDrafts((current) => ({ ...current, [locale]: undefined }));
      void queryClient.invalidateQueries({ queryKey: ['console', 'guides'] });
    },
  });
  if (!may) return null;
  const current = guides.data?.items.find((item) => item.locale === locale);
  const text = drafts[locale] ?? current?.steps?.join('\n') ?? '';
  const steps = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  return (
    <div className="lg:col-span-2">
      <Card title={t('consoleOps.guide.heading')}>
        <div className="flex flex-col gap-2 text-sm">
          <label htmlFor="guide-locale" className="flex items-center gap-2">
            {t('consoleOps.guide.language')}
            <Select
              id="guide-locale"
              value={locale}
              onChange={(event) => {
                setLocale(event.target.value as Locale);
                save.reset();
              }}
            >
              {LOCALES.map((item) => (
                <option key={item} value={item}>
                  {t(`consoleOps.guide.locales.${item}`)}
                </option>
              ))}
            </Select>
          </label>
          <p className="text-xs text-slate-500">
            {current?.steps && current.updatedAt
              ? t('consoleOps.guide.custom', { at: new Date(current.updatedAt).toLocaleString() })
              : t('consoleOps.guide.builtIn')}
          </p>
          <label htmlFor="guide-steps" className="flex flex-col gap-1">
            {t('consoleOps.guide.steps')}
            <textarea
              id="guide-steps"
              className="h-36 rounded-md border border-slate-300 p-2"
              value={text}
              onChange={(event) => setDrafts({ ...drafts, [locale]: event.target.value })}
            />
          </label>
          <ErrorLine error={save.error ? errorText(save.error) : null} />
          {save.isSuccess && (
            <p role="status" className="text-emerald-700">
              {t('consoleOps.guide.saved')}
            </p>
          )}
          <div className="flex gap-2">
            <Button
              disabled={steps.length === 0 || steps.length > GUIDE_STEPS_MAX || save.isPending}
              onClick={() => save.mutate(steps)}
            >
              {t('console.common.save')}
            </Button>
            <Button
              variant="plain"
              disabled={!current?.steps || save.isPending}
              onClick={() => save.mutate(null)}
            >
              {t('consoleOps.guide.reset')}
            </Button>
          </div>
        </div>
      </Card>
    </div>
  );
}

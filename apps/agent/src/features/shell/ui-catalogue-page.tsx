import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NATIVE_SIMULATION_KEY, setNativeSimulation } from '../../lib/native-bridge.ts';
import { copyText, notify } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { showDialog } from '../../lib/stores/layout.store.ts';
import { maskNumber } from '../../shared/mask.ts';
import { formatCurrency, PAYMENT_CURRENCY_DIGITS, SHELL_CURRENCY_DIGITS } from '../../shared/money.ts';
import { Badge } from '../../shared/ui/badge.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Card, CardTitle, DetailRow } from '../../shared/ui/card.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { Page } from '../../shared/ui/page.tsx';

const SAMPLE_PROJECTS = [
  { locale: 'id-ID', currencySymbol: 'Rp' },
  { locale: 'es-MX', currencySymbol: 'MX$' },
] as const;
const SAMPLE_AMOUNTS = [15_000_000n, 123_456_789n];
const SAMPLE_NUMBERS = ['1234', '81234567', '6281234567890'];

function NativeSimulationSwitch() {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState(() => localStorage.getItem(NATIVE_SIMULATION_KEY) !== null);
  return (
    <Card>
      <CardTitle>{t('shell.nativeSimulation')}</CardTitle>
      <label className="flex items-center justify-between gap-4 text-sm text-slate-700">
        <span>{t('shell.nativeSimulationHint')}</span>
        <input
          type="checkbox"
          className="size-5 accent-brand-700"
          checked={enabled}
          onChange={(event) => {
            setNativeSimulation(event.target.checked ? { versionCode: 12, platform: 'android' } : null);
            setEnabled(event.target.checked);
          }}
        />
      </label>
    </Card>
  );
}

/** /ui: the living catalogue of the app's UI components. */
export default function UiCataloguePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sample, setSample] = useState('');
  return (
    <Page title={t('ui.title')}>
      <p className="text-[15px] text-slate-600">{t('ui.intro')}</p>

      <Card>
        <CardTitle>{t('ui.buttons')}</CardTitle>
        <div className="flex flex-col gap-2">
          <Button block icon={<Plus className="size-4" aria-hidden />}>
            {t('ui.primary')}
          </Button>
          <Button block variant="secondary">
            {t('ui.secondary')}
          </Button>
          <Button block variant="danger">
            {t('ui.danger')}
          </Button>
          <div className="grid grid-cols-2 gap-2">
            <Button variant="ghost">{t('common.back')}</Button>
            <Button busy>{t('common.loading')}</Button>
          </div>
          <Button block disabled>
            {t('ui.disabled')}
          </Button>
        </div>
      </Card>

      <Card>
        <CardTitle>{t('ui.fields')}</CardTitle>
        <div className="flex flex-col gap-4">
          <TextField
            label={t('ui.sampleLabel')}
            hint={t('ui.sampleHint')}
            value={sample}
            onChange={(event) => setSample(event.target.value)}
          />
          <TextField
            label={t('Auth.phone')}
            prefix="+62"
            type="tel"
            inputMode="tel"
            placeholder={t('Auth.phonePlaceholder')}
          />
          <TextField label={t('ui.sampleLabel')} error={t('ui.sampleError')} defaultValue="abc" />
        </div>
      </Card>

      <Card>
        <CardTitle>{t('ui.badges')}</CardTitle>
        <div className="flex flex-wrap gap-2">
          <Badge>{t('common.none')}</Badge>
          <Badge tone="brand">{t('account.spaTypes.Banker')}</Badge>
          <Badge tone="success">{t('common.success')}</Badge>
          <Badge tone="warning">{t('common.info')}</Badge>
          <Badge tone="danger">{t('common.error')}</Badge>
        </div>
      </Card>

      <Card>
        <CardTitle>{t('ui.toasts')}</CardTitle>
        <div className="grid grid-cols-2 gap-2">
          <Button variant="secondary" onClick={() => notify.success(t('common.success'))}>
            success
          </Button>
          <Button variant="secondary" onClick={() => notify.error(t('common.error'))}>
            error
          </Button>
          <Button variant="secondary" onClick={() => notify.info(t('common.info'))}>
            info
          </Button>
          <Button variant="secondary" onClick={() => notify.normal(t('common.appName'))}>
            normal
          </Button>
          <Button variant="secondary" className="col-span-2" onClick={() => void copyText('6281234567890')}>
            {t('common.copySuccess')}
          </Button>
        </div>
      </Card>

      <Card>
        <CardTitle>{t('ui.dialogs')}</CardTitle>
        <div className="grid grid-cols-2 gap-2">
          <Button
            variant="secondary"
            onClick={() => showDialog({ kind: 'info', message: t('ui.sampleInfo') })}
          >
            {t('ui.openInfo')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => showDialog({ kind: 'error', message: `${t('ui.sampleInfo')} (Error Code: 3003)` })}
          >
            {t('ui.openError')}
          </Button>
        </div>
      </Card>

      <Card>
        <CardTitle>{t('ui.money')}</CardTitle>
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-xs text-slate-600">
              <th className="pb-2 font-medium">{t('ui.shellDefault')}</th>
              <th className="pb-2 text-right font-medium">{t('ui.paymentClient')}</th>
            </tr>
          </thead>
          <tbody>
            {SAMPLE_PROJECTS.flatMap((project) =>
              SAMPLE_AMOUNTS.map((amount) => (
                <tr key={`${project.locale}-${amount}`} className="border-slate-100 border-t">
                  <td className="py-2.5 font-medium tabular-nums">
                    {formatCurrency(amount, project, SHELL_CURRENCY_DIGITS)}
                  </td>
                  <td className="py-2.5 text-right tabular-nums">
                    {formatCurrency(amount, project, PAYMENT_CURRENCY_DIGITS)}
                  </td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </Card>

      <Card>
        <CardTitle>{t('ui.masking')}</CardTitle>
        <dl>
          {SAMPLE_NUMBERS.map((value) => (
            <DetailRow key={value} label={value}>
              <span className="font-mono">{maskNumber(value)}</span>
            </DetailRow>
          ))}
        </dl>
      </Card>

      <Card>
        <CardTitle>{t('ui.progress')}</CardTitle>
        <Button
          variant="secondary"
          block
          onClick={() => navigate(`${paths.ui}?run=${Date.now()}`, { replace: true })}
        >
          {t('ui.runProgress')}
        </Button>
      </Card>

      {import.meta.env.DEV ? <NativeSimulationSwitch /> : null}
    </Page>
  );
}

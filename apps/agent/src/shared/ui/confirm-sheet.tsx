import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { DetailRow } from './card.tsx';
import { Modal } from './modal.tsx';

export interface Evidence {
  label: string;
  value: ReactNode;
}

/**
 * The second step before anything that moves money or grants a role (issue 11): the evidence the
 * decision rests on (payer, bank, amount, voucher image, order age…) and one explicit confirm button.
 */
export function ConfirmSheet({
  open,
  title,
  evidence,
  imageUrl,
  imageAlt,
  confirmLabel,
  tone = 'brand',
  busy,
  level = 1,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  evidence: Evidence[];
  imageUrl?: string | null;
  imageAlt?: string;
  confirmLabel: string;
  tone?: 'brand' | 'danger';
  busy?: boolean;
  level?: number;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      level={level}
      tone={tone === 'danger' ? 'danger' : 'brand'}
      title={title}
      testId="confirm-sheet"
      onDismiss={onCancel}
      description={
        <span className="block text-left">
          <dl>
            {evidence.map((row) => (
              <DetailRow key={row.label} label={row.label}>
                {row.value}
              </DetailRow>
            ))}
          </dl>
          {imageUrl ? (
            <a href={imageUrl} target="_blank" rel="noreferrer" className="mt-2 block">
              <img
                src={imageUrl}
                alt={imageAlt ?? ''}
                className="max-h-40 w-full rounded-lg bg-slate-50 object-contain"
              />
            </a>
          ) : null}
        </span>
      }
      actions={
        <>
          <Button
            block
            variant={tone === 'danger' ? 'danger' : 'primary'}
            busy={busy}
            data-testid="confirm-sheet-confirm"
            onClick={onConfirm}
          >
            {confirmLabel}
          </Button>
          <Button block variant="secondary" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        </>
      }
    />
  );
}

/** "12 minutes ago" in the page's language: how long an order has been waiting. */
export function ageOf(isoTime: string, language: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(isoTime).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return format.format(seconds, 'second');
  if (abs < 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return format.format(Math.round(seconds / 3600), 'hour');
  return format.format(Math.round(seconds / 86_400), 'day');
}

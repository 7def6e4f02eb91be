import { useTranslation } from 'react-i18next';
import { Badge } from '../../shared/ui/badge.tsx';

/** State badges of deposit orders and quota top-ups. */

const payTones: Record<number, 'neutral' | 'brand' | 'success' | 'warning' | 'danger'> = {
  0: 'brand',
  4: 'warning',
  1: 'success',
  9: 'success',
  3: 'danger',
  2: 'neutral',
  7: 'neutral',
  8: 'danger',
};
/** A deposit order's state; a credited one the bank took back reads "reversed" (its state stays paid). */
export function PayStateBadge({ state, reversedAt = null }: { state: number; reversedAt?: string | null }) {
  const { t } = useTranslation();
  if (reversedAt) return <Badge tone="danger">{t('payhub.reversed')}</Badge>;
  return (
    <Badge tone={payTones[state] ?? 'neutral'}>{t(`payhub.states.${state}` as 'payhub.states.0')}</Badge>
  );
}
export function TopupStateBadge({ state }: { state: number }) {
  const { t } = useTranslation();
  return (
    <Badge tone={state === 1 ? 'success' : state === 2 ? 'danger' : 'brand'}>
      {t(`payhub.topupStates.${state}` as 'payhub.topupStates.0')}
    </Badge>
  );
}

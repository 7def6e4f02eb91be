import { useTranslation } from 'react-i18next';
import { Badge } from '../../shared/ui/badge.tsx';

const withdrawTones: Record<number, 'neutral' | 'brand' | 'success' | 'warning' | 'danger'> = {
  0: 'brand',
  1: 'warning',
  2: 'success',
  3: 'danger',
  4: 'danger',
  6: 'neutral',
  7: 'neutral',
};

export function WithdrawStateBadge({ state }: { state: number }) {
  const { t } = useTranslation();
  return (
    <Badge tone={withdrawTones[state] ?? 'neutral'}>
      {t(`payhub.withdrawStates.${state}` as 'payhub.withdrawStates.0')}
    </Badge>
  );
}

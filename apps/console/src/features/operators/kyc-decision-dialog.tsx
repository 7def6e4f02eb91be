import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { ConfirmDialog, Field, Input } from '../../shared/ui.tsx';

export type KycDecision = 'verified' | 'rejected' | 'suspended';

/** The shortest verified name the server takes (contracts: decideKyc.verifiedName). */
const NAME_MIN = 2;

/**
 * An operator's KYC decision, confirmed before it is sent: verifying asks for the name as the
 * documents give it (recorded on the operator, shown on their cards' checks); rejecting and
 * suspending say what follows for the operator.
 */
export function KycDecisionDialog({
  operator,
  status,
  onClose,
}: {
  operator: { userId: number; phone: string; nickname: string };
  status: KycDecision;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const decide = useMutation({
    mutationFn: () =>
      api.console.decideKyc({
        params: { userId: operator.userId },
        body: { status, ...(status === 'verified' ? { verifiedName: name.trim() } : {}) },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['console', 'operators'] });
      onClose();
    },
  });
  return (
    <ConfirmDialog
      title={t(`console.operators.confirm.${status}.title`, { phone: operator.phone })}
      confirmLabel={t(`console.operators.confirm.${status}.action`)}
      cancelLabel={t('console.operators.confirm.cancel')}
      busy={decide.isPending}
      confirmDisabled={status === 'verified' && name.trim().length < NAME_MIN}
      error={decide.error ? errorText(decide.error) : null}
      onConfirm={() => decide.mutate()}
      onCancel={onClose}
    >
      <p>{t(`console.operators.confirm.${status}.body`, { nickname: operator.nickname })}</p>
      {status === 'verified' && (
        <Field id="kyc-verified-name" label={t('console.operators.namePrompt')} className="mt-3">
          <Input
            id="kyc-verified-name"
            value={name}
            maxLength={80}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
      )}
    </ConfirmDialog>
  );
}

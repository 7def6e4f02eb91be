import type { DepositReversal } from '@payhub/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { ConfirmDialog, NoteField } from '../../shared/ui.tsx';

/**
 * The reversal of a credited deposit the bank took back (finance, admin): what it will do, a reason,
 * and a confirmation — it takes money off a player's balance, so nothing is sent before that. The
 * server moves the money, writes the audit line and tells the player.
 */
export function ReverseDeposit({
  order,
  onDone,
  onClose,
}: {
  order: { id: number; orderNo: string; amount: string; currency: string };
  onDone: (reversal: DepositReversal) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const reverse = useMutation({
    mutationFn: () =>
      api.console.reverseDeposit({ params: { id: order.id }, body: { reason: reason.trim() } }),
    onSuccess: (reversal) => {
      void queryClient.invalidateQueries({ queryKey: ['console', 'orders'] });
      onDone(reversal);
    },
  });
  return (
    <ConfirmDialog
      title={t('consoleOps.reverse.title', { id: order.id })}
      confirmLabel={t('consoleOps.reverse.confirm')}
      cancelLabel={t('consoleOps.reverse.cancel')}
      busy={reverse.isPending}
      confirmDisabled={reason.trim().length < 3}
      error={reverse.error ? errorText(reverse.error) : null}
      onConfirm={() => reverse.mutate()}
      onCancel={onClose}
    >
      <p>
        {t('consoleOps.reverse.body', {
          amount: `${order.amount} ${order.currency}`,
          orderNo: order.orderNo,
        })}
      </p>
      <NoteField
        id="reverse-reason"
        label={t('consoleOps.reverse.reason')}
        value={reason}
        onChange={setReason}
        className="mt-3"
      />
    </ConfirmDialog>
  );
}

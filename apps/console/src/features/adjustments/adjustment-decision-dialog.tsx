import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { ConfirmDialog, NoteField } from '../../shared/ui.tsx';

/** The shortest rejection note the server takes (contracts: rejectAdjustment.note). */
const NOTE_MIN = 3;

/**
 * The second staff member's decision on a manual adjustment, confirmed before it is sent: approving
 * moves the money at once; rejecting needs a note, which the requester and the audit log see.
 */
export function AdjustmentDecisionDialog({
  adjustment,
  approve,
  onClose,
}: {
  adjustment: { id: number; userId: number; asset: string; amount: string; reason: string };
  approve: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const decide = useMutation({
    mutationFn: () =>
      approve
        ? api.console.approveAdjustment({ params: { id: adjustment.id }, body: {} })
        : api.console.rejectAdjustment({ params: { id: adjustment.id }, body: { note: note.trim() } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['console', 'adjustments'] });
      onClose();
    },
  });
  const which = approve ? 'approve' : 'reject';
  return (
    <ConfirmDialog
      title={t(`console.adjustments.confirm.${which}.title`, { id: adjustment.id })}
      confirmLabel={t(`console.adjustments.confirm.${which}.action`)}
      cancelLabel={t('console.adjustments.confirm.cancel')}
      busy={decide.isPending}
      confirmDisabled={!approve && note.trim().length < NOTE_MIN}
      error={decide.error ? errorText(decide.error) : null}
      onConfirm={() => decide.mutate()}
      onCancel={onClose}
    >
      <p>
        {t(`console.adjustments.confirm.${which}.body`, {
          amount: `${adjustment.amount} ${adjustment.asset}`,
          player: adjustment.userId,
          reason: adjustment.reason,
        })}
      </p>
      {!approve && (
        <NoteField
          id="adjustment-reject-note"
          label={t('console.adjustments.rejectNote')}
          value={note}
          onChange={setNote}
          className="mt-3"
        />
      )}
    </ConfirmDialog>
  );
}

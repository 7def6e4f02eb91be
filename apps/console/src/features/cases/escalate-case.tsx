import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { ConfirmDialog, NoteField } from '../../shared/ui.tsx';

/**
 * A compliance officer hands an open case to the admin: a note (why the admin must decide) and a
 * confirmation. The case stays open and joins the escalated queue; the server writes the audit line.
 */
export function EscalateCase({ caseId, onClose }: { caseId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const escalate = useMutation({
    mutationFn: () => api.console.escalateCase({ params: { id: caseId }, body: { note } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['console', 'cases'] });
      onClose();
    },
  });
  return (
    <ConfirmDialog
      title={t('consoleScreens.escalation.title', { id: caseId })}
      confirmLabel={t('consoleScreens.escalation.confirm')}
      cancelLabel={t('consoleScreens.escalation.cancel')}
      busy={escalate.isPending || note.trim().length < 3}
      error={escalate.error ? errorText(escalate.error) : null}
      onConfirm={() => escalate.mutate()}
      onCancel={onClose}
    >
      <p>{t('consoleScreens.escalation.body')}</p>
      <NoteField
        id="escalation-note"
        label={t('consoleScreens.escalation.note')}
        value={note}
        onChange={setNote}
        className="mt-3"
      />
    </ConfirmDialog>
  );
}

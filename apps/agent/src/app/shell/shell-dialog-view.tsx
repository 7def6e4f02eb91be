import { AlertTriangle, Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { dismissDialog, type ShellDialog } from '../../lib/stores/layout.store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal.tsx';

/** One info or error dialog (loaded on the first dialog, not with the first paint). */
export default function ShellDialogView({ dialog }: { dialog: ShellDialog }) {
  const { t } = useTranslation();
  const isError = dialog.kind === 'error';
  return (
    <Modal
      open
      level={1}
      testId={`shell-dialog-${dialog.kind}`}
      tone={isError ? 'danger' : 'brand'}
      icon={
        isError ? <AlertTriangle className="size-6" aria-hidden /> : <Info className="size-6" aria-hidden />
      }
      title={dialog.title ?? (isError ? t('common.error') : t('common.info'))}
      description={dialog.message}
      onDismiss={dismissDialog}
      actions={
        <Button block onClick={dismissDialog}>
          {t('common.ok')}
        </Button>
      }
    />
  );
}

import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { nativeBridge } from '../../lib/native-bridge.ts';
import type { ForcedUpdate } from '../../lib/stores/layout.store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal.tsx';

/**
 * The non-closable update dialog: a newer web build (common.findNewVersion, update reloads) or a
 * native wrapper below the minimum versionCode (common.newVersionTips2, update opens the store).
 */
export default function UpdateDialogView({ reason }: { reason: Exclude<ForcedUpdate, null> }) {
  const { t } = useTranslation();
  const update = () => {
    const bridge = nativeBridge();
    if (reason === 'nativeTooOld' && bridge?.openUpdate) bridge.openUpdate();
    else window.location.reload();
  };
  return (
    <Modal
      open
      level={2}
      testId="update-dialog"
      icon={<RefreshCw className="size-6" aria-hidden />}
      title={reason === 'newVersion' ? t('common.findNewVersion') : t('common.newVersionTips2')}
      actions={
        <Button block onClick={update}>
          {t('common.update')}
        </Button>
      }
    />
  );
}

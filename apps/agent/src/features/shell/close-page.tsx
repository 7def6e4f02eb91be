import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { nativeBridge } from '../../lib/native-bridge.ts';
import { Button } from '../../shared/ui/button.tsx';
import { StatusScreen } from '../../shared/ui/status-screen.tsx';

/** /close: the end of a flow opened by the wrapper; closes the web view when the bridge can. */
export default function ClosePage() {
  const { t } = useTranslation();
  const close = () => {
    const bridge = nativeBridge();
    if (bridge?.close) bridge.close();
    else window.close();
  };
  return (
    <StatusScreen
      testId="close-page"
      tone="success"
      icon={<CircleCheck className="size-9" aria-hidden />}
      title={t('shell.closeTitle')}
      body={t('shell.closeBody')}
    >
      <Button block onClick={close}>
        {t('shell.closeButton')}
      </Button>
    </StatusScreen>
  );
}

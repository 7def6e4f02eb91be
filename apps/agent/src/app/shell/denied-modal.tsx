import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal.tsx';

/** The permission-denied screen (spec §2): a modal whose button replaces the route with /account. */
export default function DeniedModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="min-h-dvh">
      <Modal
        open
        testId="permission-denied"
        tone="danger"
        icon={<ShieldAlert className="size-6" aria-hidden />}
        title={t('shell.denied')}
        actions={
          <Button block onClick={() => navigate(paths.account, { replace: true })}>
            {t('shell.backToAccount')}
          </Button>
        }
      />
    </div>
  );
}

import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { Button } from '../../shared/ui/button.tsx';
import { StatusScreen } from './status-screen.tsx';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <StatusScreen
      icon={<Compass className="size-9" />}
      title={t('player.notFoundTitle')}
      hint={t('player.notFoundHint')}
      action={
        <Button onClick={() => navigate(paths.root, { replace: true })} className="min-w-48">
          {t('player.goHome')}
        </Button>
      }
    />
  );
}

import { RefreshCw } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusScreen } from '../../features/shell/status-screen.tsx';
import { Button } from '../../shared/ui/button.tsx';

/**
 * Catches what a screen throws while rendering — on a phone, most often its code chunk failing to
 * download on a dropped connection — and offers a reload instead of a blank page. It is part of the
 * first paint's code (nothing more can be downloaded then); a new route resets it.
 */
export class CrashBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('screen crashed', error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error !== null)
      this.setState({ error: null });
  }

  override render() {
    return this.state.error !== null ? <PageFailed /> : this.props.children;
  }
}

function PageFailed() {
  const { t } = useTranslation();
  return (
    <StatusScreen
      icon={<RefreshCw className="size-9" />}
      title={t('player.pageFailedTitle')}
      hint={t('player.pageFailedHint')}
      action={
        <Button onClick={() => window.location.reload()} className="min-w-48">
          {t('player.reload')}
        </Button>
      }
    />
  );
}

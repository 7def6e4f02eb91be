import { MessageCircle, RotateCw, ServerCrash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { reloadClean } from '../../lib/reload.ts';
import { useGlobalStore } from '../../lib/stores/global.store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { StatusScreen } from '../../shared/ui/status-screen.tsx';

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object' && 'statusText' in error) return String(error.statusText);
  return String(error);
}

/**
 * The crash screen (spec §2): site-down heading, an info label, the error message, a customer
 * service chat link (new tab) and a reload that clears session storage.
 */
export default function CrashScreen({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chatUrl = useGlobalStore((state) => state.site.chatUrl);
  return (
    <StatusScreen
      testId="crash-screen"
      tone="danger"
      icon={<ServerCrash className="size-9" aria-hidden />}
      title={t('shell.siteDown')}
      body={
        <div className="flex flex-col items-center gap-2">
          <span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-700">
            {t('shell.crashInfo')}
          </span>
          <code className="max-w-full rounded-lg bg-slate-100 px-3 py-2 text-left font-mono text-[13px] break-words text-slate-800">
            {messageOf(error)}
          </code>
        </div>
      }
    >
      {chatUrl ? (
        <a
          href={chatUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex h-11 items-center justify-center gap-2 rounded-xl bg-white px-4 font-semibold text-slate-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
        >
          <MessageCircle className="size-4" aria-hidden />
          {t('shell.contactCs')}
        </a>
      ) : null}
      <Button block icon={<RotateCw className="size-4" aria-hidden />} onClick={reloadClean}>
        {t('shell.reload')}
      </Button>
    </StatusScreen>
  );
}

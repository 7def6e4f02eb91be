import { ChevronDown, ChevronLeft, Globe, MapPin, Wallet } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSheet } from '../../lib/language-sheet.tsx';
import { usePreferences } from '../../lib/preferences.store.ts';
import { useProject } from '../../lib/project.ts';
import { ProjectSheet } from '../../lib/project-sheet.tsx';

/** The frame of the sign-in screens: brand, project and language choice, and a card for the form. */
export function AuthLayout({
  title,
  hint,
  backTo,
  children,
  footer,
}: {
  title: string;
  hint: string;
  backTo?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const project = useProject();
  const language = usePreferences((state) => state.language);
  const [projectOpen, setProjectOpen] = useState(false);
  const [languageOpen, setLanguageOpen] = useState(false);

  return (
    <div className="min-h-dvh bg-gradient-to-b from-brand-900 via-brand-700 to-brand-600">
      <div className="mx-auto flex min-h-dvh max-w-md flex-col">
        <header className="flex items-center justify-between gap-2 px-4 pt-[max(0.75rem,env(safe-area-inset-top))]">
          {backTo ? (
            <Link
              to={backTo}
              aria-label={t('player.back')}
              className="flex size-10 items-center justify-center rounded-full text-white/90 active:bg-white/10"
            >
              <ChevronLeft className="size-6" />
            </Link>
          ) : (
            <span
              role="img"
              aria-label={t('player.appName')}
              className="flex size-10 items-center justify-center rounded-xl bg-white/15 text-white"
            >
              <Wallet className="size-5" />
            </span>
          )}
          <div className="flex items-center gap-1.5">
            <button
              type="button"
              onClick={() => setProjectOpen(true)}
              className="flex h-9 items-center gap-1.5 rounded-full bg-white/15 pr-2 pl-3 text-[13px] font-semibold text-white active:bg-white/25"
            >
              <MapPin className="size-4 opacity-80" />
              {/* The name read out is the visible text with what the button does before it. */}
              <span className="sr-only">{t('player.chooseProject')}: </span>
              <span className="max-w-40 truncate">{project.data?.name ?? '…'}</span>
              <ChevronDown className="size-4 opacity-80" />
            </button>
            <button
              type="button"
              onClick={() => setLanguageOpen(true)}
              className="flex h-9 items-center gap-1.5 rounded-full bg-white/15 px-3 text-[13px] font-semibold text-white uppercase active:bg-white/25"
            >
              <Globe className="size-4" />
              <span className="sr-only">{t('player.chooseLanguage')}: </span>
              {language.slice(0, 2)}
            </button>
          </div>
        </header>
        <div className="px-6 pt-7 pb-7 text-white">
          <h1 className="text-[26px] leading-tight font-bold tracking-tight">{title}</h1>
          <p className="mt-2 text-[14.5px] leading-relaxed text-white/75">{hint}</p>
        </div>
        <main className="flex flex-1 flex-col rounded-t-[28px] bg-white px-5 pt-6 pb-[max(1.5rem,env(safe-area-inset-bottom))]">
          {children}
          {footer && <div className="mt-auto pt-6">{footer}</div>}
        </main>
      </div>
      <ProjectSheet
        open={projectOpen}
        onOpenChange={setProjectOpen}
        currentProjectId={project.data?.projectId}
      />
      <LanguageSheet open={languageOpen} onOpenChange={setLanguageOpen} />
    </div>
  );
}

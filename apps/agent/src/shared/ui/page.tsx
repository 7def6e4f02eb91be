import { ChevronLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { parentPath } from '../../lib/access/nav-model.ts';
import { useIdentity } from '../../lib/access/use-identity.ts';
import { useGlobalStore } from '../../lib/stores/global.store.ts';

/**
 * Back on every page that is not one of the role's tabs (the wrapper has no address bar or back
 * button of its own on iOS): to the previous page of the app when there is one, else to the page
 * above it (opened from a push, or after a reload).
 */
function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const identity = useIdentity();
  const signedIn = useGlobalStore((state) => state.status === 'signedIn');
  const parent = signedIn ? parentPath(pathname, identity) : null;
  if (!parent) return null;
  return (
    <button
      type="button"
      data-testid="nav-back"
      aria-label={t('shell.nav.back')}
      onClick={() => {
        // React Router numbers the entries it pushed; 0 means this page was the first one opened.
        const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (index > 0) void navigate(-1);
        else void navigate(parent, { replace: true });
      }}
      className="-ml-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100"
    >
      <ChevronLeft className="size-6" aria-hidden />
    </button>
  );
}

/** A page with a sticky top bar; content is one column, comfortable on a 360 px screen. */
export function Page({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="min-h-dvh pb-[calc(24px+env(safe-area-inset-bottom))]">
      <header className="sticky top-0 z-10 border-slate-200/70 border-b bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-2xl items-center gap-1 px-4">
          <BackButton />
          <h1 className="min-w-0 flex-1 truncate text-[17px] font-semibold text-slate-900">{title}</h1>
          {actions}
        </div>
      </header>
      <main className="mx-auto flex max-w-2xl flex-col gap-4 px-4 pt-4">{children}</main>
    </div>
  );
}

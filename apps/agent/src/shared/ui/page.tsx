import type { ReactNode } from 'react';

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
        <div className="mx-auto flex h-14 max-w-2xl items-center justify-between gap-3 px-4">
          <h1 className="truncate text-[17px] font-semibold text-slate-900">{title}</h1>
          {actions}
        </div>
      </header>
      <main className="mx-auto flex max-w-2xl flex-col gap-4 px-4 pt-4">{children}</main>
    </div>
  );
}

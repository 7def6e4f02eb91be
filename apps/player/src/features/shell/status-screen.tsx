import type { ReactNode } from 'react';

/** A full-screen status message: icon, title, explanation and one action. */
export function StatusScreen({
  icon,
  title,
  hint,
  action,
}: {
  icon: ReactNode;
  title: string;
  hint: string;
  action: ReactNode;
}) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center px-8 text-center">
      <div className="mb-6 flex size-20 items-center justify-center rounded-3xl bg-white text-brand-600 shadow-sm ring-1 ring-slate-200">
        {icon}
      </div>
      <h1 className="text-[22px] font-bold text-slate-900">{title}</h1>
      <p className="mt-2 mb-8 text-[15px] leading-relaxed text-slate-600">{hint}</p>
      {action}
    </main>
  );
}

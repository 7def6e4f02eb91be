import clsx from 'clsx';
import type { ReactNode } from 'react';

/** A centred full-page message: the 404, 500, wait, close and crash screens. */
export function StatusScreen({
  icon,
  tone = 'brand',
  title,
  body,
  children,
  testId,
}: {
  icon: ReactNode;
  tone?: 'brand' | 'danger' | 'warning' | 'success';
  title: string;
  body?: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  const tones = {
    brand: 'bg-brand-50 text-brand-700',
    danger: 'bg-red-50 text-red-700',
    warning: 'bg-amber-50 text-amber-700',
    success: 'bg-emerald-50 text-emerald-700',
  };
  return (
    <main
      data-testid={testId}
      className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center px-6 py-10 text-center"
    >
      <div className={clsx('mb-6 flex size-20 items-center justify-center rounded-3xl', tones[tone])}>
        {icon}
      </div>
      <h1 className="text-xl font-bold text-slate-900">{title}</h1>
      {body ? <div className="mt-3 text-[15px] leading-relaxed text-slate-600">{body}</div> : null}
      {children ? <div className="mt-8 flex w-full flex-col gap-3">{children}</div> : null}
    </main>
  );
}

import clsx from 'clsx';
import type { ReactNode } from 'react';

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <section className={clsx('rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200/70', className)}>
      {children}
    </section>
  );
}

export function CardTitle({ children }: { children: ReactNode }) {
  return (
    <h2 className="mb-2 text-[13px] font-semibold tracking-wide text-slate-600 uppercase">{children}</h2>
  );
}

/** A label/value row of a details list. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4 border-slate-100 border-b py-2.5 last:border-b-0">
      <dt className="shrink-0 text-sm text-slate-600">{label}</dt>
      <dd className="min-w-0 text-right text-sm font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

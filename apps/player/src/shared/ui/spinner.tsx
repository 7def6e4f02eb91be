import { clsx } from 'clsx';

export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={clsx(
        'inline-block animate-spin rounded-full border-2 border-current border-r-transparent',
        className,
      )}
    />
  );
}

/** A centred spinner for a page whose data is on its way. */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex min-h-[50dvh] items-center justify-center text-brand-600">
      <Spinner className="size-7" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

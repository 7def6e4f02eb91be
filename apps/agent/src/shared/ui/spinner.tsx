import clsx from 'clsx';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const circle = (
    <span
      aria-hidden
      className={clsx(
        'inline-block animate-spin rounded-full border-2 border-current border-r-transparent',
        className ?? 'size-5',
      )}
    />
  );
  if (!label) return circle;
  return (
    <output className="inline-flex">
      {circle}
      <span className="sr-only">{label}</span>
    </output>
  );
}

/** A full-height loading state for pages waiting on the session. */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center text-brand-700">
      <Spinner className="size-8" label={label} />
    </div>
  );
}

import { clsx } from 'clsx';
import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner.tsx';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const variants: Record<Variant, string> = {
  primary: 'bg-brand-600 text-white shadow-sm shadow-brand-600/25 active:bg-brand-700 disabled:bg-brand-200',
  secondary: 'bg-brand-50 text-brand-700 active:bg-brand-100 disabled:text-brand-200',
  ghost: 'bg-transparent text-slate-600 active:bg-slate-100 disabled:text-slate-300',
  danger: 'bg-white text-rose-600 ring-1 ring-rose-200 active:bg-rose-50 disabled:text-rose-300',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  busy?: boolean;
  block?: boolean;
}

export function Button({
  variant = 'primary',
  busy = false,
  block = false,
  className,
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={clsx(
        'inline-flex h-12 items-center justify-center gap-2 rounded-xl px-5 text-[15px] font-semibold transition-colors',
        variants[variant],
        block && 'w-full',
        className,
      )}
      {...rest}
    >
      {busy && <Spinner className="size-4" />}
      {children}
    </button>
  );
}

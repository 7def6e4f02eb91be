import clsx from 'clsx';
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> {
  label: string;
  hint?: string;
  error?: string | null;
  /** Shown inside the field before the input, e.g. the country prefix "+62". */
  prefix?: ReactNode;
  /** Shown inside the field after the input, e.g. a show-password button. */
  suffix?: ReactNode;
}

export function TextField({ label, hint, error, prefix, suffix, className, id, ...rest }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const describedBy = error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined;
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <div
        className={clsx(
          'flex h-12 items-center rounded-xl bg-white ring-1 ring-inset transition-shadow focus-within:ring-2',
          error ? 'ring-red-400 focus-within:ring-red-500' : 'ring-slate-300 focus-within:ring-brand-600',
        )}
      >
        {prefix ? (
          <span className="flex h-full items-center border-r border-slate-200 pr-3 pl-3.5 text-[15px] font-medium text-slate-600">
            {prefix}
          </span>
        ) : null}
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="h-full min-w-0 flex-1 rounded-xl bg-transparent px-3.5 text-base text-slate-900 outline-none placeholder:text-slate-400"
          {...rest}
        />
        {suffix ? <span className="flex h-full items-center pr-1.5">{suffix}</span> : null}
      </div>
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="text-[13px] text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${inputId}-hint`} className="text-[13px] text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  className?: string;
}

/** A native select (best keyboard and screen-reader support on phones) styled like the fields. */
export function SelectField({ label, value, onChange, options, className }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-12 appearance-none rounded-xl bg-white bg-[length:20px] bg-[right_12px_center] bg-no-repeat px-3.5 pr-10 text-base text-slate-900 ring-1 ring-slate-300 ring-inset outline-none focus:ring-2 focus:ring-brand-600"
        style={{
          backgroundImage:
            "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%2364748b' stroke-width='2'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E\")",
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

import type { Locale } from '@payhub/contracts';
import { clsx } from 'clsx';
import { Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { phoneExample } from '../phone-example.ts';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: string;
  /** Shown inside the box before the input, e.g. the country prefix. */
  leading?: ReactNode;
  /** Shown inside the box after the input, e.g. a send-code button. */
  trailing?: ReactNode;
}

export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  leading,
  trailing,
  id,
  className,
  ...rest
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  const message = error ?? hint;
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-[13px] font-medium text-slate-600">
        {label}
      </label>
      <div
        className={clsx(
          'flex h-12 items-center gap-2 rounded-xl bg-slate-50 px-3.5 ring-1 transition-shadow focus-within:bg-white focus-within:ring-2',
          error ? 'ring-rose-300 focus-within:ring-rose-400' : 'ring-slate-200 focus-within:ring-brand-500',
        )}
      >
        {leading}
        <input
          id={inputId}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          className="h-full min-w-0 flex-1 bg-transparent text-[16px] text-slate-900 outline-none placeholder:text-slate-400"
          {...rest}
        />
        {trailing}
      </div>
      {message && (
        <p
          id={messageId}
          role={error ? 'alert' : undefined}
          className={clsx('text-[12.5px]', error ? 'text-rose-600' : 'text-slate-500')}
        >
          {message}
        </p>
      )}
    </div>
  );
}

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'trailing'> {
  showLabel: string;
  hideLabel: string;
}

export function PasswordField({ showLabel, hideLabel, ...rest }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...rest}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((current) => !current)}
          aria-label={visible ? hideLabel : showLabel}
          className="-mr-1 flex size-9 items-center justify-center rounded-lg text-slate-400 active:bg-slate-100"
        >
          {visible ? <EyeOff className="size-5" /> : <Eye className="size-5" />}
        </button>
      }
    />
  );
}

/** The country prefix shown inside a phone field ("+62"). */
export function PhonePrefix({ countryCode }: { countryCode: string }) {
  return (
    <span className="border-r border-slate-200 pr-2.5 text-[15px] font-semibold text-slate-700">
      +{countryCode}
    </span>
  );
}

export interface PhoneFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  /** The project's country code, shown as the prefix. */
  countryCode: string;
  /** The project's locale: the placeholder is an example number of its country. */
  locale: Locale;
  name: string;
}

/** A national phone number input after the project's country prefix. */
export function PhoneField({ label, value, onChange, error, countryCode, locale, name }: PhoneFieldProps) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={onChange}
      error={error}
      leading={<PhonePrefix countryCode={countryCode} />}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder={phoneExample(locale)}
      name={name}
    />
  );
}

export interface AmountFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  /** The project's currency symbol, shown before the amount (nothing until the project is known). */
  currencySymbol: string | undefined;
  placeholder: string;
}

/** A typed money amount after the project's currency symbol. */
export function AmountField({
  label,
  value,
  onChange,
  error,
  currencySymbol,
  placeholder,
}: AmountFieldProps) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={onChange}
      error={error}
      leading={<span className="text-[15px] font-semibold text-slate-500">{currencySymbol}</span>}
      inputMode="decimal"
      placeholder={placeholder}
      name="amount"
    />
  );
}

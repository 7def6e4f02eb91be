import { type ProjectRails, parseMoney } from '@payhub/contracts';
import clsx from 'clsx';
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGlobalStore } from '../lib/stores/global.store.ts';
import { formatCurrency, PAYMENT_CURRENCY_DIGITS } from './money.ts';
import { Button } from './ui/button.tsx';
import { Spinner } from './ui/spinner.tsx';

/** Building blocks of the payment screens (payhub, withdraw): money and time formats, lists, tabs. */

/** An amount as the payment client shows it: "Rp 150.000,00" / "MX$1,500.00". */
export function useFormatMoney(): (amount: string | bigint) => string {
  const project = useGlobalStore((state) => state.site.project);
  return (amount) =>
    formatCurrency(amount, project ?? { locale: 'id-ID', currencySymbol: 'Rp' }, PAYMENT_CURRENCY_DIGITS);
}

/**
 * The payment rails of the signed-in project (banks, deposit ports, top-up methods, recharge account):
 * screens offer only these, so a Mexican operator never sees QRIS or Indodax (contracts/rails.ts).
 */
export function useRails(): ProjectRails {
  return useGlobalStore((state) => state.site.project?.rails) ?? NO_RAILS;
}
/** Before the project config is read nothing is offered (never another country's rails). */
const NO_RAILS: ProjectRails = {
  banks: [],
  depositPorts: [],
  topUpMethods: [],
  rechargeAccount: null,
  cardScheme: 'account',
};

export function useFormatTime(): (iso: string) => string {
  const language = useGlobalStore((state) => state.language);
  const timeZone = useGlobalStore((state) => state.site.project?.timeZone);
  const format = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short', timeZone });
  return (iso) => format.format(new Date(iso));
}

/** Parses a typed amount ("150000", "150.000,50" is refused) into minor units, or null. */
export function parseAmountInput(text: string): bigint | null {
  try {
    const value = parseMoney(text.trim());
    return value > 0n ? value : null;
  } catch {
    return null;
  }
}

/** Loading and empty states of a list. */
/** What a list needs to know of its query to offer a retry (a TanStack Query result fits). */
export interface RetryableQuery {
  isError: boolean;
  isFetching?: boolean;
  refetch: () => unknown;
}

/** A failed load: what happened in the user's language, and a retry (never an empty list that stays). */
export function LoadError({ query }: { query: RetryableQuery }) {
  const { t } = useTranslation();
  return (
    <div role="alert" data-testid="load-error" className="flex flex-col items-center gap-3 py-6 text-center">
      <p className="text-sm text-slate-700">{t('common.loadFailed')}</p>
      <Button size="sm" variant="secondary" busy={query.isFetching} onClick={() => void query.refetch()}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/** A list's three states besides its rows: loading, failed (with a retry) and empty. */
export function ListState({
  loading,
  empty,
  query,
  children,
}: {
  loading: boolean;
  empty: string | null;
  /** The list's query: when it failed, the list offers a retry instead of staying empty. */
  query?: RetryableQuery;
  children: ReactNode;
}) {
  if (loading)
    return (
      <div className="flex justify-center py-8">
        <Spinner className="size-6 text-brand-700" />
      </div>
    );
  if (query?.isError && !empty) return <LoadError query={query} />;
  if (empty) return <p className="py-8 text-center text-sm text-slate-600">{empty}</p>;
  return <>{children}</>;
}

/** A row that opens something: title, detail line and a trailing value. */
export function ListButton({
  title,
  detail,
  trailing,
  onClick,
  testId,
}: {
  title: ReactNode;
  detail?: ReactNode;
  trailing?: ReactNode;
  onClick: () => void;
  testId?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      data-testid={testId}
      className="flex min-h-14 w-full items-center justify-between gap-3 rounded-xl bg-white px-3 py-2.5 text-left ring-1 ring-slate-200/70 transition-colors hover:bg-slate-50"
    >
      <span className="min-w-0">
        <span className="block truncate text-[15px] font-semibold text-slate-900">{title}</span>
        {/* Order numbers and times wrap rather than truncate: at 360 px the time was cut off. */}
        {detail ? (
          <span className="block text-[13px] text-slate-600 [overflow-wrap:anywhere]">{detail}</span>
        ) : null}
      </span>
      <span className="flex shrink-0 items-center gap-2">
        {trailing}
        <ChevronRight aria-hidden className="size-4 text-slate-400" />
      </span>
    </button>
  );
}

/** A tile of the dashboard menu. */
export function MenuTile({
  to,
  icon,
  label,
  count,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  count?: number;
}) {
  return (
    <Link
      to={to}
      className="relative flex min-h-20 flex-col items-center justify-center gap-1.5 rounded-xl bg-white p-2 text-center text-[13px] font-medium text-slate-800 ring-1 ring-slate-200/70 hover:bg-slate-50"
    >
      <span className="text-brand-700">{icon}</span>
      {label}
      {count ? (
        <span className="absolute top-1.5 right-1.5 min-w-5 rounded-full bg-red-600 px-1.5 text-xs font-bold text-white">
          {count}
        </span>
      ) : null}
    </Link>
  );
}

/** Segmented tabs (filters). */
export function Tabs<T extends string>({
  value,
  options,
  onChange,
}: {
  value: T;
  options: ReadonlyArray<{ value: T; label: string; count?: number }>;
  onChange: (value: T) => void;
}) {
  return (
    // A label and its count stay on one line (issue 11: "Bermasalah (0)" wrapped at 360 px): each tab
    // is as wide as its text and the rest is shared out; should larger counts not fit, the bar scrolls
    // sideways inside itself instead of widening the page.
    <div
      role="tablist"
      data-testid="segmented-tabs"
      className="flex gap-1 overflow-x-auto rounded-xl bg-slate-100 p-1"
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="tab"
          aria-selected={option.value === value}
          onClick={() => onChange(option.value)}
          className={clsx(
            'h-10 flex-auto whitespace-nowrap rounded-lg px-1.5 text-[13px] font-semibold transition-colors',
            option.value === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600',
          )}
        >
          {option.label}
          {option.count !== undefined ? ` (${option.count})` : ''}
        </button>
      ))}
    </div>
  );
}

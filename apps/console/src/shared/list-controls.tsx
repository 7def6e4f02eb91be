import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './ui.tsx';

/**
 * "Load more" under a keyset-paged list (TanStack's infinite query): shown while the server says
 * there is a next page, disabled while that page loads so one click fetches one page.
 */
export function LoadMore({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  const { t } = useTranslation();
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="plain"
      className="mt-3"
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {t('console.common.loadMore')}
    </Button>
  );
}

/**
 * The row of filters above a table. With `onSearch` it is a form whose Search button (or Enter)
 * applies the typed fields; without, the filters apply as they change.
 */
export function FilterBar({ onSearch, children }: { onSearch?: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const className = 'mb-3 flex flex-wrap items-center gap-2 text-sm';
  if (!onSearch) return <div className={className}>{children}</div>;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <form onSubmit={submit} className={className}>
      {children}
      <Button type="submit">{t('console.common.search')}</Button>
    </form>
  );
}

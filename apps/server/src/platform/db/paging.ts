import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from './database.ts';

/** One page of a list, as LIMIT/OFFSET. */
export interface PageWindow {
  limit: number;
  offset: number;
}

export interface Paged<T> {
  items: T[];
  total: number;
}

/** The LIMIT/OFFSET window of page `page` (from 1) of `count` rows. */
export function paging(page: number, count: number): PageWindow {
  return { limit: count, offset: (page - 1) * count };
}

/**
 * One page of a list query and the number of rows the whole list has:
 * `SELECT <columns>, count(*) OVER () AS total <from> ORDER BY <orderBy> LIMIT … OFFSET …`.
 * `from` is the FROM clause with its joins and WHERE.
 */
export async function pagedQuery<T>(
  executor: Executor,
  query: { columns: SQL; from: SQL; orderBy: SQL },
  page: PageWindow,
  toItem: (row: Record<string, unknown>) => T,
): Promise<Paged<T>> {
  const rows = await executor.execute<Record<string, unknown>>(sql`
    SELECT ${query.columns}, count(*) OVER () AS total ${query.from}
     ORDER BY ${query.orderBy} LIMIT ${page.limit} OFFSET ${page.offset}`);
  return { items: rows.rows.map(toItem), total: Number(rows.rows[0]?.total ?? 0) };
}

/**
 * Like `pagedQuery`, but counts with a second statement, so the total stays right for a page past
 * the end (a window count has no row to stand on there).
 */
export async function pagedQueryCounted<T>(
  executor: Executor,
  query: { columns: SQL; from: SQL; orderBy: SQL },
  page: PageWindow,
  toItem: (row: Record<string, unknown>) => T,
): Promise<Paged<T>> {
  const items = await executor.execute<Record<string, unknown>>(sql`
    SELECT ${query.columns} ${query.from} ORDER BY ${query.orderBy} LIMIT ${page.limit} OFFSET ${page.offset}`);
  const total = await executor.execute<{ count: string }>(sql`SELECT count(*) AS count ${query.from}`);
  return { items: items.rows.map(toItem), total: Number(total.rows[0]?.count ?? 0) };
}

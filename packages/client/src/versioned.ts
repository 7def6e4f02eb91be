/**
 * Applying pushed entities to cached server data (STYLE.md principle 8): every pushed order carries
 * a `version` that grows on each change, so a client applies a push in place of refetching, and
 * drops a push older than what it already holds (pushes and answers can arrive in any order).
 */

/** An entity the server versions: `version` grows on every change of the row `id`. */
export interface Versioned {
  readonly id: number;
  readonly version: number;
}

/** A list answer of the API (`{ items, total }`), newest id first. */
export interface Page<Item> {
  readonly items: readonly Item[];
  readonly total: number;
}

/**
 * Where a pushed entity belongs in one cached list: `true` it is in the list's filter, `false` it is
 * not (any more), `undefined` the client cannot tell from the entity alone.
 */
export type Membership = boolean | undefined;

/**
 * Remembers the newest version seen of each entity, so that a stale push is dropped even after the
 * entity has left every cached list (a late "waiting" copy must not bring a confirmed order back).
 */
export class VersionRegister {
  private readonly newest = new Map<number, number>();

  /** True when `entity` is newer than every copy seen so far; it then becomes the newest. */
  accept(entity: Versioned): boolean {
    const seen = this.newest.get(entity.id);
    if (seen !== undefined && seen >= entity.version) return false;
    this.newest.set(entity.id, entity.version);
    return true;
  }
}

/**
 * One cached page with `entity` applied: replaced when the page holds an older copy, removed when it
 * no longer belongs, inserted in id order (newest first) when it now belongs. Answers `'same'` when
 * nothing changes and `'unknown'` when the entity is absent and its membership cannot be told (the
 * caller then refetches that one list).
 */
export function applyToPage<Item extends Versioned>(
  page: Page<Item>,
  entity: Item,
  belongs: Membership,
): Page<Item> | 'same' | 'unknown' {
  const index = page.items.findIndex((item) => item.id === entity.id);
  if (index >= 0) {
    const held = page.items[index]!;
    if (held.version >= entity.version) return 'same';
    if (belongs === false)
      return {
        ...page,
        items: page.items.filter((_, at) => at !== index),
        total: Math.max(0, page.total - 1),
      };
    return { ...page, items: page.items.map((item, at) => (at === index ? entity : item)) };
  }
  if (belongs === false) return 'same';
  if (belongs === undefined) return 'unknown';
  const at = page.items.findIndex((item) => item.id < entity.id);
  const items = [...page.items];
  items.splice(at < 0 ? items.length : at, 0, entity);
  return { ...page, items, total: page.total + 1 };
}

/** What `applyPushed` needs of a TanStack `QueryClient` (kept structural: no query library here). */
export interface EntityCache {
  getQueriesData(filters: { queryKey: readonly unknown[] }): Array<[readonly unknown[], unknown]>;
  getQueryData(queryKey: readonly unknown[]): unknown;
  setQueryData(queryKey: readonly unknown[], data: unknown): unknown;
  invalidateQueries(filters: { queryKey: readonly unknown[]; exact: boolean }): Promise<void>;
}

/** A family of cached lists a pushed entity may belong to: the query-key prefix and the filter. */
export interface ListFamily<Item> {
  readonly queryKey: readonly unknown[];
  /** Whether `entity` belongs in the list cached under `key` (a key of this family). */
  readonly belongs: (key: readonly unknown[], entity: Item) => Membership;
}

function isPage(data: unknown): data is Page<Versioned> {
  return typeof data === 'object' && data !== null && Array.isArray((data as Page<Versioned>).items);
}

/**
 * Applies a pushed (or answered) entity to every cached list of the given families and to the single
 * entity cached under `entityKey`, without a request: only a list that cannot tell whether the entity
 * belongs is refetched, alone. Answers false (and changes nothing) for a stale copy.
 */
export function applyPushed<Item extends Versioned>(
  cache: EntityCache,
  register: VersionRegister,
  entity: Item,
  target: { families: ReadonlyArray<ListFamily<Item>>; entityKey?: readonly unknown[] },
): boolean {
  if (!register.accept(entity)) return false;
  for (const family of target.families) {
    for (const [key, data] of cache.getQueriesData({ queryKey: family.queryKey })) {
      if (!isPage(data)) continue;
      const next = applyToPage(data as Page<Item>, entity, family.belongs(key, entity));
      if (next === 'unknown') void cache.invalidateQueries({ queryKey: key, exact: true });
      else if (next !== 'same') cache.setQueryData(key, next);
    }
  }
  if (target.entityKey) {
    // Only a copy someone already holds is replaced: a push does not create cache entries.
    const held = cache.getQueryData(target.entityKey) as Item | undefined;
    if (held && held.version < entity.version) cache.setQueryData(target.entityKey, entity);
  }
  return true;
}

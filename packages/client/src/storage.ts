/** Where the client keeps the token and the client id: localStorage in the browser, memory in Node. */
export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** Local storage keys of the spec (§3). */
export const TOKEN_KEY = 'main_token';
export const CLIENT_ID_KEY = 'infojs_uuid';

export function memoryStore(initial: Record<string, string> = {}): KeyValueStore {
  const values = new Map(Object.entries(initial));
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => void values.set(key, value),
    remove: (key) => void values.delete(key),
  };
}

export function browserStore(): KeyValueStore {
  return {
    get: (key) => globalThis.localStorage.getItem(key),
    set: (key, value) => globalThis.localStorage.setItem(key, value),
    remove: (key) => globalThis.localStorage.removeItem(key),
  };
}

/** The client id persisted under `infojs_uuid`, created once per installation. */
export function ensureClientId(store: KeyValueStore): string {
  const existing = store.get(CLIENT_ID_KEY);
  if (existing) return existing;
  const created = globalThis.crypto.randomUUID();
  store.set(CLIENT_ID_KEY, created);
  return created;
}

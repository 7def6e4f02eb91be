import { createApi } from './api.ts';
import { createHttpClient, type HttpClientOptions } from './http.ts';
import { ensureClientId, type KeyValueStore, memoryStore, TOKEN_KEY } from './storage.ts';

export * from './api.ts';
export * from './errors.ts';
export * from './http.ts';
export * from './query.ts';
export * from './storage.ts';
export * from './with-retries.ts';

export interface PayhubClientOptions extends Partial<HttpClientOptions> {
  baseUrl: string;
  store?: KeyValueStore;
  language?: string;
  projectId?: number | null;
}

/**
 * A ready client: token and client id kept in `store` (localStorage keys main_token / infojs_uuid),
 * every declared endpoint as a typed function. Used by both apps, the tests and the benchmarks.
 */
export function createPayhubClient(options: PayhubClientOptions) {
  const store = options.store ?? memoryStore();
  let language = options.language ?? 'id-ID';
  let projectId = options.projectId ?? null;
  const clientId = ensureClientId(store);
  const http = createHttpClient({
    getToken: () => store.get(TOKEN_KEY),
    getLanguage: () => language,
    getClientId: () => clientId,
    getProjectId: () => projectId,
    ...options,
  });
  return {
    api: createApi(http),
    http,
    store,
    clientId,
    setToken: (token: string | null) => (token ? store.set(TOKEN_KEY, token) : store.remove(TOKEN_KEY)),
    getToken: () => store.get(TOKEN_KEY),
    setLanguage(next: string) {
      language = next;
    },
    setProjectId(next: number | null) {
      projectId = next;
    },
  };
}
export type PayhubClient = ReturnType<typeof createPayhubClient>;
export * from './realtime/index.ts';

import shellRoutes from 'virtual:payhub-endpoints/shell';
import type { Api } from '@payhub/client/api.ts';
import { endpointFromLine } from '@payhub/client/endpoint-line.ts';
import type { ApiError } from '@payhub/client/errors.ts';
import { type CallInput, createHttpClient } from '@payhub/client/http.ts';
import { browserStore, ensureClientId, TOKEN_KEY } from '@payhub/client/storage.ts';
import type { Endpoint } from '@payhub/contracts';
import { PROJECT_COOKIE, readCookie } from '../shared/cookies.ts';
import { useGlobalStore } from './stores/global.store.ts';

type ErrorListener = (error: ApiError, endpoint: Endpoint) => void;
let errorListener: ErrorListener = () => {};

/** Calls whose failures the shell handles itself: no dialog, no logout loop. */
const QUIET_PATHS: readonly string[] = ['/main/user/logout', '/api/v1/version'];

const store = browserStore();

const http = createHttpClient({
  baseUrl: '',
  getToken: () => store.get(TOKEN_KEY),
  getLanguage: () => useGlobalStore.getState().language,
  getClientId: () => ensureClientId(store),
  getProjectId: () => {
    const value = Number(readCookie(PROJECT_COOKIE));
    return Number.isInteger(value) && value > 0 ? value : null;
  },
  onError: (error, endpoint) => {
    if (!QUIET_PATHS.includes(endpoint.path)) errorListener(error, endpoint);
  },
});

type CallFunction = (input?: CallInput) => Promise<unknown>;
const registry: Record<string, Record<string, CallFunction>> = {};

function register(routes: Record<string, Record<string, string>>): void {
  for (const [group, lines] of Object.entries(routes)) {
    const functions = registry[group] ?? {};
    registry[group] = functions;
    for (const [name, line] of Object.entries(lines)) {
      const endpoint = endpointFromLine(line);
      functions[name] ??= (input?: CallInput) => http.call(endpoint, input);
    }
  }
}
register(shellRoutes);

let featureRoutes: Promise<void> | null = null;

/** Loads the endpoints of the feature screens (with the first feature page, or on first call). */
export function ensureFeatureEndpoints(): Promise<void> {
  featureRoutes ??= import('virtual:payhub-endpoints/features').then((module) => register(module.default));
  return featureRoutes;
}

const groups = new Map<string, Record<string, CallFunction>>();

/** A group of the API: known functions directly, the others after loading the feature endpoints. */
function group(name: string): Record<string, CallFunction> {
  let proxy = groups.get(name);
  if (!proxy) {
    proxy = new Proxy({} as Record<string, CallFunction>, {
      get(_target, key) {
        if (typeof key !== 'string') return undefined;
        const known = registry[name]?.[key];
        if (known) return known;
        return async (input?: CallInput) => {
          await ensureFeatureEndpoints();
          const loaded = registry[name]?.[key];
          if (!loaded) throw new Error(`no such endpoint: ${name}.${key}`);
          return loaded(input);
        };
      },
    });
    groups.set(name, proxy);
  }
  return proxy;
}

/**
 * The typed API of the agent app: one function per contract endpoint, built from the endpoint
 * manifest (method, path, access) so that the contracts' schemas are not shipped to phones. The
 * shell's endpoints are in the first paint; the others load with the features.
 */
export const api = new Proxy({} as Record<string, unknown>, {
  get: (_target, key) => (typeof key === 'string' ? group(key) : undefined),
}) as unknown as Api;

/** The session token lives in localStorage `main_token`; the client id in `infojs_uuid`. */
export const client = {
  getToken: () => store.get(TOKEN_KEY),
  setToken: (token: string | null) => (token ? store.set(TOKEN_KEY, token) : store.remove(TOKEN_KEY)),
};

/** The shell installs the error reactions (dialogs, logout on 1, /500 on 9) here. */
export function onApiError(listener: ErrorListener): void {
  errorListener = listener;
}

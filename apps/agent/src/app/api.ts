import endpointRoutes from 'virtual:payhub-endpoints';
import type { Api } from '@payhub/client/api.ts';
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

/** Reads one manifest line ("POST /main/site/upload secure multipart") back into an endpoint. */
export function endpointFromLine(line: string): Endpoint {
  const [method, path, access, bodyKind] = line.split(' ');
  return {
    method: method as Endpoint['method'],
    path: path ?? '',
    access: access === 'secure' ? 'secure' : 'public',
    ...(bodyKind === 'multipart' ? { bodyKind: 'multipart' as const } : {}),
  } as Endpoint;
}

/**
 * The typed API of the agent app: one function per contract endpoint, built from the endpoint
 * manifest (method, path, access) so that the contracts' schemas are not shipped to phones.
 */
export const api = Object.fromEntries(
  Object.entries(endpointRoutes).map(([group, endpoints]) => [
    group,
    Object.fromEntries(
      Object.entries(endpoints).map(([name, line]) => {
        const endpoint = endpointFromLine(line);
        return [name, (input?: CallInput) => http.call(endpoint, input)];
      }),
    ),
  ]),
) as unknown as Api;

/** The session token lives in localStorage `main_token`; the client id in `infojs_uuid`. */
export const client = {
  getToken: () => store.get(TOKEN_KEY),
  setToken: (token: string | null) => (token ? store.set(TOKEN_KEY, token) : store.remove(TOKEN_KEY)),
};

/** The shell installs the error reactions (dialogs, logout on 1, /500 on 9) here. */
export function onApiError(listener: ErrorListener): void {
  errorListener = listener;
}

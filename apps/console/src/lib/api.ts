import endpointRoutes from 'virtual:payhub-endpoints';
import type { Api } from '@payhub/client/api.ts';
import { endpointFromLine } from '@payhub/client/endpoint-line.ts';
import { ApiError } from '@payhub/client/errors.ts';
import { type CallInput, createHttpClient } from '@payhub/client/http.ts';
import { ensureClientId } from '@payhub/client/storage.ts';
import { usePreferences } from './preferences.store.ts';
import { CONSOLE_TOKEN_KEY, setSessionToken, tokenStore } from './session.store.ts';

const http = createHttpClient({
  baseUrl: '',
  getToken: () => tokenStore.get(CONSOLE_TOKEN_KEY),
  getLanguage: () => usePreferences.getState().language,
  getClientId: () => ensureClientId(tokenStore),
  getProjectId: () => usePreferences.getState().projectId,
  onError: (error) => {
    // An expired or invalid session goes back to sign-in.
    if (error.errCode === 1 || error.errCode === 707) setSessionToken(null);
  },
});

/** The console's typed API: the console and user groups of the contracts (the manifest holds only those). */
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

export function errorText(error: unknown): string {
  if (error instanceof ApiError) return `${error.errMsg} (${error.errCode})`;
  return error instanceof Error ? error.message : String(error);
}

import endpointRoutes from 'virtual:payhub-endpoints';
import type { Api } from '@payhub/client/api.ts';
import { endpointFromLine } from '@payhub/client/endpoint-line.ts';
import type { ApiError } from '@payhub/client/errors.ts';
import { type CallInput, createHttpClient } from '@payhub/client/http.ts';
import { ensureClientId, TOKEN_KEY } from '@payhub/client/storage.ts';
import { type Endpoint, ErrorCode } from '@payhub/contracts';
import { usePreferences } from './preferences.store.ts';
import { tokenStore } from './session.store.ts';

type ErrorListener = (error: ApiError, endpoint: Endpoint) => void;
let errorListener: ErrorListener = () => {};

/** Calls whose failures the app handles itself: no dialog, no logout loop. */
const QUIET_PATHS: readonly string[] = ['/main/user/logout'];
/** Codes a screen answers itself on one call: sign-in asks for the authenticator code on 7045. */
const QUIET_CODES: Readonly<Record<string, readonly number[]>> = {
  '/main/user/phone/login': [ErrorCode.TwoFactorRequired],
  // While deposits are paused the crypto deposit page shows the exclusion's end instead of the address.
  '/main/chain/deposit/address': [ErrorCode.UserCannotPlay],
  // A crash bet that reaches a closed window is kept for the next one (features/rounds/crash-play.ts).
  '/main/rounds/crash/bet': [ErrorCode.RoundBettingClosed],
};

const http = createHttpClient({
  baseUrl: '',
  getToken: () => tokenStore.get(TOKEN_KEY),
  getLanguage: () => usePreferences.getState().language,
  getClientId: () => ensureClientId(tokenStore),
  getProjectId: () => usePreferences.getState().projectId,
  onError: (error, endpoint) => {
    if (QUIET_PATHS.includes(endpoint.path)) return;
    if (QUIET_CODES[endpoint.path]?.includes(error.errCode)) return;
    errorListener(error, endpoint);
  },
});

/**
 * The typed API of the player app: one function per contract endpoint, built from the endpoint
 * manifest so that the contracts' schemas are not shipped to phones.
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

/** The shell installs the error reactions (dialogs, logout on 1, /500 on 9) here. */
export function onApiError(listener: ErrorListener): void {
  errorListener = listener;
}

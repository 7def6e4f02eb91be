import { ApiError, reactionTo } from '@payhub/client/errors.ts';
import { HTTP_LOGOUT_CODES, LOCALES, type Locale, type ProjectConfig } from '@payhub/contracts';
import { deleteCookie, PROJECT_COOKIE } from '../shared/cookies.ts';
import { AppOnlyError, deviceTimeZone, isAppOnlyBlocked } from './access/app-only.ts';
import { identityOf } from './access/identity.ts';
import { api, client, onApiError } from './api.ts';
import { deviceFingerprint } from './fingerprint.ts';
import { applyLanguage, cookieLocale, i18next } from './i18n.ts';
import { nativeBridge, nativeUpdateRequired } from './native-bridge.ts';
import { navigateTo } from './navigation.ts';
import { paths } from './paths.ts';
import { clearAccount, type ProjectSummary, useGlobalStore } from './stores/global.store.ts';
import { requireUpdate, showDialog } from './stores/layout.store.ts';
import { resetAll } from './stores/reset.ts';

/** The login sequence waits this long after saving the token (spec §4, §9). */
const LOGIN_SETTLE_MS = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Loads the public site settings the shell needs (one call). */
export async function loadSiteSettings(): Promise<void> {
  const { items } = await api.site.listConfig({
    body: {
      keys: ['project', 'projects', 'customerService', 'minNativeVersionCode', 'appOnlyExemptTimeZone'],
    },
  });
  const value = (key: string) => items.find((item) => item.key === key)?.value;
  const project = (value('project') as ProjectConfig | undefined) ?? null;
  const minimum = value('minNativeVersionCode');
  const exempt = value('appOnlyExemptTimeZone');
  const chat = value('customerService') as { chatUrl?: unknown } | undefined;
  useGlobalStore.setState((state) => ({
    site: {
      project,
      projects: (value('projects') as ProjectSummary[] | undefined) ?? [],
      chatUrl: typeof chat?.chatUrl === 'string' ? chat.chatUrl : null,
      minNativeVersionCode: typeof minimum === 'number' ? minimum : state.site.minNativeVersionCode,
      appOnlyExemptTimeZone: typeof exempt === 'string' ? exempt : null,
    },
  }));
  // Without a chosen language the project's locale applies.
  if (!cookieLocale() && project && isLocale(project.locale)) await applyLanguage(project.locale);
  if (nativeUpdateRequired(nativeBridge(), useGlobalStore.getState().site.minNativeVersionCode)) {
    requireUpdate('nativeTooOld');
  }
}

/**
 * Refresh user info (spec §4): loads the user, the promo info and the payment role and stores them.
 * The app-only rule is checked here, so a blocked session fails like a failed promo-info load.
 */
export async function refreshUserInfo(): Promise<void> {
  const [user, spaInfo, payment] = await Promise.all([api.user.me(), api.promo.spaInfo(), api.payhub.role()]);
  const { site } = useGlobalStore.getState();
  const blocked = isAppOnlyBlocked({
    identity: identityOf(spaInfo, payment.role, user.staffRole),
    inNativeApp: nativeBridge() !== null,
    timeZone: deviceTimeZone(),
    exemptTimeZone: site.appOnlyExemptTimeZone,
  });
  if (blocked) {
    showDialog({ kind: 'error', title: i18next.t('Auth.appOnly'), message: i18next.t('Auth.m1') });
    throw new AppOnlyError();
  }
  useGlobalStore.setState({ user, spaInfo, paymentRole: payment.role, status: 'signedIn' });
}

function deviceName(): string {
  const bridge = nativeBridge();
  const kind = bridge ? `${bridge.platform}-app` : 'browser';
  return `${kind}; ${navigator.userAgent}`.slice(0, 200);
}

/**
 * The login sequence (spec §4): save the token, wait 500 ms, refresh user info, obtain the device
 * fingerprint id, register the session with the promo service. Any failure logs out and rejects.
 */
export async function completeLogin(token: string): Promise<void> {
  try {
    client.setToken(token);
    useGlobalStore.setState({ token });
    await sleep(LOGIN_SETTLE_MS);
    await refreshUserInfo();
    const fingerprint = await deviceFingerprint();
    const bridge = nativeBridge();
    await api.promo.spaLogin({
      body: {
        device: deviceName(),
        version: __APP_VERSION__,
        fingerprint,
        clientVersion: bridge ? String(bridge.versionCode) : 'web',
      },
    });
  } catch (error) {
    await logout();
    throw error;
  }
}

/** Waits between the automatic attempts of the start-up check; after the last, the retry screen. */
export const STARTUP_RETRY_DELAYS_MS = [800, 1600];

/** True while the start-up check runs: its failures are answered by retries, not by dialogs. */
let startingUp = false;

/**
 * A failure that means the stored session is not valid (expired token, app-only rule): sign out.
 * Anything else at start-up (no network, a 5xx, a timeout) says nothing about the session.
 */
export function rejectsSession(error: unknown): boolean {
  if (error instanceof AppOnlyError) return true;
  return error instanceof ApiError && HTTP_LOGOUT_CODES.includes(error.errCode);
}

/**
 * Start-up with a stored token: refresh user info. A rejected session logs out; a network or server
 * failure is retried (STARTUP_RETRY_DELAYS_MS) and then leaves the status `unreachable`, which shows
 * the retry screen (app/shell/require-session.tsx) — an outage never signs anyone out.
 */
export async function restoreSession(): Promise<void> {
  const token = client.getToken();
  if (!token) {
    useGlobalStore.setState({ status: 'anonymous' });
    return;
  }
  useGlobalStore.setState({ token, status: 'booting' });
  startingUp = true;
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await refreshUserInfo();
        return;
      } catch (error) {
        if (rejectsSession(error)) {
          await logout();
          return;
        }
        const delay = STARTUP_RETRY_DELAYS_MS[attempt];
        if (delay === undefined) {
          useGlobalStore.setState({ status: 'unreachable' });
          return;
        }
        await sleep(delay);
      }
    }
  } finally {
    startingUp = false;
  }
}

/** The retry screen's button: checks the stored session again. */
export function retryStartup(): Promise<void> {
  return restoreSession();
}

/** Logout (spec §4): clears the token and the project cookie, resets the stores, goes to /login. */
export async function logout(): Promise<void> {
  if (client.getToken()) {
    await api.user.logout().catch(() => undefined);
  }
  client.setToken(null);
  deleteCookie(PROJECT_COOKIE);
  resetAll();
  clearAccount();
  navigateTo(paths.login, { replace: true });
}

/** The HTTP error reactions of spec §8: info or error dialog, logout on 1, a full-page /500 on 9. */
export function installErrorReactions(): void {
  onApiError((error) => {
    const reaction = reactionTo(error);
    if (reaction.logout) {
      showDialog({ kind: reaction.dialog, message: reaction.message });
      void logout();
      return;
    }
    // The start-up check answers its own failures (retries, then the retry screen).
    if (startingUp) return;
    if (reaction.redirectTo500) {
      // Already on /500 the page stays put (the server is still down; the page offers a reload).
      if (window.location.pathname !== '/500') window.location.assign('/500');
      return;
    }
    showDialog({ kind: reaction.dialog, message: userMessage(error, reaction.message) });
  });
}

/**
 * The dialog text in the user's language: a call that got no answer (code -1: offline, timeout, the
 * browser's "Failed to fetch") or a bare 5xx has no server message to show.
 */
export function userMessage(error: ApiError, serverText: string): string {
  if (error.errCode === -1) return i18next.t('common.networkError');
  if (error.httpStatus !== null && error.httpStatus >= 500 && error.errCode === error.httpStatus)
    return i18next.t('common.serverUnavailable', { code: error.errCode });
  return serverText;
}

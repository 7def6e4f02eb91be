import { reactionTo } from '@payhub/client/errors.ts';
import { LOCALES, type Locale, type ProjectConfig } from '@payhub/contracts';
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
    identity: identityOf(spaInfo, payment.role),
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

/** Start-up with a stored token: refresh user info; a failure (expired token, app-only) logs out. */
export async function restoreSession(): Promise<void> {
  const token = client.getToken();
  if (!token) {
    useGlobalStore.setState({ status: 'anonymous' });
    return;
  }
  useGlobalStore.setState({ token });
  try {
    await refreshUserInfo();
  } catch {
    await logout();
  }
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
    if (reaction.redirectTo500) {
      // Already on /500 the page stays put (the server is still down; the page offers a reload).
      if (window.location.pathname !== '/500') window.location.assign('/500');
      return;
    }
    showDialog({ kind: reaction.dialog, message: reaction.message });
    if (reaction.logout) void logout();
  });
}

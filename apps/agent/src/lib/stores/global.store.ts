import type { Locale, PaymentRole, ProjectConfig, SpaInfo, User } from '@payhub/contracts';
import { create } from 'zustand';

/** A project as the login page lists it (site config `projects`). */
export type ProjectSummary = Pick<
  ProjectConfig,
  'projectId' | 'name' | 'logo' | 'locale' | 'currency' | 'currencySymbol' | 'countryCode'
>;

/** Public site settings the shell reads once at start. */
export interface SiteSettings {
  project: ProjectConfig | null;
  projects: ProjectSummary[];
  chatUrl: string | null;
  /** Wrappers below this versionCode must update (site config `minNativeVersionCode`). */
  minNativeVersionCode: number;
  /** Sessions in this zone are exempt from the app-only rule (site config `appOnlyExemptTimeZone`). */
  appOnlyExemptTimeZone: string | null;
}

export type SessionStatus = 'booting' | 'anonymous' | 'signedIn';

interface GlobalState {
  status: SessionStatus;
  token: string | null;
  user: User | null;
  spaInfo: SpaInfo | null;
  paymentRole: PaymentRole | null;
  language: Locale;
  site: SiteSettings;
}

/** Account and site state (spec §3 "Account state"); not persisted — the token lives in main_token. */
export const useGlobalStore = create<GlobalState>()(() => ({
  status: 'booting',
  token: null,
  user: null,
  spaInfo: null,
  paymentRole: null,
  language: 'id-ID',
  site: {
    project: null,
    projects: [],
    chatUrl: null,
    minNativeVersionCode: 9,
    appOnlyExemptTimeZone: null,
  },
}));

export function clearAccount(): void {
  useGlobalStore.setState({ status: 'anonymous', token: null, user: null, spaInfo: null, paymentRole: null });
}

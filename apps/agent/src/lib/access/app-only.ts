import { LeaderLevel } from '@payhub/contracts';
import { type Identity, SUPPORT_SPA_TYPES } from './identity.ts';

export interface AppOnlyInput {
  identity: Identity;
  /** True inside the native wrapper (or its development simulation). */
  inNativeApp: boolean;
  /** The device's IANA time zone. */
  timeZone: string;
  /** Site setting `appOnlyExemptTimeZone` (Asia/Shanghai). */
  exemptTimeZone: string | null;
}

/**
 * The app-only rule (spec §5): a session is blocked when all hold — outside the wrapper, time zone
 * not exempt, spaPay, role and spaType all present, spaType not CS or HR, and not a leader.
 */
export function isAppOnlyBlocked({ identity, inNativeApp, timeZone, exemptTimeZone }: AppOnlyInput): boolean {
  if (inNativeApp) return false;
  if (exemptTimeZone !== null && timeZone === exemptTimeZone) return false;
  const { role, spaType, spaPay } = identity;
  if (spaPay === null || role === null || spaType === null) return false;
  if (SUPPORT_SPA_TYPES.includes(spaType)) return false;
  return role !== LeaderLevel.Leader;
}

export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

/** Thrown by the user-info refresh when the rule blocks the session. */
export class AppOnlyError extends Error {
  constructor() {
    super('app only');
    this.name = 'AppOnlyError';
  }
}

/**
 * The contract between the web app and the native Android/iOS wrapper (docs/native-bridge.md).
 * The wrapper injects `window.PayhubNative` before the page's scripts run.
 */
export interface NativeBridge {
  /** The wrapper's build number; below the site setting `minNativeVersionCode` the app must update. */
  versionCode: number;
  platform: 'android' | 'ios';
  /** Closes the web view (used by /close). */
  close?: () => void;
  /** Opens the store page of the wrapper (used by the forced-update dialog). */
  openUpdate?: () => void;
}

declare global {
  interface Window {
    PayhubNative?: NativeBridge;
  }
}

/** Development only: localStorage key holding a simulated bridge ({ versionCode, platform }). */
export const NATIVE_SIMULATION_KEY = 'payhub_native_simulation';

function isBridge(value: unknown): value is NativeBridge {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Partial<NativeBridge>;
  return (
    typeof candidate.versionCode === 'number' &&
    Number.isInteger(candidate.versionCode) &&
    (candidate.platform === 'android' || candidate.platform === 'ios')
  );
}

function simulatedBridge(): NativeBridge | null {
  if (!import.meta.env.DEV) return null;
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(NATIVE_SIMULATION_KEY) ?? 'null');
    return isBridge(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** The wrapper's bridge when running inside it (or simulated in development), else null. */
export function nativeBridge(): NativeBridge | null {
  const injected = typeof window === 'undefined' ? undefined : window.PayhubNative;
  if (isBridge(injected)) return injected;
  return simulatedBridge();
}

export function setNativeSimulation(bridge: Pick<NativeBridge, 'versionCode' | 'platform'> | null): void {
  if (bridge) localStorage.setItem(NATIVE_SIMULATION_KEY, JSON.stringify(bridge));
  else localStorage.removeItem(NATIVE_SIMULATION_KEY);
}

/** The wrapper must update when its versionCode is below the configured minimum (spec §4: 9). */
export function nativeUpdateRequired(bridge: NativeBridge | null, minNativeVersionCode: number): boolean {
  return bridge !== null && bridge.versionCode < minNativeVersionCode;
}

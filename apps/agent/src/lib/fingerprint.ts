/** localStorage key of the cached visitor id. */
export const FINGERPRINT_KEY = 'payhub_fingerprint';

/**
 * The device fingerprint id (FingerprintJS, open-source edition, computed in the browser). Cached so
 * the id stays stable across sessions; the library is a separate chunk loaded only at sign-in.
 */
export async function deviceFingerprint(): Promise<string> {
  const cached = localStorage.getItem(FINGERPRINT_KEY);
  if (cached) return cached;
  const { load } = await import('@fingerprintjs/fingerprintjs');
  const agent = await load({ monitoring: false });
  const { visitorId } = await agent.get();
  localStorage.setItem(FINGERPRINT_KEY, visitorId);
  return visitorId;
}

/**
 * The waits before a screen's code chunk is asked for again after its download failed (both phone
 * apps' routers): on a phone a dropped connection often comes back within seconds, and the screen
 * then opens without the failure page and its reload (which downloads the first paint's code again).
 */
export const CHUNK_RETRY_DELAYS_MS = [1_000, 3_000] as const;

/** `load`, tried again after each of `delays` while it fails; the last failure is the answer's. */
export async function withRetries<T>(load: () => Promise<T>, delays: readonly number[]): Promise<T> {
  for (const delay of delays) {
    try {
      return await load();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  return load();
}

/** The spec's promo status ping interval (§9). */
export const PRESENCE_PING_INTERVAL_MS = 60_000;

/** Whether this session pings: inside the native wrapper, signed in, spaPay yes (spec §7). */
export function shouldPing(input: {
  inNativeApp: boolean;
  signedIn: boolean;
  spaPay: string | undefined;
}): boolean {
  return input.inNativeApp && input.signedIn && input.spaPay === 'yes';
}

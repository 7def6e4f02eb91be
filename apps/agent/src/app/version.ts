/** Build stamps are millisecond timestamps; a larger one is newer. Other strings: any change is newer. */
export function isNewerVersion(server: string, current: string): boolean {
  if (/^\d+$/.test(server) && /^\d+$/.test(current)) return BigInt(server) > BigInt(current);
  return server !== current;
}

/**
 * Query string rule of the spec (§7 "HTTP behaviour"): arrays are comma-joined and empty values
 * (undefined, null, "", empty arrays) are dropped.
 */
export function buildQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, raw] of Object.entries(query)) {
    const value = Array.isArray(raw)
      ? raw.filter((item) => item !== undefined && item !== null && item !== '').join(',')
      : raw;
    if (value === undefined || value === null || value === '') continue;
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  }
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

/**
 * Game states and parameters hold bigints (amounts, exact multiplier fractions); JSON has none. They
 * are stored as jsonb with each bigint tagged `{"$big": "123"}` and revived on read.
 */
export function encodeJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? { $big: item.toString() } : item,
  );
}

/** Revives a value read from jsonb (already parsed by the driver) or from text. */
export function decodeJson<T>(value: unknown): T {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return revive(parsed) as T;
}

function revive(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(revive);
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length === 1 && keys[0] === '$big' && typeof record.$big === 'string')
      return BigInt(record.$big);
    const out: Record<string, unknown> = {};
    for (const key of keys) out[key] = revive(record[key]);
    return out;
  }
  return value;
}

/**
 * A fresh idempotency key for one money request: a retried submit sends the same key and is
 * answered once. crypto.randomUUID needs a secure context, which an app served over plain HTTP
 * inside a WebView may not have, so the key falls back to getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** SQLSTATEs after which a transaction may simply run again: deadlock detected, serialization failure. */
const RETRYABLE_STATES = new Set(['40P01', '40001']);
const ATTEMPTS_MAX = 5;
const BACKOFF_MS_MAX = 20;

function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code.length === 5) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * SQLSTATEs of contention or overload rather than a fault: deadlock and serialization failure (after
 * `retryTransaction` gave up), lock not available, too many connections, server starting or
 * shutting down. The error envelope answers them with the declared "try again" code, never 0.
 */
const CONTENTION_STATES = new Set(['40P01', '40001', '55P03', '53300', '57P03']);

export function isContention(error: unknown): boolean {
  const state = sqlState(error);
  return state !== undefined && CONTENTION_STATES.has(state);
}

/**
 * Runs a whole transaction again when PostgreSQL aborted it for a deadlock or a serialization
 * failure (two money actions locking the same wallet and quota rows in opposite orders). The aborted
 * attempt changed nothing, so running it again is safe; the action must not keep state between attempts.
 */
export async function retryTransaction<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      const state = sqlState(error);
      if (!state || !RETRYABLE_STATES.has(state) || attempt >= ATTEMPTS_MAX) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * BACKOFF_MS_MAX) + 1));
    }
  }
}

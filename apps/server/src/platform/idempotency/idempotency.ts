import { createHash } from 'node:crypto';
import type { Executor } from '../db/database.ts';
import { badParameter } from '../errors.ts';
import { idempotencyRepo } from './idempotency.repo.ts';

const KEY_PATTERN = /^[\x21-\x7e]{1,128}$/;

/** A stable hash of the validated input (bigint money as decimal text). */
export function hashInput(operation: string, input: unknown): string {
  const text = JSON.stringify(input, (_key, value) =>
    typeof value === 'bigint' ? `${value.toString()}n` : value,
  );
  return createHash('sha256')
    .update(operation)
    .update('\0')
    .update(text ?? '')
    .digest('hex');
}

/**
 * Runs a money action under the caller's Idempotency-Key inside the caller's transaction (STYLE.md
 * principle 5): the key is stored with a hash of the input and the first answer; a replay answers
 * that first answer without running the action, the same key with other input is refused (code 3).
 * A failed action rolls the key back with everything else, so it may be retried.
 */
export async function runIdempotent<T>(
  executor: Executor,
  scope: { userId: number; key: string | undefined; operation: string; input: unknown; at: Date },
  action: () => Promise<T>,
): Promise<T> {
  if (scope.key === undefined) return action();
  if (!KEY_PATTERN.test(scope.key)) throw badParameter('Idempotency-Key: 1 to 128 visible characters');
  const requestHash = hashInput(scope.operation, scope.input);
  const claimed = await idempotencyRepo.claim(executor, {
    userId: scope.userId,
    key: scope.key,
    operation: scope.operation,
    requestHash,
    at: scope.at,
  });
  if (!claimed) {
    const stored = await idempotencyRepo.find(executor, scope.userId, scope.key);
    if (!stored || stored.operation !== scope.operation || stored.requestHash !== requestHash) {
      throw badParameter('Idempotency-Key: already used with another request');
    }
    return stored.response as T;
  }
  const response = await action();
  await idempotencyRepo.complete(executor, scope.userId, scope.key, response);
  return response;
}

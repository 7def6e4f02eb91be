// Failures as values, shared by the server's integration tests: the ApiError of a call that must
// fail, its code, or — for tables of "allowed or refused" — the code of a call that may succeed.
import { ApiError } from '@payhub/client';

/** The ApiError of a call expected to fail; a call that succeeds fails the test. */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** The errCode of a call expected to fail. */
export async function errCodeOf(promise: Promise<unknown>): Promise<number> {
  return (await failure(promise)).errCode;
}

/** The errCode of a call, or -1 when it succeeded (permission tables: allowed is anything but 1031). */
export async function codeOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return -1;
  } catch (error) {
    return (error as ApiError).errCode;
  }
}

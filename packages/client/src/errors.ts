import { HTTP_LOGOUT_CODES, INFO_DIALOG_CODES } from '@payhub/contracts';

/** A failed call. `errCode` follows the spec: the body's errCode, else the HTTP status, else -1. */
export class ApiError extends Error {
  constructor(
    readonly errCode: number,
    readonly errMsg: string,
    readonly httpStatus: number | null,
  ) {
    super(errMsg);
    this.name = 'ApiError';
  }
}

export const NETWORK_TIMEOUT_MESSAGE = 'network timeout';

/** The spec's code rule for a response that failed. */
export function errorCodeOf(httpStatus: number | null, body: unknown): number {
  if (body && typeof body === 'object' && 'errCode' in body) {
    const code = Number((body as { errCode: unknown }).errCode);
    if (Number.isInteger(code)) return code;
  }
  if (httpStatus !== null && httpStatus > 0) return httpStatus;
  return -1;
}

/** What the app should do about a failure (spec §8, HTTP layer). */
export interface ErrorReaction {
  dialog: 'info' | 'error';
  /** The text of the dialog: the server message, plus "(Error Code: n)" for error dialogs. */
  message: string;
  logout: boolean;
  redirectTo500: boolean;
}

export function reactionTo(error: ApiError): ErrorReaction {
  const info = INFO_DIALOG_CODES.includes(error.errCode);
  return {
    dialog: info ? 'info' : 'error',
    message: info ? error.errMsg : `${error.errMsg} (Error Code: ${error.errCode})`,
    logout: HTTP_LOGOUT_CODES.includes(error.errCode),
    redirectTo500: error.errCode === 9,
  };
}

import { ErrorCode } from '@payhub/contracts';
import { errorMessage, type PlayBlock, playBlockMessage } from '@payhub/i18n';

/**
 * An operating error: a value from the catalogue that the error handler turns into
 * `{ errCode, errMsg }`. `detail` names the field or reason and is appended to the message.
 */
export class AppError extends Error {
  /**
   * `localized`: the whole message in a language, for an error whose words depend on more than its
   * code (10001 says which play block applies and until when); otherwise the code's catalogue text,
   * with `detail` after it.
   */
  constructor(
    readonly errCode: number,
    readonly detail?: string,
    readonly localized?: (language: string | undefined) => string,
  ) {
    super(detail ? `error ${errCode}: ${detail}` : `error ${errCode}`);
    this.name = 'AppError';
  }
}

export const badParameter = (detail: string) => new AppError(ErrorCode.BadParameter, detail);
export const notFound = (detail?: string) => new AppError(ErrorCode.NotFound, detail);
export const noPermission = () => new AppError(ErrorCode.NoPermission);
/** Anything thrown, as an Error (a batch's outcome per item is a value or an Error). */
export const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/** An error's `errMsg` in a language: its own words, or its code's with the detail after them. */
export function messageOf(appError: AppError, language: string | undefined): string {
  if (appError.localized) return appError.localized(language);
  const base = errorMessage(appError.errCode, language);
  return appError.detail && appError.errCode !== ErrorCode.ServiceError
    ? `${base} (${appError.detail})`
    : base;
}

/**
 * 10001 (spec §8, "user cannot play") for every play block, its message saying which one applies
 * and until when, in the caller's language and the project's time zone; no English detail appended.
 */
export const playBlocked = (block: PlayBlock) =>
  new AppError(ErrorCode.UserCannotPlay, undefined, (language) => playBlockMessage(block, language));

import { ErrorCode } from '@payhub/contracts';

/**
 * An operating error: a value from the catalogue that the error handler turns into
 * `{ errCode, errMsg }`. `detail` names the field or reason and is appended to the message.
 */
export class AppError extends Error {
  constructor(
    readonly errCode: number,
    readonly detail?: string,
  ) {
    super(detail ? `error ${errCode}: ${detail}` : `error ${errCode}`);
    this.name = 'AppError';
  }
}

export const badParameter = (detail: string) => new AppError(ErrorCode.BadParameter, detail);
export const notFound = (detail?: string) => new AppError(ErrorCode.NotFound, detail);
export const noPermission = () => new AppError(ErrorCode.NoPermission);

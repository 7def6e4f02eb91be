import { type ApiError, reactionTo } from '@payhub/client/errors.ts';
import type { MessageDialog } from '../../lib/dialog.store.ts';
import { paths } from '../../lib/paths.ts';

/** What the shell can do about a failed call. */
export interface ErrorEffects {
  showDialog: (dialog: MessageDialog) => void;
  /**
   * The texts of calls that got no server message, in the user's language: no answer at all (code -1,
   * the browser's English "Failed to fetch") and a bare 5xx.
   */
  texts: { networkError: string; serverUnavailable: (code: number) => string };
  endSession: () => void;
  navigate: (path: string) => void;
}

/**
 * The HTTP-layer reactions of spec §8: code 9 goes to /500; 762, 777, 712 and 1 show the info dialog
 * with the server message; every other code the error dialog with "(Error Code: n)"; code 1 also
 * ends the session and returns to sign-in.
 */
export function reactToApiError(error: ApiError, effects: ErrorEffects): void {
  const reaction = reactionTo(error);
  if (reaction.redirectTo500) {
    effects.navigate(paths.serverError);
    return;
  }
  effects.showDialog({ kind: reaction.dialog, message: userMessage(error, reaction.message, effects) });
  if (reaction.logout) {
    effects.endSession();
    effects.navigate(paths.login);
  }
}

function userMessage(error: ApiError, serverText: string, effects: ErrorEffects): string {
  if (error.errCode === -1) return effects.texts.networkError;
  if (error.httpStatus !== null && error.httpStatus >= 500 && error.errCode === error.httpStatus)
    return effects.texts.serverUnavailable(error.errCode);
  return serverText;
}

import { type ApiError, reactionTo } from '@payhub/client/errors.ts';
import type { MessageDialog } from '../../lib/dialog.store.ts';
import { paths } from '../../lib/paths.ts';

/** What the shell can do about a failed call. */
export interface ErrorEffects {
  showDialog: (dialog: MessageDialog) => void;
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
  effects.showDialog({ kind: reaction.dialog, message: reaction.message });
  if (reaction.logout) {
    effects.endSession();
    effects.navigate(paths.login);
  }
}

// The push routes are declared once, in the contracts; re-exported for this module's users.
export { PAYHUB_NOTIFY_ROUTES } from '@payhub/contracts';

/** Delivers a Notify message to every realtime connection of a user, on any node (the realtime gateway). */
export interface UserNotifier {
  notify(userId: number, route: string, content: unknown): Promise<void>;
}

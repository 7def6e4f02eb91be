import { PayhubPushRoute } from '@payhub/contracts';

/** Push routes of the payment hub (spec §3 socket notification), declared once in the contracts. */
export const PAYHUB_NOTIFY_ROUTES = PayhubPushRoute;

/** Delivers a Notify message to every realtime connection of a user, on any node (the realtime gateway). */
export interface UserNotifier {
  notify(userId: number, route: string, content: unknown): Promise<void>;
}

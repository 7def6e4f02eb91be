/** Push routes of the payment hub (spec §3 socket notification: type Notify, data.route, data.content). */
export const PAYHUB_NOTIFY_ROUTES = {
  payOrder: '/payhub/order',
  withdrawOrder: '/payhub/withdraw/order',
  quota: '/payhub/quota',
  unprocessed: '/payhub/unprocessed',
} as const;

/** Delivers a Notify message to every realtime connection of a user, on any node (the realtime gateway). */
export interface UserNotifier {
  notify(userId: number, route: string, content: unknown): Promise<void>;
}

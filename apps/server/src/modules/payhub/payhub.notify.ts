/** Delivers a Notify message to every realtime connection of a user, on any node (the realtime gateway). */
export interface UserNotifier {
  notify(userId: number, route: string, content: unknown): Promise<void>;
}

import type { User } from '@payhub/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { queryClient } from './query-client.ts';
import { setSessionToken, useSession } from './session.store.ts';

export const USER_QUERY_KEY = ['user', 'me'] as const;

/** The signed-in user (GET /main/user), loaded while a token is present. */
export function useCurrentUser() {
  const token = useSession((state) => state.token);
  return useQuery({ queryKey: USER_QUERY_KEY, queryFn: () => api.user.me(), enabled: token !== null });
}

/** Keeps the session of a sign-in or registration answer. */
export function startSession(answer: { token: string; user: User }): void {
  setSessionToken(answer.token);
  queryClient.setQueryData(USER_QUERY_KEY, answer.user);
}

/** Ends the session locally: token gone, every cached server answer dropped. */
export function endSession(): void {
  setSessionToken(null);
  queryClient.clear();
}

/** Ends the session on the server too; a failure there (already expired) changes nothing for the user. */
export async function logout(): Promise<void> {
  try {
    await api.user.logout();
  } catch {
    // The token is dropped either way.
  }
  endSession();
}

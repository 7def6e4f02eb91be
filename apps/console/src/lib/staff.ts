import type { ConsoleAction } from '@payhub/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { usePreferences } from './preferences.store.ts';
import { useSession } from './session.store.ts';

export const meQuery = (projectId: number, token: string | null) =>
  queryOptions({
    queryKey: ['console', 'me', projectId, token],
    queryFn: () => api.console.me(),
    enabled: !!token,
  });

/** The signed-in staff member in the chosen project (role and allowed actions), or undefined. */
export function useStaff() {
  const token = useSession((state) => state.token);
  const projectId = usePreferences((state) => state.projectId);
  return useQuery(meQuery(projectId, token));
}

/** Whether the staff member's role may call this console endpoint (the server checks it again). */
export function useCan(action: ConsoleAction): boolean {
  return useStaff().data?.actions.includes(action) ?? false;
}

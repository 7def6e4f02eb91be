import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { inboxKeys } from '../../lib/inbox/inbox-live.ts';

export { inboxKeys, useInboxPush, useUnreadCount } from '../../lib/inbox/inbox-live.ts';

export const mailQuery = () =>
  queryOptions({ queryKey: inboxKeys.list, queryFn: () => api.inbox.list({ query: { count: 100 } }) });

export const useMail = () => useQuery(mailQuery());

export function useInboxMutation<Input>(run: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
  });
}
